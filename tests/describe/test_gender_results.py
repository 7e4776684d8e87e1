"""A role named inside a result agrees with the seat it describes (Arabic, Hebrew): a man who robbed the
seer's card «أصبح العرّاف», a woman «أصبحت العرّافة»; «היא מכשפה», «הוא מכשף»."""

from __future__ import annotations

import pytest

from llm_werewolf.describe import vocabulary
from llm_werewolf.rules.acts import Act
from llm_werewolf.speech.phrases import phrase_bank
from llm_werewolf.speech.voice import Speaker, fill

ARABIC = ("سمير", "ليلى", "جاد", "منى", "رامي", "هدى")
HEBREW = ("דן", "נועה", "רון", "מיה", "טל", "גיל")


def _forms(language: str, variant: str, role: str) -> tuple[str, str]:
    words = vocabulary(language, variant)
    male, female = words.role(role, "male"), words.role(role, "female")
    assert male != female, f"{language} {role} has one form"
    return male, female


@pytest.mark.parametrize("gender", ["male", "female"])
@pytest.mark.parametrize(
    ("template", "role"),
    [("سرقت ورقة {target} وأصبحت {role:me}.", "seer"), ("استيقظت ونظرت إلى ورقتي: ما زلت {role:me}.", "insomniac")],
)
def test_a_card_the_speaker_now_holds_agrees_with_the_speaker(template: str, role: str, gender: str) -> None:
    bank = phrase_bank("ar", "one_night")
    assert template in [t for ts in bank.acts.values() for t in ts], "the bank uses this phrasing"
    male, female = _forms("ar", "one_night", role)
    speaker = Speaker(seat=0, names=ARABIC, language="ar", variant="one_night", gender=gender)  # type: ignore[arg-type]
    said = fill(template, Act("result", target=1, fact="robbed", value=role), speaker, bank)
    assert said.endswith((male if gender == "male" else female) + "."), said


@pytest.mark.parametrize(
    ("language", "variant", "names", "role", "template"),
    [
        ("ar", "one_night", ARABIC, "seer", "{target} {t:هو|هي} {role:target}، فقد رأيت الورقة بعيني."),
        ("he", "online_mafia", HEBREW, "witch", "{target} {t:הוא|היא} {role:target}, ראיתי בעיניים."),
    ],
)
def test_a_card_seen_on_another_seat_agrees_with_that_seat(
    language: str, variant: str, names: tuple[str, ...], role: str, template: str
) -> None:
    bank = phrase_bank(language, variant)
    assert template in [t for ts in bank.acts.values() for t in ts]
    male, female = _forms(language, variant, role)
    genders = {1: "male", 2: "female"}
    speaker = Speaker(seat=0, names=names, language=language, variant=variant, genders=genders)  # type: ignore[arg-type]
    of_man = fill(template, Act("result", target=1, fact="saw_role", value=role), speaker, bank)
    of_woman = fill(template, Act("result", target=2, fact="saw_role", value=role), speaker, bank)
    after = template.split("{role:target}")[1][0]  # the mark right after the role: the whole word is checked
    assert male + after in of_man, of_man
    assert female + after in of_woman, of_woman


def test_an_unknown_agreement_is_one_clear_error() -> None:
    from llm_werewolf.texts import TextDataError

    bank = phrase_bank("ar", "one_night")
    speaker = Speaker(seat=0, names=ARABIC, language="ar", variant="one_night")
    with pytest.raises(TextDataError, match=r"role:me"):
        fill("{role:them}", Act("result", target=1, fact="robbed", value="seer"), speaker, bank)


@pytest.mark.parametrize("gender", ["male", "female"])
def test_the_prompt_tells_a_seat_its_copied_card_in_its_own_gender(gender: str) -> None:
    """The doppelganger's history line «أنت الآن …» agrees with the reader (persona gender)."""
    from llm_werewolf.llm.profiles import get_profile
    from llm_werewolf.prompting.personas import Persona
    from llm_werewolf.prompting.render import SeatPrompter

    from ..llm.support import sample_view

    prompter = SeatPrompter(
        language="ar",
        variant="one_night",
        seat=0,
        profile=get_profile("openai"),
        persona=Persona(id="p", name="Ann", language="ar", temperament="", style="", gender=gender),
    )
    view = sample_view(
        "one_night", "ar", ["doppelganger", "seer", "villager", "werewolf", "robber", "insomniac"], "seer"
    )
    prompter._static_context(view)
    male, female = _forms("ar", "one_night", "seer")
    said = prompter._phrase("info.copied", item={"subject": 1, "value": "seer"})
    assert said.endswith((male if gender == "male" else female) + "."), said


