"""Every output surface of a game of every ruleset in every language it supports speaks that language:
no raw ids (snake_case tokens, event kinds, option ids), no Latin-script words in a non-English surface
except the seats' names; the language's own list separator and quotes; verbs agreeing with the seat."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from llm_werewolf.agents.base import DecisionRequest
from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.agents.human_terminal import TerminalHumanAgent
from llm_werewolf.describe import Describer, describe, vocabulary
from llm_werewolf.describe.present import Presenter
from llm_werewolf.describe.ui_text import fill, ui_texts
from llm_werewolf.render.console import ConsoleSink
from llm_werewolf.render.html import render_html
from llm_werewolf.render.markdown import render_markdown
from llm_werewolf.render.timeline import ViewSpec, build_document
from llm_werewolf.rules import Game, GameConfig, ViewBuilder, all_rulesets, build_view, get_ruleset
from llm_werewolf.rules.events import PUBLIC, Died, Speech, make_record
from llm_werewolf.sim import play_with_agents
from llm_werewolf.texts import default_names
from llm_werewolf.transcript import header_for
from llm_werewolf.web.pages import render_page

PAIRS = sorted((r.id, lang) for r in all_rulesets() if r.id != "toy" for lang in r.languages)
SNAKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
LATIN = re.compile(r"[A-Za-z]{2,}")
TAGS = re.compile(r"<[^>]*>|&[a-z]+;")
SLOTS = re.compile(r"\$\{?\w+\}?|\{\w+\}")
"""A label's placeholders (``$count``, ``{name}``): filled before anyone reads them."""
KEYS = {"Enter", "Esc", "Tab"}
"""Keyboard keys are written as printed on the key in every language («按 Enter», «اضغط Enter»)."""


def players(variant: str) -> int:
    ruleset = get_ruleset(variant)
    return min(max(9, ruleset.min_players), ruleset.max_players)


def heuristic_game(variant: str, language: str, seed: int = 5) -> Game:
    names = default_names(language, players(variant))
    config = GameConfig(variant=variant, names=names, seed=seed, language=language)
    return play_with_agents(config, [HeuristicAgent(seed=seed * 1009 + i) for i in range(len(names))])


def surfaces(variant: str, language: str) -> dict[str, str]:
    """Every surface of one game as text: console (spectator and game master), each seat's feed, md and html."""
    game = heuristic_game(variant, language)
    names = tuple(game.config.names)
    out: dict[str, str] = {}
    for god in (False, True):
        buffer = io.StringIO()
        sink = ConsoleSink(
            Console(file=buffer, width=200, color_system=None), names, variant=variant, language=language, god=god
        )
        sink.write(game.records)
        out[f"console god={god}"] = buffer.getvalue()
    for seat in range(len(names)):
        view = build_view(game.records, seat)
        presenter = Presenter(language, variant, names)
        out[f"feed seat {seat + 1}"] = "\n".join(item.text for item in presenter.feed(view))
    header = header_for(game.config, language, [])
    for kind in ("god", "public"):
        document = build_document(header, game.records, ViewSpec(kind))
        page = render_markdown(document)
        out[f"md {kind}"] = TAGS.sub(" ", page[page.index("\n## ") :])  # after the metadata (ids by design)
    html = render_html(build_document(header, game.records, ViewSpec("god")))
    out["html god"] = _page_text(html)
    for seat in range(len(names)):  # each seat's own renderings (what that seat knew)
        document = build_document(header, game.records, ViewSpec("seat", seat))
        page = render_markdown(document)
        out[f"md seat {seat + 1}"] = TAGS.sub(" ", page[page.index("\n## ") :])
        out[f"html seat {seat + 1}"] = _page_text(render_html(document))
    out["web table page"] = table_page(game, language, variant)
    out["terminal seat 1"] = terminal_screen(variant, language)
    return out


def _page_text(html: str) -> str:
    body = html[html.index("<main") :]
    return TAGS.sub(" ", re.sub(r"<script.*?</script>|<style.*?</style>", " ", body, flags=re.S))


def table_page(game: Game, language: str, variant: str) -> str:
    """The web table screen: its shell's labels and what the public snapshot puts on it (phase, seats, feed)."""
    names = tuple(game.config.names)
    presenter = Presenter(language, variant, names)
    view = build_view(game.records, None)
    labels = [SLOTS.sub(" ", text) for text in _strings(ui_texts(language))]
    feed = [item.text for item in presenter.feed(view)]
    players = [" ".join(str(v) for v in p.values() if isinstance(v, str)) for p in presenter.players(view.alive, None)]
    shell = TAGS.sub(
        " ", re.sub(r"<script.*?</script>|<style.*?</style>", " ", render_page("screen", language), flags=re.S)
    )
    return "\n".join([shell, *labels, presenter.phase(view.phase), *players, *feed])


