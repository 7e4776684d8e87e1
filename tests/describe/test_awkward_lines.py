"""Lines a native reader found awkward, each pinned: a ballot's heading is the ballot's own name («التصويت»,
not «تصويت: التصويت»); the Hebrew escort card has a masculine form; the tanner's ending (Arabic, English)
and the last killer's (Hebrew) agree with the winner who is a woman."""

from __future__ import annotations

import io
import re
from itertools import pairwise

import pytest
from rich.console import Console

from llm_werewolf.describe import Describer, vocabulary
from llm_werewolf.describe.story import load_story
from llm_werewolf.narration.template import TemplateNarrator
from llm_werewolf.render.console import ConsoleSink
from llm_werewolf.render.labels import Words
from llm_werewolf.render.markdown import render_markdown
from llm_werewolf.render.timeline import ViewSpec, build_document
from llm_werewolf.rules import get_ruleset
from llm_werewolf.rules.events import (
    PUBLIC,
    ActionTaken,
    AnnouncedDeath,
    Announcement,
    ChoiceMade,
    DeathsAnnounced,
    GameEnded,
    Info,
    Record,
    Speech,
    VoteCast,
    VoteTally,
    make_record,
    to_seats,
)
from llm_werewolf.texts import default_names
from llm_werewolf.transcript import header_for

from .test_surfaces import PAIRS, heuristic_game


@pytest.mark.parametrize(("variant", "language"), PAIRS)
def test_a_ballots_heading_is_its_own_name(variant: str, language: str) -> None:
    words = Words(language, variant)
    for ballot in get_ruleset(variant).ballots:
        name = words.ballot(ballot)
        assert words.votes_title(ballot) == name[:1].upper() + name[1:]


def test_the_one_night_vote_is_not_named_twice() -> None:
    game = heuristic_game("one_night", "ar")
    page = render_markdown(build_document(header_for(game.config, "ar", []), game.records, ViewSpec("god")))
    assert "**التصويت**" in page
    assert "تصويت: التصويت" not in page
    headings = re.findall(r"^\*\*(.+?)\*\*", page, flags=re.M)
    assert not [h for h in headings if h.count("تصويت") > 1 or "vote" in h.lower()], headings


def test_the_hebrew_escort_card_has_both_forms() -> None:
    words = vocabulary("he", "online_mafia")
    assert words.role("escort", "female") == "יצאנית"
    assert words.role("escort", "male") == "יצאן"
    assert set(words.forms("roles", "escort")) >= {"יצאנית", "יצאן"}


def ended(reason: str, winners: tuple[int, ...], sides: tuple[str, ...]) -> Record:
    return make_record(seq=99, phase="day 1", vis=PUBLIC, event=GameEnded(winners=winners, sides=sides, reason=reason))


NAMES = ("سمير", "ليلى", "جاد")


@pytest.mark.parametrize(("gender", "said"), [("female", "ماتت الدبّاغة"), ("male", "مات الدبّاغ")])
def test_the_tanners_ending_agrees_with_the_tanner(gender: str, said: str) -> None:
    tanner = 1 if gender == "female" else 0
    describer = Describer("ar", "one_night", NAMES, genders=("male", "female", "male"))
    description = describer.describe(ended("tanner_died", (tanner,), ("tanner",)), "public")
    assert description is not None
    line = describer.line(description)
    assert said in line, line
    if gender == "male":
        assert "ماتت" not in line


def without_story(text: str, language: str, variant: str) -> str:
    """The line without the story register's closing line (said after the end's fact; it names no one)."""
    for line in load_story(language, variant).pool("end"):
        text = text.replace(line, "")
    return text.strip()


@pytest.mark.parametrize("language", ["ar", "en"])
def test_every_tanner_narration_line_agrees_with_her(language: str) -> None:
    names = ("A", "B", "C")
    seen: dict[bool, set[str]] = {True: set(), False: set()}
    for seed in range(40):
        narrator = TemplateNarrator("one_night", language, names, seed=seed)
        narrator.genders = ("male", "female", "male")
        for tanner, female in ((1, True), (0, False)):
            line = narrator.line_for(ended("tanner_died", (tanner,), ("tanner",)))
            assert line is not None
            seen[female].add(without_story(line.text, language, "one_night"))
    assert len(seen[True]) == len(seen[False]) == 3  # every variant, for her and for him
    masculine = {
        "ar": {"أراده", "يتمنّاه", "أمنيته", "له", "الدبّاغ", "أُقصي", "خرج", "الفائز"},
        "en": {"he", "his"},
    }
    feminine = {
        "ar": {"أرادته", "تتمنّاه", "أمنيتها", "لها", "الدبّاغة", "أُقصيت", "خرجت", "الفائزة"},
        "en": {"she", "her"},
    }
    for text in seen[True]:
        assert not words(text) & masculine[language], text
        assert words(text) & feminine[language], text
    for text in seen[False]:
        assert not words(text) & feminine[language], text
        assert words(text) & masculine[language], text


