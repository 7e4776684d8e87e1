"""Invariants, random switches and decks, and the three conformance checks (see the package doc)."""

from __future__ import annotations

import random
import typing
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..rules import BaseOptions, Choice, Game, GameConfig, Record, RulesError, Ruleset, get_ruleset
from ..rules.events import (
    Announcement,
    Asked,
    ChoiceMade,
    DeathsAnnounced,
    Died,
    GameEnded,
    RoleAssigned,
    RolesRevealed,
    StatusChanged,
    VoteTally,
)
from ..rules.questions import question_of, questions

SHARED_SWITCHES = frozenset(BaseOptions.model_fields)
"""Switches every ruleset has (safety limits); random games keep their defaults."""
MAX_DECISIONS = 20_000


class Invariants:
    """Checks records as they are produced, one step at a time, against the ruleset's vocabulary."""

    def __init__(self, ruleset: Ruleset[Any, Any], players: int) -> None:
        self.ruleset = ruleset
        self.players = players
        self.dead: set[int] = set()
        self.announced: set[int] = set()
        self.asked: dict[int, tuple[str, ...]] = {}
        self.next_seq = 0
        self.posthumous = ruleset.posthumous_kinds
        self.kinds = set(ruleset.decision_kinds)
        self.causes = set(ruleset.death_causes)

    def check(self, records: Sequence[Record]) -> None:
        for record in records:
            assert record.seq == self.next_seq, f"sequence gap at {record.seq}"
            self.next_seq += 1
            vis = record.vis
            if vis.scope == "god":
                assert vis.seats == (), record
            elif vis.scope in ("seats", "team"):
                assert vis.seats and all(0 <= s < self.players for s in vis.seats), record
            self._check_event(record)

    def _check_event(self, record: Record) -> None:
        event, vis, rules = record.event, record.vis, self.ruleset
        question = question_of(event)
        if question is not None:
            assert question.decision in self.kinds, f"undeclared decision kind {question.decision!r}"
            assert vis.seats == (question.seat,), record
            if question.seat in self.dead:
                assert question.decision in self.posthumous, f"dead seat {question.seat} asked {question.decision}"
            self.asked[question.decision_id] = question.options
        if isinstance(event, ChoiceMade):
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
        elif isinstance(event, Announcement):
            assert event.key in rules.announcement_keys, f"undeclared announcement key {event.key!r}"
        elif isinstance(event, StatusChanged):
            assert event.status in rules.statuses, f"undeclared status {event.status!r}"
        elif isinstance(event, VoteTally):
            assert event.ballot in rules.ballots, f"undeclared ballot {event.ballot!r}"
            assert event.result in rules.ballots[event.ballot], f"undeclared {event.ballot} result {event.result!r}"

    def finish(self, game: Game) -> None:
        fresh_records(game.records)
        outcome = game.outcome
        assert outcome is not None
        assert set(outcome.winners) <= set(range(self.players))
        assert set(outcome.sides) <= set(self.ruleset.sides) | {"draw"}, outcome
        assert outcome.reason in self.ruleset.reason_ids(), f"undeclared outcome reason {outcome.reason!r}"
        assert isinstance(game.records[-1].event, RolesRevealed)
        assert isinstance(game.records[-2].event, GameEnded)
        state_dead = {s.index for s in game.state.seats if not s.alive}
        assert state_dead == self.dead, (state_dead, self.dead)
        assert self.dead <= self.announced, f"deaths never announced: {self.dead - self.announced}"


def fresh_records(records: Sequence[Record]) -> None:
    """Every record is its own object and still carries its place in the log.

    A record is the event handed to ``emit`` (stamped with ``seq``, ``phase`` and ``vis``), so a
    ruleset that emits one event object twice re-stamps the earlier record: its ``seq`` no longer
    matches its place. This is checked over the whole log at the end, since the second ``emit``
    passes the step-by-step sequence check.
    """
    seen: set[int] = set()
    for index, record in enumerate(records):
        assert id(record) not in seen, f"record {index} is an event emitted twice (emit needs a new event object)"
        seen.add(id(record))
    for index, record in enumerate(records):
        assert record.seq == index, f"record {index} carries seq {record.seq}: its event was stamped again later"


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


# -- switches and decks ----------------------------------------------------------------------------


def switch_values(ruleset: Ruleset[Any, Any]) -> dict[str, tuple[Any, ...]]:
    """Every own switch of the ruleset with the values random games draw from, read off its
    options model: each value of a ``Literal``, both booleans (and ``None`` where allowed), and
    for numbers the default and the bounds."""
    out: dict[str, tuple[Any, ...]] = {}
    for name, info in ruleset.options_model.model_fields.items():
        if name in SHARED_SWITCHES:
            continue
        annotation = info.annotation
        args = typing.get_args(annotation)
        values: list[Any] = [info.default]
        if typing.get_origin(annotation) is typing.Literal:
            values += list(args)
        elif annotation is bool or bool in args:
            values += [False, True] + ([None] if type(None) in args else [])
        else:
            for meta in info.metadata:
                for bound in ("ge", "le", "gt", "lt"):
                    value = getattr(meta, bound, None)
                    if value is not None and bound in ("ge", "le"):
                        values.append(value)
        out[name] = tuple(dict.fromkeys(values))
    return out


def random_options(ruleset: Ruleset[Any, Any], rng: random.Random) -> dict[str, Any]:
    """One value per own switch (see :func:`switch_values`); a new switch is drawn automatically."""
    return {name: rng.choice(values) for name, values in switch_values(ruleset).items()}