def _strings(value: object) -> list[str]:
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return [value] if isinstance(value, str) else []


class _Screen:
    """A terminal that answers every prompt with the first number shown (the first option, the first
    claim, a speech of that number)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.shown: list[str] = []
        """The numbers of the list shown since the last prompt (a menu, the claims)."""

    def show(self, text: str) -> None:
        if shown := re.match(r"^  (\d+)\) ", text):
            self.shown.append(shown.group(1))
        self.lines.append(text)

    def read(self, prompt: str) -> str:
        self.lines.append(prompt)
        answer = self.shown[0] if self.shown else "1"
        self.shown = []
        return answer

    def clear(self) -> None:
        self.lines.append("")


def terminal_screen(variant: str, language: str, seed: int = 5) -> str:
    """Everything a person at the terminal reads while playing seat 1 of a game (the others heuristic)."""
    names = default_names(language, players(variant))
    game = Game(GameConfig(variant=variant, names=names, seed=seed, language=language))
    screen = _Screen()
    human = TerminalHumanAgent(0, io=screen)
    others = [HeuristicAgent(seed=seed * 1009 + i) for i in range(len(names))]
    builders = [ViewBuilder(i) for i in range(len(names))]
    published = 0
    while not game.over:
        for builder in builders:
            builder.extend(game.records[published:])
        published = len(game.records)
        decision = game.pending[0]
        view = builders[decision.seat].view()
        if decision.seat == 0:
            reply = human.turn(DecisionRequest(decision, view))
            assert reply.choice is not None
            game.submit(decision.id, reply.choice)
        else:
            game.submit(decision.id, others[decision.seat].choose(view, decision))
    return "\n".join(screen.lines)


@pytest.mark.parametrize(("variant", "language"), PAIRS)
def test_no_raw_ids_and_no_foreign_words(variant: str, language: str) -> None:
    names = default_names(language, players(variant))
    for surface, text in surfaces(variant, language).items():
        raw = sorted(set(SNAKE.findall(text)) - {variant})
        assert not raw, f"{variant}/{language} {surface}: raw ids {raw}"
        if language != "en":
            latin = {w for w in LATIN.findall(text) if not any(w in n for n in names)} - KEYS
            assert not latin, f"{variant}/{language} {surface}: Latin-script words {sorted(latin)[:20]}"


@pytest.mark.parametrize(("variant", "language"), PAIRS)
def test_every_declared_id_has_a_word(variant: str, language: str) -> None:
    """Ballots, results, outcome reasons, death causes and statuses all have a word in the language's own files."""
    ruleset = get_ruleset(variant)
    words = vocabulary(language, variant)
    missing = [f"causes.{c}" for c in ruleset.death_causes if not words.has("causes", c)]
    missing += [f"reasons.{r}" for r in ruleset.reason_ids() if not words.has("reasons", r)]
    missing += [f"statuses.{s}" for s in ruleset.statuses if not words.has("statuses", s)]
    for ballot, results in ruleset.ballots.items():
        base = re.sub(r"_\d+$", "", ballot)
        if not (words.has("ballots", ballot) or words.has("ballots", base)):
            missing.append(f"ballots.{ballot}")
        missing += [
            f"results.{r}" for r in results if not any(words.has(g, r) for g in ("results", "options", "values"))
        ]
    assert not missing, f"{variant}/{language}: no word for {missing}"


TYPOGRAPHY = {"zh-Hant": ("、", "「"), "ar": ("، ", "«"), "ar-LB": ("، ", "«"), "ru": (", ", "«"), "he": (", ", "„")}


@pytest.mark.parametrize(("variant", "language"), [p for p in PAIRS if p[1] != "en"])
def test_lists_and_quotes_follow_the_language(variant: str, language: str) -> None:
    separator, quote = TYPOGRAPHY[language]
    shown = surfaces(variant, language)
    words = vocabulary(language, variant)
    assert words.quote("x").startswith(quote)
    if separator.strip() != ",":
        for surface in ("md god", "console god=True"):
            assert ", " not in re.sub(r"\d+, \d+", "", shown[surface]), f"ASCII list separator in {language} {surface}"


