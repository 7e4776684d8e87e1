"""Every output surface of a game of every ruleset in every language it supports speaks that language:
no raw ids (snake_case tokens, event kinds, option ids), no Latin-script words in a non-English surface
except the seats' names; the language's own list separator and quotes; verbs agreeing with the seat."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.describe import Describer, describe, vocabulary
from llm_werewolf.render.html import render_html
from llm_werewolf.render.markdown import render_markdown
from llm_werewolf.render.timeline import ViewSpec, build_document
from llm_werewolf.rules import Game, GameConfig, all_rulesets, build_view, get_ruleset
from llm_werewolf.rules.events import PUBLIC, Died, Record, Speech
from llm_werewolf.sim import play_with_agents
from llm_werewolf.table.console import ConsoleSink
from llm_werewolf.texts import default_names
from llm_werewolf.transcript import header_for
from llm_werewolf.web.present import Presenter

PAIRS = sorted((r.id, lang) for r in all_rulesets() if r.id != "toy" for lang in r.languages)
SNAKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
LATIN = re.compile(r"[A-Za-z]{2,}")
TAGS = re.compile(r"<[^>]*>|&[a-z]+;")


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
    body = html[html.index("<main") :]
    out["html god"] = TAGS.sub(" ", re.sub(r"<script.*?</script>|<style.*?</style>", " ", body, flags=re.S))
    return out


@pytest.mark.parametrize(("variant", "language"), PAIRS)
def test_no_raw_ids_and_no_foreign_words(variant: str, language: str) -> None:
    names = default_names(language, players(variant))
    for surface, text in surfaces(variant, language).items():
        raw = sorted(set(SNAKE.findall(text)) - {variant})
        assert not raw, f"{variant}/{language} {surface}: raw ids {raw}"
        if language != "en":
            latin = {w for w in LATIN.findall(text) if not any(w in n for n in names)}
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
        record = Record(1, "night:1", PUBLIC, Died(seat=0, cause=cause))
        description = describer.describe(record, "god")
        assert description is not None
        texts.append(describer.line(description))
    assert texts[0] != texts[1], texts


def test_russian_names_are_declined_where_a_phrase_asks() -> None:
    names = ["Андрей", "Ольга"]
    whisper = Record(1, "day:1", PUBLIC, Speech(seat=1, text="тсс", to=0, stage="whisper"))
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
        record = Record(1, "day:1", PUBLIC, DeathsAnnounced(deaths=(AnnouncedDeath(0, cause, "x"),), moment=cause))
        line = narrator.line_for(record)
        assert line is not None
        lines.append(line.text.replace(name, "NAME"))
    assert lines[0] != lines[1], lines


def test_russian_narration_declines_a_nominee() -> None:
    from llm_werewolf.narration import TemplateNarrator
    from llm_werewolf.rules.events import Announcement

    narrator = TemplateNarrator("city_mafia", "ru", ["Андрей", "Мария"])
    line = narrator.line_for(Record(1, "day:1", PUBLIC, Announcement(key="nomination", seats=(0, 1))))
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