@pytest.mark.parametrize("gender", ["male", "female"])
def test_the_lebanese_hunters_card_agrees_with_its_holder(gender: str) -> None:
    from llm_werewolf.llm.profiles import get_profile
    from llm_werewolf.prompting.personas import Persona
    from llm_werewolf.prompting.render import SeatPrompter

    from ..llm.support import sample_view

    prompter = SeatPrompter(
        language="ar-LB",
        variant="lebanese_ghouls",
        seat=0,
        profile=get_profile("openai"),
        persona=Persona(id="p", name="Ann", language="ar-LB", temperament="", style="", gender=gender),
    )
    view = sample_view("lebanese_ghouls", "ar-LB", ["ghoul", "bassara", "sayyad", "farmer"], "sayyad")
    prompter._static_context(view)
    male, female = _forms("ar-LB", "lebanese_ghouls", "sayyad")
    said = prompter._phrase("announcement.sayyad_card", item={"seats": [0], "value": "sayyad"})
    verb, role = ("كانت", female) if gender == "female" else ("كان", male)
    assert f" {verb} {role}:" in said, said


@pytest.mark.parametrize(
    ("language", "variant", "names", "role"),
    [("ru", "city_mafia", ("Анна", "Иван"), "citizen"), ("ar", "one_night", ("فاطمة", "يوسف"), "tanner")],
)
def test_the_revealed_cards_agree_with_their_holders(
    language: str, variant: str, names: tuple[str, str], role: str
) -> None:
    from llm_werewolf.narration.moments import moment_of
    from llm_werewolf.narration.template import TemplateNarrator
    from llm_werewolf.rules.events import PUBLIC, RolesRevealed, make_record

    male, female = _forms(language, variant, role)
    narrator = TemplateNarrator(variant, language, names)
    found = moment_of(make_record(1, "end:1", PUBLIC, RolesRevealed(roles=(role, role), start_roles=(role, role))))
    assert found is not None
    cards = narrator.variables(found)["cards"]
    assert [cards[0]["role"], cards[1]["role"]] == [female, male]
    assert [cards[0]["start"], cards[1]["start"]] == [female, male]


@pytest.mark.parametrize(("language", "variant"), [("ar", "one_night"), ("he", "online_mafia")])
def test_a_private_result_agrees_with_the_seat_that_learns_it(language: str, variant: str) -> None:
    """«ليلى تعرف (البطاقة): …», not «ليلى يعرف»; «נועה לומדת»."""
    from llm_werewolf.describe import Describer
    from llm_werewolf.rules.events import Info, Visibility, make_record

    names = ("ليلى", "يوسف") if language == "ar" else ("נועה", "דן")
    describer = Describer(language, variant, names)
    words = vocabulary(language, variant)
    said = []
    for seat in (0, 1):
        record = make_record(
            4, "night:1", Visibility(scope="seats", seats=(seat,)), Info(fact="role", subject=seat, value="villager")
        )
        description = describer.describe(record, "god")
        assert description is not None
        said.append(describer.line(description))
    female_verb = words.phrase("info", "female").split("$name ")[1].split(" ")[0]
    male_verb = words.phrase("info", "male").split("$name ")[1].split(" ")[0]
    assert female_verb != male_verb
    assert f"{names[0]} {female_verb} " in said[0], said[0]
    assert f"{names[1]} {male_verb} " in said[1], said[1]


def test_the_rendered_reveal_table_agrees_with_each_holder() -> None:
    from llm_werewolf.render.markdown import render_markdown
    from llm_werewolf.render.timeline import ViewSpec, build_document
    from llm_werewolf.rules import GameConfig
    from llm_werewolf.rules.events import PUBLIC, GameStarted, RolesRevealed, make_record
    from llm_werewolf.transcript import header_for

    names = ("נועה", "דן")
    config = GameConfig(variant="online_mafia", names=names, seed=1, language="he")
    records = [
        make_record(
            0,
            "setup:0",
            PUBLIC,
            GameStarted(variant="online_mafia", language="he", names=names, deck=("investigator", "investigator")),
        ),
        make_record(
            1,
            "end:1",
            PUBLIC,
            RolesRevealed(roles=("investigator", "investigator"), start_roles=("investigator", "investigator")),
        ),
    ]
    page = render_markdown(build_document(header_for(config, "he", []), records, ViewSpec("god")))
    male, female = _forms("he", "online_mafia", "investigator")
    rows = [line for line in page.splitlines() if line.startswith("|") and line.count("|") >= 6]  # the reveal table
    noa = next(r for r in rows if "נועה" in r)
    dan = next(r for r in rows if "דן" in r)
    assert f"| {female} |" in noa and f"| {male} |" not in noa, noa
    assert f"| {male} |" in dan, dan