GENDERED = [
    ("lebanese_ghouls", "ar-LB", "ghouls"),
    ("one_night", "ar", "vote"),
    ("online_mafia", "he", "execution"),
    ("city_mafia", "ru", "mafia"),
]


@pytest.mark.parametrize(("variant", "language", "cause"), GENDERED)
def test_deaths_agree_with_the_seat(variant: str, language: str, cause: str) -> None:
    """The same death told of a woman and of a man differs in the verb or the cause (ar, he, ru)."""
    names = ["א", "ב"]
    texts = []
    for gender in ("female", "male"):
        describer = Describer(language, variant, names, genders=(gender, gender))
        record = make_record(1, "night:1", PUBLIC, Died(seat=0, cause=cause))
        description = describer.describe(record, "god")
        assert description is not None
        texts.append(describer.line(description))
    assert texts[0] != texts[1], texts


def test_russian_names_are_declined_where_a_phrase_asks() -> None:
    names = ["Андрей", "Ольга"]
    whisper = make_record(1, "day:1", PUBLIC, Speech(seat=1, text="тсс", to=0, stage="whisper"))
    line = describe(whisper, "god", "ru", variant="city_mafia", names=names)
    assert line is not None and "Андрея" in line and "Андрей»" not in line


def test_numbered_ballots_read_as_rounds() -> None:
    assert vocabulary("zh-Hant", "chinese_werewolf").ballot("exile_2") == "放逐投票（第 2 輪）"
    assert vocabulary("he", "online_mafia").ballot("verdict_1") == "גזר הדין, סבב 1"


NARRATED_DEATHS = [
    ("lebanese_ghouls", "ar-LB", "execution", "ريتا", "جورج"),
    ("one_night", "ar", "vote", "فاطمة", "أحمد"),
    ("online_mafia", "he", "execution", "שירה", "יוסי"),
    ("city_mafia", "ru", "vote", "Ольга", "Андрей"),
]


@pytest.mark.parametrize(("variant", "language", "cause", "woman", "man"), NARRATED_DEATHS)
def test_the_narrator_agrees_with_the_seat(variant: str, language: str, cause: str, woman: str, man: str) -> None:
    """The template narrator tells the same death of a woman and of a man with different verb forms."""
    from llm_werewolf.narration import TemplateNarrator
    from llm_werewolf.rules.events import AnnouncedDeath, DeathsAnnounced

    lines = []
    for name in (woman, man):
        narrator = TemplateNarrator(variant, language, [name, "x"])
        assert narrator.genders[0] == ("female" if name == woman else "male")
        record = make_record(1, "day:1", PUBLIC, DeathsAnnounced(deaths=(AnnouncedDeath(0, cause, "x"),), moment=cause))
        line = narrator.line_for(record)
        assert line is not None
        lines.append(line.text.replace(name, "NAME"))
    assert lines[0] != lines[1], lines


def test_russian_narration_declines_a_nominee() -> None:
    from llm_werewolf.narration import TemplateNarrator
    from llm_werewolf.rules.events import Announcement

    narrator = TemplateNarrator("city_mafia", "ru", ["Андрей", "Мария"])
    line = narrator.line_for(make_record(1, "day:1", PUBLIC, Announcement(key="nomination", seats=(0, 1))))
    assert line is not None and "Марию" in line.text


@pytest.mark.parametrize(("language", "variant"), [("ar-LB", "lebanese_ghouls"), ("ar", "one_night")])
def test_a_role_named_of_a_seat_agrees_with_its_gender(language: str, variant: str) -> None:
    from llm_werewolf.describe.vocabulary import Vocabulary
    from llm_werewolf.speech.phrases import phrase_bank

    words = Vocabulary(language, variant)
    bank = phrase_bank(language, variant)
    assert bank.roles_male, "the Arabic banks write some cards in the feminine and give the masculine form"
    for role, masculine in bank.roles_male.items():
        assert words.role(role, "male") == masculine
        assert words.role(role, "male") != words.role(role, "female")


