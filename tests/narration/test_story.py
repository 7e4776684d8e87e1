"""The story register: a story pack per ruleset and language, lines never said twice in a game, looking
back at the game from public records only, and the host register kept apart."""

from __future__ import annotations

import itertools

import pytest

from llm_werewolf.describe.story import MOMENTS, load_story
from llm_werewolf.narration import TemplateNarrator
from llm_werewolf.narration.packs import load_pack
from llm_werewolf.prompting.environment import string_template
from llm_werewolf.prompting.packs import search_roots
from llm_werewolf.rules.events import (
    GOD,
    PUBLIC,
    AnnouncedDeath,
    DeathsAnnounced,
    EventBody,
    GameStarted,
    Record,
    Speech,
    make_record,
)

from .support import RULESETS, languages, random_game

CASES = [(variant, language) for variant in RULESETS for language in languages(variant)]
NAMES = tuple(f"P{i + 1}" for i in range(8))
EXILE = {"lebanese_ghouls": "execution", "city_mafia": "vote", "online_mafia": "execution"}


@pytest.mark.parametrize(("variant", "language"), CASES)
def test_each_story_moment_has_ten_distinct_lines_and_attaches_to_the_pack(variant: str, language: str) -> None:
    story = load_story(language, variant)
    pack = load_pack(language, variant)
    for moment in MOMENTS:
        lines = story.pool(moment)
        assert len(lines) >= 10 and len(set(lines)) == len(lines), (variant, language, moment)
        prefixes = story.attach[moment]
        assert any(key == p or key.startswith(p + ".") for p in prefixes for key in pack.lines), (moment, prefixes)
    for pool in ("recall.exile", "recall.claim_true", "recall.claim_false", "count.two"):
        assert len(story.pool(pool)) >= 3, (variant, language, pool)


@pytest.mark.parametrize(("variant", "language"), CASES)
def test_every_story_line_renders_for_a_woman_and_a_man_with_and_without_a_card(variant: str, language: str) -> None:
    story = load_story(language, variant)
    roots = search_roots()
    for pool, lines in story.pools.items():
        for line, female, role in itertools.product(lines, (True, False), ("", "X")):
            text = string_template(roots, line).render(
                alive=5, seats=9, pair="A B", name="N", female=female, role=role, cases={"gen": "N", "dat": "N"}
            )
            assert text.strip() and "{" not in text and "}" not in text, (pool, line)
            assert ("X" in text) == bool(role and "role" in line), (pool, line)


def record(seq: int, event: EventBody, vis: object = PUBLIC) -> Record:
    return make_record(seq, "day:1", vis, event)  # type: ignore[arg-type]


def started(variant: str, language: str) -> Record:
    return record(0, GameStarted(variant=variant, language=language, names=NAMES, deck=()))


@pytest.mark.parametrize("variant", sorted(EXILE))
def test_the_dawn_after_an_exile_looks_back_at_it(variant: str) -> None:
    for language in languages(variant):
        narrator = TemplateNarrator(variant, language, NAMES, seed=3)
        narrator.line_for(started(variant, language))
        narrator.line_for(record(1, DeathsAnnounced(deaths=(AnnouncedDeath(seat=2),), moment=EXILE[variant])))
        dawn = narrator.line_for(record(2, DeathsAnnounced(deaths=(AnnouncedDeath(seat=5),))))
        assert dawn is not None
        assert narrator.seat_label(2) in dawn.text and narrator.seat_label(5) in dawn.text, dawn.text
        assert narrator.used.get("recall.exile"), (variant, language)
        # said once: the next dawn does not look back at the same exile again
        again = narrator.line_for(record(3, DeathsAnnounced(deaths=(AnnouncedDeath(seat=6),))))
        assert again is not None and narrator.seat_label(2) not in again.text


def test_a_claim_is_checked_against_the_card_shown_as_its_seat_leaves() -> None:
    narrator = TemplateNarrator("lebanese_ghouls", "en", NAMES, seed=1)
    narrator.line_for(started("lebanese_ghouls", "en"))
    narrator.line_for(record(1, Speech(seat=3, text="I am the Bassara.", claim="bassara")))
    narrator.line_for(record(2, Speech(seat=4, text="I am the Bassara too.", claim="bassara")))
    narrator.line_for(record(3, DeathsAnnounced(deaths=(AnnouncedDeath(seat=3, role="bassara"),), moment="execution")))
    assert narrator.used.get("recall.claim_true") and not narrator.used.get("recall.claim_false")
    narrator.line_for(record(4, DeathsAnnounced(deaths=(AnnouncedDeath(seat=4, role="ghoul"),), moment="execution")))
    assert narrator.used.get("recall.claim_false")


def test_memory_hears_public_records_only() -> None:
    narrator = TemplateNarrator("city_mafia", "ru", NAMES)
    narrator.line_for(started("city_mafia", "ru"))
    narrator.line_for(record(1, Speech(seat=1, text="...", claim="sheriff"), GOD))
    narrator.line_for(record(2, DeathsAnnounced(deaths=(AnnouncedDeath(seat=4),)), GOD))
    assert narrator.memory.alive == len(NAMES) and not narrator.memory.claims


@pytest.mark.parametrize("language", ["en", "ar-LB"])
def test_the_last_two_standing_are_named_together(language: str) -> None:
    narrator = TemplateNarrator("lebanese_ghouls", language, NAMES[:4], seed=5)
    narrator.line_for(record(0, GameStarted(variant="lebanese_ghouls", language=language, names=NAMES[:4], deck=())))
    narrator.line_for(record(1, DeathsAnnounced(deaths=(AnnouncedDeath(seat=0, cause="ghouls"),))))
    line = narrator.line_for(
        record(2, DeathsAnnounced(deaths=(AnnouncedDeath(seat=1, role="farmer"),), moment="execution"))
    )
    assert line is not None and narrator.used.get("count.two"), line
    assert narrator.seat_label(2) in line.text and narrator.seat_label(3) in line.text


@pytest.mark.parametrize(("variant", "language"), CASES)
def test_no_story_line_is_said_twice_in_a_game(variant: str, language: str) -> None:
    story = load_story(language, variant)
    told = 0
    for seed in range(25):
        game = random_game(variant, seed, language)
        narrator = TemplateNarrator(variant, language, game.config.names, seed=seed)
        said: set[str] = set()
        for r in game.records:
            line = narrator.line_for(r)
            if line is None or story.moment_of(line.key) is None:
                continue
            assert line.text not in said, f"{variant}/{language} seed {seed}: said twice: {line.text!r}"
            said.add(line.text)
            told += 1
    assert told >= 25


@pytest.mark.parametrize("variant", RULESETS)
def test_a_resumed_narrator_that_recalls_the_past_says_the_same_lines(variant: str) -> None:
    game = random_game(variant, 4)
    language = game.state.language
    whole = TemplateNarrator(variant, language, game.config.names, seed=9)
    lines = [whole.line_for(r) for r in game.records]
    half = len(game.records) // 2
    resumed = TemplateNarrator(variant, language, game.config.names, seed=9)
    resumed.recall(game.records[:half])
    assert [resumed.line_for(r) for r in game.records[half:]] == lines[half:]