def words(text: str) -> set[str]:
    return {w.strip(".,!?:…،()") for w in text.split()}


def test_the_last_killer_in_hebrew_agrees_with_her() -> None:
    names = ("דן", "נועה", "רון")
    describer = Describer("he", "online_mafia", names, genders=("male", "female", "male"))
    her = describer.describe(ended("killer_dominance", (1,), ("serial_killer",)), "public")
    him = describer.describe(ended("killer_dominance", (0,), ("serial_killer",)), "public")
    assert her is not None and him is not None
    assert "הרוצחת האחרונה נותרה לבדה" in describer.line(her)
    assert "הרוצח האחרון נותר לבדו" in describer.line(him)
    narrator = TemplateNarrator("online_mafia", "he", names, seed=1)
    narrator.genders = ("male", "female", "male")
    line = narrator.line_for(ended("killer_dominance", (1,), ("serial_killer",)))
    assert line is not None and "הרוצחת האחרונה" in line.text, line


@pytest.mark.parametrize(
    ("language", "variant", "her", "him", "count"),
    [
        ("he", "online_mafia", "נמנעה", "נמנע", "נמנעו"),
        ("ru", "city_mafia", "воздержалась", "воздержался", "воздержались"),
        ("ar", "one_night", "امتنعت", "امتنع", "امتناع"),
    ],
)
def test_an_abstention_reads_as_one_and_agrees_with_the_voter(
    language: str, variant: str, her: str, him: str, count: str
) -> None:
    """«מאיה ← כלום» ("Maya ← nothing") read as a night action's word; a ballot says she abstained."""
    describer = Describer(language, variant, ("A", "B", "C"), genders=("male", "female", "male"))

    def said(event: VoteCast | VoteTally) -> str:
        found = describer.describe(make_record(seq=5, phase="day 1", vis=PUBLIC, event=event), "public")
        assert found is not None
        return describer.line(found)

    ballot = next(iter(get_ruleset(variant).ballots))
    assert said(VoteCast(seat=1, ballot=ballot, option="skip", target=None, weight=1)).endswith(her)
    assert said(VoteCast(seat=0, ballot=ballot, option="skip", target=None, weight=1)).endswith(him)
    tally = said(VoteTally(ballot=ballot, counts=(("skip", 2),), result="skip", targets=()))
    assert count in tally, tally


def test_chinese_death_pronoun_and_seat_spacing() -> None:
    """«昨晚死亡的是2號小美。他翻開身份牌» said of a woman; «5號家豪 當選警長» with a space in Chinese."""
    names = ("小美", "阿明", "志偉")
    seen: dict[int, set[str]] = {0: set(), 1: set()}
    for seed in range(30):
        narrator = TemplateNarrator("chinese_werewolf", "zh-Hant", names, seed=seed)
        narrator.genders = ("female", "male", "male")
        for seat in (0, 1):
            death = AnnouncedDeath(seat=seat, cause=None, role="hunter")
            line = narrator.line_for(
                make_record(seq=7, phase="day 1", vis=PUBLIC, event=DeathsAnnounced(deaths=(death,)))
            )
            assert line is not None
            seen[seat].add(line.text)
    assert len(seen[0]) >= 3  # the three wordings of the death, each with the story told around it
    assert any("她翻開身份牌" in t for t in seen[0]) and not any("他翻開" in t for t in seen[0])
    assert any("他翻開身份牌" in t for t in seen[1]) and not any("她翻開" in t for t in seen[1])
    words = vocabulary("zh-Hant", "chinese_werewolf")
    lines = [v for v in words.data.get("announcements", {}).values() if isinstance(v, str)]
    assert lines and not [line for line in lines if re.search(r"\$seats |\S \$seats", line)], "a space by a seat"