def test_the_scanned_surfaces_are_the_real_ones() -> None:
    """The scan reads what people read: the terminal's news and options, every seat's renderings, the table screen."""
    found = surfaces("online_mafia", "he")
    names = default_names("he", players("online_mafia"))
    presenter = Presenter("he", "online_mafia", tuple(names))
    terminal = found["terminal seat 1"]
    assert presenter.ui("terminal", "since_last") in terminal
    assert presenter.ui("terminal", "choose") in terminal
    assert all(f"md seat {i + 1}" in found and f"html seat {i + 1}" in found for i in range(len(names)))
    assert found["md seat 1"] != found["md seat 2"], "each seat's rendering shows that seat's own knowledge"
    assert names[0] in found["web table page"] and presenter.ui("title") in found["web table page"]
    assert len(found["web table page"].splitlines()) > 50


def test_a_seats_own_card_agrees_with_the_seat() -> None:
    """«הקלף שלך: חוקרת» for Noa, the same word the private line «קיבלת את הקלף: חוקרת» uses."""
    names = ("נועה", "דן")
    presenter = Presenter("he", "online_mafia", names)
    words = vocabulary("he", "online_mafia")
    assert presenter.card(0, "investigator")["role_name"] == words.role("investigator", "female")
    assert presenter.card(1, "investigator")["role_name"] == words.role("investigator", "male")
    assert words.role("investigator", "female") != words.role("investigator", "male")


# -- agreement, punctuation and the remaining surfaces (UI lines, headers, notes) ----------------------------------

WOMEN = {"he": ("נועה", "דן"), "ar": ("فاطمة", "أحمد"), "ar-LB": ("ريتا", "جورج")}
"""A woman's and a man's name the phrase banks know, per language with gendered UI lines."""
HOME = {"he": "online_mafia", "ar": "one_night", "ar-LB": "lebanese_ghouls"}


@pytest.mark.parametrize("language", sorted(WOMEN))
def test_ui_lines_about_a_woman_agree_with_her(language: str) -> None:
    """«נועה מדברת…», «הפסידה», «تتكلّم»: what the table screen, the end screen and the hot-seat gate say of a
    woman differs from what they say of a man, and her card is named in the feminine."""
    woman, man = WOMEN[language]
    presenter = Presenter(language, HOME[language], (woman, man))
    assert presenter.describer.gender(0) == "female" and presenter.describer.gender(1) == "male"
    for path in (("speaking",), ("thinking",), ("host", "won"), ("host", "lost")):
        assert presenter.ui_about(0, *path) != presenter.ui_about(1, *path), path
        assert presenter.ui_about(1, *path) == presenter.ui(*path)
    if language != "he":  # Hebrew addresses the player in the plural, which needs no feminine form
        assert presenter.ui_about(0, "terminal", "gate") != presenter.ui_about(1, "terminal", "gate")
    assert fill(presenter.ui_about(0, "speaking"), speaker=presenter.seat(0)).startswith(f"1. {woman}")


SEPARATORS = {"ar": "؛", "ar-LB": "؛", "zh-Hant": "；", "he": ";", "ru": ";", "en": ";"}


@pytest.mark.parametrize(("variant", "language"), PAIRS)
def test_a_line_of_deaths_uses_the_scripts_own_semicolon(variant: str, language: str) -> None:
    from llm_werewolf.rules.events import AnnouncedDeath, DeathsAnnounced

    presenter = Presenter(language, variant, default_names(language, players(variant)))
    cause = sorted(get_ruleset(variant).death_causes)[0]
    deaths = (AnnouncedDeath(0, cause), AnnouncedDeath(4, cause))
    record = make_record(1, "day:1", PUBLIC, DeathsAnnounced(deaths=deaths))
    item = presenter.item(record, 0)
    assert item is not None and SEPARATORS[language] in item.text
    if SEPARATORS[language] != ";":
        assert ";" not in item.text, item.text


def test_a_fact_that_is_a_sentence_takes_no_colon() -> None:
    """«הותקפת הלילה אבל שרדת.» alone, not «…שרדת.:»; a fact ending in its own colon gets no second one."""
    from llm_werewolf.rules.events import Info

    presenter = Presenter("he", "online_mafia", default_names("he", 9))
    attacked = presenter.item(make_record(1, "night:1", PUBLIC, Info(fact="attacked", seats=())), 0)
    assert attacked is not None and attacked.text == presenter.words.fact("attacked")
    visits = presenter.item(make_record(2, "night:1", PUBLIC, Info(fact="mafia_visits", seats=(2,))), 0)
    assert visits is not None and "::" not in visits.text and ":" + ":" not in visits.text.replace(" ", "")
    assert visits.text == f"{presenter.words.fact('mafia_visits')} {presenter.seat(2)}"


