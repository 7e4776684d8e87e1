"""Conformance tests every ruleset must pass (in the spirit of open_spiel's random-simulation test).

* thousands of seeded random games end with a legal outcome, with invariants
  checked on the records of every step;
* the same seed and the same choices give a byte-identical log;
* no seat's view holds another seat's private records.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from llm_werewolf.rules import Choice, Decision, Game, GameConfig, Record, Ruleset, all_rulesets, get_ruleset
from llm_werewolf.rules.events import (
    Asked,
    ChoiceMade,
    DeathsAnnounced,
    Died,
    GameEnded,
    RoleAssigned,
    RolesRevealed,
)
from llm_werewolf.transcript.schema import dump_record

RULESETS = sorted({r.id for r in all_rulesets()} | {"toy"})
GAMES_PER_RULESET = 1000


class Invariants:
    """Checks records as they are produced, one step at a time."""

    def __init__(self, ruleset: Ruleset[Any, Any], players: int) -> None:
        self.ruleset = ruleset
        self.players = players
        self.dead: set[int] = set()
        self.announced: set[int] = set()
        self.asked: dict[int, tuple[str, ...]] = {}
        self.next_seq = 0
        self.posthumous: frozenset[str] = getattr(ruleset, "posthumous_kinds", frozenset())
        self.kinds = set(ruleset.decision_kinds)
        self.causes = set(ruleset.death_causes)

    def check(self, records: list[Record]) -> None:
        for record in records:
            assert record.seq == self.next_seq, f"sequence gap at {record.seq}"
            self.next_seq += 1
            vis = record.vis
            if vis.scope == "god":
                assert vis.seats == (), record
            elif vis.scope in ("seats", "team"):
                assert vis.seats and all(0 <= s < self.players for s in vis.seats), record
            event = record.event
            if isinstance(event, Asked):
                assert event.decision in self.kinds, f"undeclared decision kind {event.decision!r}"
                assert vis.seats == (event.seat,), record
                if event.seat in self.dead:
                    assert event.decision in self.posthumous, f"dead seat {event.seat} asked {event.decision}"
                self.asked[event.decision_id] = event.options
            elif isinstance(event, ChoiceMade):
                assert vis.seats == (event.seat,), record
                assert event.option in self.asked[event.decision_id], record
            elif isinstance(event, RoleAssigned):
                assert vis.scope == "public" or vis.seats == (event.seat,), record
            elif isinstance(event, Died):
                assert vis.scope == "god", record
                assert event.cause in self.causes, f"undeclared death cause {event.cause!r}"
                assert event.seat not in self.dead, f"seat {event.seat} died twice"
                self.dead.add(event.seat)
            elif isinstance(event, DeathsAnnounced):
                assert vis.scope == "public"
                for death in event.deaths:
                    self.announced.add(death.seat)

    def finish(self, game: Game) -> None:
        outcome = game.outcome
        assert outcome is not None
        assert set(outcome.winners) <= set(range(self.players))
        assert set(outcome.sides) <= set(self.ruleset.sides) | {"draw"}, outcome
        assert outcome.reason
        assert isinstance(game.records[-1].event, RolesRevealed)
        assert isinstance(game.records[-2].event, GameEnded)
        state_dead = {s.index for s in game.state.seats if not s.alive}
        assert state_dead == self.dead, (state_dead, self.dead)
        assert self.dead <= self.announced, f"deaths never announced: {self.dead - self.announced}"


def own_records_only(records: Sequence[Record], seat: int) -> list[str]:
    """Assert that a seat's view holds no god record and no other seat's private record, question
    or answer; return the cards it was told it holds, in order."""
    for record in records:
        assert record.vis.scope != "god", record
        if record.vis.scope != "public":
            assert seat in record.vis.seats, record
        event = record.event
        if isinstance(event, (Asked, ChoiceMade)):
            assert event.seat == seat
        if isinstance(event, RoleAssigned) and record.vis.scope != "public":
            assert event.seat == seat
    return [r.event.role for r in records if isinstance(r.event, RoleAssigned) and r.event.seat == seat]


def player_counts(ruleset: Ruleset[Any, Any]) -> list[int]:
    return list(range(ruleset.min_players, ruleset.max_players + 1))


def play_checked(variant: str, players: int, seed: int) -> Game:
    ruleset = get_ruleset(variant)
    names = tuple(f"P{i + 1}" for i in range(players))
    game = Game(GameConfig(variant=variant, names=names, seed=seed))
    checker = Invariants(ruleset, players)
    checker.check(game.records)
    rng = random.Random(seed)
    decisions = 0
    while not game.over:
        pending: tuple[Decision, ...] = game.pending
        assert pending, "the game is not over but nothing is pending"
        for decision in pending:
            assert game.state.seats[decision.seat].alive or decision.kind in checker.posthumous
            option = decision.options[rng.randrange(len(decision.options))]
            text = "..." if decision.speech else ""
            before = len(game.records)
            game.submit(decision.id, Choice(option.id, text=text))
            checker.check(game.records[before:])
            decisions += 1
        assert decisions < 20_000, "no outcome after 20,000 decisions"
    checker.finish(game)
    return game


@pytest.mark.parametrize("variant", RULESETS)
def test_random_games_end_legally(variant: str) -> None:
    ruleset = get_ruleset(variant)
    counts = player_counts(ruleset)
    for seed in range(GAMES_PER_RULESET):
        play_checked(variant, counts[seed % len(counts)], seed)


@pytest.mark.parametrize("variant", RULESETS)
def test_same_seed_same_choices_same_bytes(variant: str) -> None:
    ruleset = get_ruleset(variant)
    players = min(max(ruleset.min_players, 8), ruleset.max_players)
    first = [dump_record(r) for r in play_checked(variant, players, 123).records]
    second = [dump_record(r) for r in play_checked(variant, players, 123).records]
    other = [dump_record(r) for r in play_checked(variant, players, 124).records]
    assert first == second
    assert first != other


@pytest.mark.parametrize("variant", RULESETS)
def test_views_hold_no_other_seats_private_records(variant: str) -> None:
    ruleset = get_ruleset(variant)
    for seed in range(20):
        players = player_counts(ruleset)[seed % len(player_counts(ruleset))]
        game = play_checked(variant, players, seed)
        public = game.view(None)
        assert all(r.vis.scope == "public" for r in public.records)
        for seat in range(players):
            view = game.view(seat)
            assert view.role is not None
            told = own_records_only(view.records, seat)
            # the seat's own card is the last one it was told about
            assert told and view.role in (told[-1], game.state.seats[seat].role)