@pytest.mark.parametrize(
    ("language", "variant", "between"),
    [("ar-LB", "lebanese_ghouls", "بين {a} و{b}"), ("en", "lebanese_ghouls", "between {a} and {b}")],
)
def test_a_tie_between_two_is_said_with_and(language: str, variant: str, between: str) -> None:
    """«ما في غالب ولا مغلوب بين خليل (رقم 3)، ماريا (رقم 6)»: "between" takes "and", not a list comma."""
    names = default_names(language, 3)
    texts = set()
    for seed in range(30):
        narrator = TemplateNarrator(variant, language, names, seed=seed)
        tally = VoteTally(ballot="execution", counts=(("seat:0", 2), ("seat:1", 2)), result="tie", targets=(0, 1))
        line = narrator.line_for(make_record(seq=3, phase="day 1", vis=PUBLIC, event=tally))
        assert line is not None
        texts.add(line.text)
        a, b = narrator.seat_label(0), narrator.seat_label(1)
    with_between = [t for t in texts if between.split(" ")[0] in t]
    assert with_between, texts
    assert all(between.format(a=a, b=b) in t for t in with_between), with_between


@pytest.mark.parametrize(
    ("language", "variant", "women", "mixed"),
    [("he", "online_mafia", "לומדות", "לומדים"), ("ar", "one_night", "يعرفن", "يعرفون")],
)
def test_what_two_women_learn_is_said_in_the_feminine_plural(
    language: str, variant: str, women: str, mixed: str
) -> None:
    """«נועה, יעל לומדים (צוות)» said of two women: the plural agrees too."""
    describer = Describer(language, variant, ("A", "B", "C"), genders=("female", "female", "male"))

    def said(seats: tuple[int, ...]) -> str:
        info = Info(fact="team", subject=None, value="wolves", seats=seats)
        found = describer.describe(make_record(seq=2, phase="night 1", vis=to_seats(*seats), event=info), "god")
        assert found is not None
        return describer.line(found)

    assert f" {women} " in said((0, 1)) and f" {mixed} " not in said((0, 1))
    assert f" {mixed} " in said((0, 2))


@pytest.mark.parametrize(
    ("language", "said"),
    [("he", "נועה שומעת: הותקפת הלילה אבל שרדת."), ("en", "Noa is told: You were attacked tonight but survived.")],
)
def test_a_sentence_told_to_a_seat_is_quoted_whole(language: str, said: str) -> None:
    """«נועה לומדת (הותקפת הלילה אבל שרדת.):» put the ruleset's sentence where a fact's name goes."""
    describer = Describer(
        language, "online_mafia", ("Noa" if language == "en" else "נועה", "B"), genders=("female", "male")
    )
    info = Info(fact="attacked", subject=None, value=None, seats=(0,))
    found = describer.describe(make_record(seq=2, phase="night 1", vis=to_seats(0), event=info), "god")
    assert found is not None
    line = describer.line(found)
    assert said in line.replace("1. ", ""), line
    assert "(" not in line


def test_russian_night_actions_decline_their_target() -> None:
    """«Дон проверяет 6. Ольга», «мафия стреляет в 5. Сергей»: the verb governs the accusative."""
    names = ("Андрей", "Ольга", "Сергей")
    describer = Describer("ru", "city_mafia", names, genders=("male", "female", "male"))

    def said(action: str, target: int) -> str:
        event = ActionTaken(seat=0, action=action, targets=(target,))
        found = describer.describe(make_record(seq=4, phase="night 1", vis=to_seats(0), event=event), "god")
        assert found is not None
        return describer.line(found)

    assert "Дон проверяет 2. Ольгу" in said("don_check", 1)
    assert "мафия стреляет в 3. Сергея" in said("mafia_kill", 2)
    assert "проводит ночь с игроком 2. Ольга" in said("block", 1)  # an apposition stays in the nominative


def test_the_chinese_render_header_uses_a_full_width_colon() -> None:
    game = heuristic_game("chinese_werewolf", "zh-Hant")
    page = render_markdown(build_document(header_for(game.config, "zh-Hant", []), game.records, ViewSpec("public")))
    assert "規則：狼人殺" in page and "規則: " not in page and "chinese_werewolf" not in page