def random_deck(
    ruleset: Ruleset[Any, Any], players: int, options: Any, rng: random.Random, *, tries: int = 300
) -> tuple[str, ...] | None:
    """A legal deck for ``players`` seats: the standard deck with a few cards replaced by random
    roles (and cards added or removed where the ruleset deals extra cards), or ``None`` when no
    legal variation turned up."""
    try:
        base = list(ruleset.standard_deck(players, options))
    except RulesError:
        return None
    roles = sorted(ruleset.roles)
    for _ in range(tries):
        deck = list(base)
        for _ in range(rng.randint(1, 3)):
            deck[rng.randrange(len(deck))] = rng.choice(roles)
        extra = ruleset.extra_cards(deck, options)
        while len(deck) < players + extra:
            deck.append(rng.choice(roles))
        while len(deck) > players + extra:
            deck.pop(rng.randrange(len(deck)))
        try:
            ruleset.check_deck(deck, players, options)
        except RulesError:
            continue
        return tuple(deck)
    return None


# -- playing ---------------------------------------------------------------------------------------


def play_checked(
    variant: str,
    players: int,
    seed: int,
    *,
    options: dict[str, Any] | None = None,
    deck: tuple[str, ...] | None = None,
) -> Game:
    """Play one game with uniformly random legal answers, checking every record as it comes."""
    ruleset = get_ruleset(variant)
    names = tuple(f"P{i + 1}" for i in range(players))
    game = Game(GameConfig(variant=variant, names=names, seed=seed, options=options or {}, deck=deck))
    checker = Invariants(ruleset, players)
    checker.check(game.records)
    rng = random.Random(seed)
    decisions = 0
    while not game.over:
        pending = game.pending
        assert pending, "the game is not over but nothing is pending"
        for decision in pending:
            assert game.state.seats[decision.seat].alive or decision.kind in checker.posthumous
            option = decision.options[rng.randrange(len(decision.options))]
            before = len(game.records)
            game.submit(decision.id, Choice(option.id, text="..." if decision.speech else ""))
            checker.check(game.records[before:])
            decisions += 1
        assert decisions < MAX_DECISIONS, f"no outcome after {MAX_DECISIONS} decisions"
    checker.finish(game)
    return game


@dataclass
class CoverageReport:
    """What a run of random games reached, against what the ruleset declares."""

    ruleset: Ruleset[Any, Any]
    games: int = 0
    refused_setups: int = 0
    dealt_roles: set[str] = field(default_factory=set)
    switch_values: dict[str, set[Any]] = field(default_factory=dict)
    kinds_asked: set[str] = field(default_factory=set)
    reasons: set[str] = field(default_factory=set)

    @property
    def unreached_roles(self) -> set[str]:
        return set(self.ruleset.roles) - self.dealt_roles

    @property
    def unplayed_switch_values(self) -> dict[str, set[Any]]:
        wanted = switch_values(self.ruleset)
        return {
            name: missing
            for name, values in wanted.items()
            if (missing := {repr(v) for v in values} - {repr(v) for v in self.switch_values.get(name, set())})
        }


def check_random_games(variant: str, games: int = 1000, *, first_seed: int = 0) -> CoverageReport:
    """Play ``games`` seeded random games with random switches, player counts and (every other
    game) a random legal deck; every record is checked. Returns what was reached."""
    ruleset = get_ruleset(variant)
    report = CoverageReport(ruleset)
    counts = list(range(ruleset.min_players, ruleset.max_players + 1))
    for seed in range(first_seed, first_seed + games):
        rng = random.Random(seed * 7919 + 17)
        players = counts[seed % len(counts)]
        options = random_options(ruleset, rng)
        try:
            parsed = ruleset.parse_options(options)
            deck = random_deck(ruleset, players, parsed, rng) if seed % 2 else None
            game = play_checked(variant, players, seed, options=options, deck=deck)
        except RulesError:
            report.refused_setups += 1
            continue
        report.games += 1
        report.dealt_roles |= {s.start_role for s in game.state.seats}
        for name, value in options.items():
            report.switch_values.setdefault(name, set()).add(value)
        report.kinds_asked |= {q.decision for q in questions(game.records)}
        assert game.outcome is not None
        report.reasons.add(game.outcome.reason)
    return report


def check_determinism(variant: str, seed: int = 123) -> None:
    """The same seed and the same choices give a byte-identical log; another seed another log."""
    from ..transcript.schema import dump_record

    ruleset = get_ruleset(variant)
    players = min(max(ruleset.min_players, 8), ruleset.max_players)
    first = [dump_record(r) for r in play_checked(variant, players, seed).records]
    second = [dump_record(r) for r in play_checked(variant, players, seed).records]
    other = [dump_record(r) for r in play_checked(variant, players, seed + 1).records]
    assert first == second, "the same seed and choices gave a different log"
    assert first != other, "two seeds gave the same log"


def check_private_views(variant: str, games: int = 20) -> None:
    """No seat's view holds a god record or another seat's private record; the public view only
    public records; each seat knows its own card."""
    ruleset = get_ruleset(variant)
    counts = list(range(ruleset.min_players, ruleset.max_players + 1))
    for seed in range(games):
        players = counts[seed % len(counts)]
        game = play_checked(variant, players, seed)
        assert all(r.vis.scope == "public" for r in game.view(None).records)
        for seat in range(players):
            view = game.view(seat)
            assert view.role is not None
            told = own_records_only(view.records, seat)
            assert told and view.role in (told[-1], game.state.seats[seat].role)
