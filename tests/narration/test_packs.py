"""Template narration: every public moment of every ruleset is voiced in each of its languages,
by the ruleset's own pack, from public records only, and never names a card the table was not shown."""

from __future__ import annotations

import re
from typing import Any

import pytest

from llm_werewolf.narration import TemplateNarrator, moment_of
from llm_werewolf.narration.packs import load_pack, own_keys
from llm_werewolf.narration.public import PublicFacts
from llm_werewolf.narration.vocabulary import Lexicon, SeatFinder, Term, sentences
from llm_werewolf.rules import Game, get_ruleset
from llm_werewolf.rules.events import GameEnded
from llm_werewolf.texts import terms

from .support import RULESETS, languages, public, random_game

GAMES = 60
CASES = [(variant, language) for variant in RULESETS for language in languages(variant)]
RAW_ID = re.compile(r"\{\{|\}\}|\{%|seat:\d|\b[a-z]+_[a-z_]+\b")


def narrate_all(game: Game, language: str) -> list[tuple[Any, str, str]]:
    """(record, pack key, text) for every public moment; text is "" for a deliberate silence."""
    narrator = TemplateNarrator(game.config.variant, language, game.config.names)
    out = []
    for record in game.records:
        moment = moment_of(record)
        if moment is None:
            continue
        found = narrator.pack.find(*moment.keys)
        assert found is not None, f"{game.config.variant}/{language}: no line for {moment.keys}"
        rendered = narrator.render(moment)
        out.append((record, found[0], rendered[1] if rendered else ""))
    return out


@pytest.mark.parametrize(("variant", "language"), CASES)
def test_every_public_moment_gets_a_line_from_the_rulesets_own_pack(variant: str, language: str) -> None:
    own = own_keys(language, variant)
    pack = load_pack(language, variant)
    voiced: set[str] = set()
    for seed in range(GAMES):
        game = random_game(variant, seed, language)
        for record, key, text in narrate_all(game, language):
            assert key in own, f"{variant}/{language}: {key} comes from the common pack, not the ruleset's"
            silent = pack.lines[key] == ("",)
            assert bool(text) != silent, f"{variant}/{language}: {key} rendered {text!r} for {record.event}"
            assert not RAW_ID.search(text), f"{variant}/{language}: raw id or template code in {key}: {text!r}"
            voiced.add(key)
    assert len(voiced) >= 12


@pytest.mark.parametrize(("variant", "language"), CASES)
def test_the_pack_voices_the_same_keys_in_every_language(variant: str, language: str) -> None:
    source = get_ruleset(variant).source_language
    assert own_keys(language, variant) == own_keys(source, variant)


@pytest.mark.parametrize("variant", RULESETS)
def test_lines_are_built_from_public_records_only(variant: str) -> None:
    for seed in range(10):
        game = random_game(variant, seed)
        # a narrator remembers what it heard and said: one for each reading
        narrator = TemplateNarrator(variant, game.state.language, game.config.names)
        from_all = [n for r in game.records if (n := narrator.line_for(r)) is not None]
        narrator = TemplateNarrator(variant, game.state.language, game.config.names)
        from_public = [n for r in public(game.records) if (n := narrator.line_for(r)) is not None]
        assert from_all == from_public
        assert from_public


def _role_lexicon(variant: str, language: str) -> Lexicon:
    names = terms(language, variant).get("roles", {})
    return Lexicon(language, [Term(role, str(text)) for role, text in names.items()])


@pytest.mark.parametrize(("variant", "language"), CASES)
def test_no_line_names_a_card_the_table_was_not_shown(variant: str, language: str) -> None:
    """Ground truth: a sentence naming a seat and that seat's real card (dealt or current) is a leak
    unless a public record showed that card for that seat (or the game is over)."""
    ruleset = get_ruleset(variant)
    roles = _role_lexicon(variant, language)
    patterns = load_pack(language, variant).checker.get("seat_patterns", ())
    checked = 0
    for seed in range(GAMES):
        game = random_game(variant, seed, language)
        finder = SeatFinder(
            language,
            [
                TemplateNarrator(variant, language, game.config.names).seat_label(i)
                for i in range(len(game.config.names))
            ],
            patterns,
        )
        truth = [{s.role, s.start_role} for s in game.state.seats]
        facts = PublicFacts(roles_known=frozenset(ruleset.roles))
        for record, _key, text in narrate_all(game, language):
            facts.add(record)
            if facts.ended or isinstance(record.event, GameEnded):
                break
            previous: set[int] = set()
            for sentence in sentences(text):
                seats = finder.seats(sentence) or previous
                named = roles.find(sentence)
                for seat in seats:
                    hidden = (truth[seat] & named) - facts.roles.get(seat, set())
                    assert not hidden, (
                        f"{variant}/{language} seed {seed}: {sentence!r} shows {hidden} of seat {seat + 1}"
                    )
                    checked += 1
                previous = seats
    assert checked > 50