def test_a_night_action_agrees_with_who_did_it() -> None:
    """«طوني: سقت إكسير الحياة» said of a man holding the witch's card."""
    describer = Describer("ar-LB", "lebanese_ghouls", ("طوني", "ريتا", "خليل"), genders=("male", "female", "male"))

    def said(seat: int) -> str:
        event = ActionTaken(seat=seat, action="elixir", targets=(2,))
        found = describer.describe(make_record(seq=4, phase="night 1", vis=to_seats(seat), event=event), "god")
        assert found is not None
        return describer.line(found)

    assert "سقى إكسير الحياة" in said(0) and "سقت" not in said(0)
    assert "سقت إكسير الحياة" in said(1)


def test_the_neighbour_learns_the_ghouls_she_saw() -> None:
    """The ghouls seen are what the neighbour learns, not who learns it («نادين، وسيم يعرفون (…):»)."""
    names = ("نادين", "وسيم", "لينا")
    describer = Describer("ar-LB", "lebanese_ghouls", names, genders=("female", "male", "female"))
    info = Info(fact="ghouls_seen", subject=None, value=None, seats=(0, 1))
    found = describer.describe(make_record(seq=4, phase="night 1", vis=to_seats(2), event=info), "god")
    assert found is not None
    line = describer.line(found)
    assert line.startswith("3. لينا تعرف") or "لينا" in line.split("تعرف")[0], line
    assert "نادين" in line.split("تعرف")[1] and "وسيم" in line.split("تعرف")[1], line


@pytest.mark.parametrize(("language", "between"), [("ar", "2. فاطمة و3. يوسف"), ("en", "2. Ben and 3. Clara")])
def test_a_swap_between_two_seats_takes_and(language: str, between: str) -> None:
    names = ("أحمد", "فاطمة", "يوسف") if language == "ar" else ("Alice", "Ben", "Clara")
    describer = Describer(language, "one_night", names, genders=("male", "female", "male"))
    event = ActionTaken(seat=0, action="swap", targets=(1, 2))
    found = describer.describe(make_record(seq=4, phase="night 1", vis=to_seats(0), event=event), "god")
    assert found is not None
    assert between in describer.line(found), describer.line(found)


def test_hebrew_and_before_a_number_takes_a_maqaf() -> None:
    from llm_werewolf.describe.vocabulary import typography

    assert typography("he").join_and(["דן", "מאיה"]) == "דן ומאיה"
    assert typography("he").join_and(["1. דן", "2. מאיה"]) == "1. דן ו־2. מאיה"
    assert typography("zh-Hant").join_and(["阿明", "小美"]) == "阿明和小美"


def test_the_chinese_terminal_uses_full_width_colons_and_says_a_quiet_night_once() -> None:
    from .test_surfaces import terminal_screen

    screen = terminal_screen("chinese_werewolf", "zh-Hant")
    lines = screen.splitlines()
    assert "你的身分牌：" in screen and "你的身分牌: " not in screen
    assert not [line for line in lines if re.search(r"[\u4e00-\u9fff\uff09]: ", line)], "an ASCII colon after Chinese"
    assert not [line for line in lines if "。 " in line], "a space after a full stop"
    quiet = [i for i, line in enumerate(lines) if "平安夜" in line]
    assert all(b - a > 1 for a, b in pairwise(quiet)), "the quiet night said twice in a row"


@pytest.mark.parametrize(
    ("variant", "language", "right", "wrong"),
    [
        ("one_night", "ar", ["العرّافة، استيقظي.", "العرّافة، عودي إلى النوم.", "المستذئبون، استيقظوا."], "العرّافة، عُد"),
        ("lebanese_ghouls", "ar-LB", ["إمّ لحاف، فيقي.", "الغيلان، فيقوا."], "إمّ لحاف، فيق."),
    ],
)
def test_a_card_is_woken_in_its_own_gender(variant: str, language: str, right: list[str], wrong: str) -> None:
    """«العرّافة، عُد إلى النوم» (the issue): the terminal addresses a feminine card in the feminine and a card
    several seats hold in the plural."""
    from .test_surfaces import terminal_screen

    screen = terminal_screen(variant, language)
    for line in right:
        assert line in screen, line
    assert wrong not in screen