@pytest.mark.parametrize(("variant", "language"), [p for p in PAIRS if p[1] != "en"])
def test_rendered_headers_name_the_game_the_language_and_the_players_in_words(variant: str, language: str) -> None:
    """No ``heuristic``, ``lebanese_ghouls`` or ``ar-LB`` on a page header: the game's title, the language's
    name and the kind of player, all in the table's language."""
    from llm_werewolf.transcript.schema import SeatInfo

    game = heuristic_game(variant, language)
    seats = [SeatInfo(name=name, agent="heuristic") for name in game.config.names]
    header = header_for(game.config, language, seats)
    document = build_document(header, game.records, ViewSpec("god"))
    page = render_markdown(document)
    head = TAGS.sub(" ", page[: page.index("\n## ")])
    html = render_html(document)
    top = html[: html.index('<section class="phase')]
    meta = TAGS.sub(" ", re.sub(r"<script.*?</script>|<style.*?</style>|<head>.*?</head>", " ", top, flags=re.S))
    for text in (head, meta):
        assert "heuristic" not in text and variant not in text, text[:400]
        assert f"`{language}`" not in text and f">{language}<" not in text
        assert vocabulary(language, variant).game_title() in text
        assert not [w for w in LATIN.findall(text) if not any(w in n for n in game.config.names)], text[:400]


THINKERS = [("lebanese_ghouls", "ar-LB"), ("city_mafia", "ru"), ("chinese_werewolf", "zh-Hant"), ("online_mafia", "he")]


@pytest.mark.parametrize(("variant", "language"), THINKERS)
def test_a_heuristic_players_notes_are_worded_in_the_language_and_agree(variant: str, language: str) -> None:
    """Every note a rule-of-thumb player can write, about a woman and about a man, in the game's language."""
    from llm_werewolf.agents.thoughts import thought

    names = default_names(language, players(variant))
    genders = Describer(language, variant, names).genders
    woman, man = genders.index("female"), genders.index("male")
    view = build_view(heuristic_game(variant, language).records, 0)
    for key in ("bus_exile", "bus_guilty"):
        about_her, about_him = thought(view, key, woman), thought(view, key, man)
        assert names[woman] in about_her and names[man] in about_him
        for note in (about_her, about_him):
            assert not [w for w in LATIN.findall(note) if not any(w in n for n in names)], note
        if language != "zh-Hant":  # Chinese words do not agree in gender
            assert about_her.replace(names[woman], "X") != about_him.replace(names[man], "X")


@pytest.mark.parametrize(("variant", "language"), [t for t in THINKERS if t[0] != "city_mafia"])
def test_the_notes_heuristic_players_write_in_play_are_in_the_tables_language(variant: str, language: str) -> None:
    """What the game master's view shows as a seat's thought («倒鉤：…») in real games (city_mafia's
    heuristic players rarely bus a partner: the test above covers its words)."""
    from llm_werewolf.rules import Choice, Decision, SeatView

    notes: list[str] = []

    class NoteTaker(HeuristicAgent):
        def choose(self, view: SeatView, decision: Decision) -> Choice:
            choice, note = self.choose_noted(view, decision)
            if note:
                notes.append(note)
            return choice

    names = default_names(language, players(variant))
    for seed in range(1, 41):
        config = GameConfig(variant=variant, names=names, seed=seed, language=language)
        play_with_agents(config, [NoteTaker(seed=seed * 1009 + i) for i in range(len(names))])
        if notes:
            break
    assert notes, "no heuristic note in 40 games"
    for note in notes:
        assert not [w for w in LATIN.findall(note) if not any(w in n for n in names)], note


@pytest.mark.parametrize(("variant", "language"), [p for p in PAIRS if p[1] in ("ar", "ar-LB", "zh-Hant")])
def test_arabic_and_chinese_surfaces_use_their_own_punctuation(variant: str, language: str) -> None:
    """No ASCII semicolon in an Arabic or Chinese surface (؛ and ；), and no ASCII comma, colon or
    semicolon right after a Chinese character (full-width ，：；)."""
    for surface, text in surfaces(variant, language).items():
        assert ";" not in text, f"{language} {surface}: {text[max(0, text.index(';') - 40) : text.index(';') + 40]!r}"
        if language == "zh-Hant":
            found = re.search(r"[\u4e00-\u9fff][,:;]", text)
            assert found is None, f"{surface}: {text[max(0, found.start() - 20) : found.end() + 20]!r}"