@pytest.mark.parametrize(
    ("key", "value", "her", "him"),
    [
        ("saved", None, "نِجيت من الموت", "نِجي من الموت"),
        ("sayyad_card", "sayyad", "بتكشف ورقتها", "بيكشف ورقتو"),
        ("sayyad_holds_fire", None, "ما قوّصت.", "ما قوّص."),
    ],
)
def test_a_lebanese_announcement_about_one_woman_agrees_with_her(
    key: str, value: str | None, her: str, him: str
) -> None:
    """With the narrator off, «لينا نِجي من الموت» and «ريتا بيكشف ورقتو» were said of women."""
    describer = Describer("ar-LB", "lebanese_ghouls", ("لينا", "جورج"), genders=("female", "male"))

    def said(seat: int) -> str:
        event = Announcement(key=key, seats=(seat,), value=value)
        found = describer.describe(make_record(seq=5, phase="night 1", vis=PUBLIC, event=event), "public")
        assert found is not None
        return describer.line(found)

    assert her in said(0) and him not in said(0)
    assert him in said(1) and her not in said(1)


@pytest.mark.parametrize(
    ("language", "variant", "her", "him"),
    [
        ("he", "online_mafia", "B שותקת", "A שותק"),
        ("ar-LB", "lebanese_ghouls", "B ساكتة، ما حكيت شي", "A ساكت، ما حكى شي"),
        ("ar", "one_night", "B تلتزم الصمت", "A يلتزم الصمت"),
        ("ru", "city_mafia", "B молчит", "A молчит"),
        ("zh-Hant", "chinese_werewolf", "B 沉默不語", "A 沉默不語"),
        ("en", "online_mafia", "B says nothing", "A says nothing"),
    ],
)
def test_an_empty_speech_reads_as_silence_and_its_choice_is_not_shown(
    language: str, variant: str, her: str, him: str
) -> None:
    """A silent seat (online_mafia's Jester) read «עומר בחר speak (תורך לדבר)» and then «עומר : » in the god view."""
    describer = Describer(language, variant, ("A", "B", "C"), genders=("male", "female", "male"))

    def said(seat: int) -> str:
        silence = Speech(seat=seat, text="")
        found = describer.describe(make_record(seq=5, phase="day 1", vis=PUBLIC, event=silence), "god")
        assert found is not None
        return describer.line(found)

    assert said(1) == f"2. {her}"
    assert said(0) == f"1. {him}"
    choice = ChoiceMade(decision_id=3, seat=1, decision="speech", option="speak")
    assert describer.describe(make_record(seq=4, phase="day 1", vis=to_seats(1), event=choice), "god") is None


def test_the_console_prints_a_silent_seat_without_an_empty_quote() -> None:
    """«11. הילה: » (a colon and nothing) on the terminal; now «11. הילה שותקת» («2. B שותק»)."""
    buffer = io.StringIO()
    console = Console(file=buffer, width=100, color_system=None)
    sink = ConsoleSink(console, ("A", "B"), variant="online_mafia", language="he")
    sink.write([make_record(seq=0, phase="day 1", vis=PUBLIC, event=Speech(seat=1, text=""))])
    assert buffer.getvalue().strip() == "2. B שותק"  # a name with no persona reads as a man


@pytest.mark.parametrize(
    ("key", "her", "him"),
    [
        ("jester_wins", "נועה הייתה הליצנית: הוצאה להורג, והיא מנצחת!", "דן היה הליצן: הוצא להורג, והוא מנצח!"),
        ("silenced", "נועה נסחטה ושותקת.", "דן נסחט ושותק."),
    ],
)
def test_hebrew_announcements_about_one_seat_agree_with_her(key: str, her: str, him: str) -> None:
    """online_mafia's executed Jester (a woman in most Hebrew games read) was announced in the masculine."""
    names = ("דן", "נועה", "רון")
    describer = Describer("he", "online_mafia", names, genders=("male", "female", "male"))
    for seat, said in ((1, her), (0, him)):
        event = Announcement(key=key, seats=(seat,))
        description = describer.describe(make_record(seq=9, phase="day:1", vis=PUBLIC, event=event), "public")
        assert description is not None
        assert said in describer.line(description), describer.line(description)
    narrator = TemplateNarrator("online_mafia", "he", names, seed=1)
    narrator.genders = ("male", "female", "male")
    line = narrator.line_for(
        make_record(seq=9, phase="day:1", vis=PUBLIC, event=Announcement(key="jester_wins", seats=(1,)))
    )
    assert line is not None and "הליצנית הוצאה להורג" in line.text, line
    silenced = narrator.line_for(
        make_record(seq=9, phase="day:1", vis=PUBLIC, event=Announcement(key="silenced", seats=(1,)))
    )
    assert silenced is not None and "נסחטה ושותקת" in silenced.text, silenced
