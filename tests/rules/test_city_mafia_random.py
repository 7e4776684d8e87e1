"""Many seeded games of city Mafia: random and heuristic players, invariants, speed."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.rules import Game, GameConfig, ViewBuilder, get_ruleset
from llm_werewolf.rules.events import Died, Info, Speech, same_records
from llm_werewolf.rules.questions import question_of
from llm_werewolf.sim import play_random

RULES = get_ruleset("city_mafia")
POSTHUMOUS = RULES.posthumous_kinds
OPTIONS: list[dict[str, Any]] = [
    {},
    {"first_night_kills": False},
    {"leaderless_disagreement": "no_kill"},
    {"tie_policy": "none"},
    {"tie_policy": "all", "night_last_words": False},
]


def check_invariants(game: Game) -> None:
    assert game.over
    alive = [True] * len(game.state.seats)
    for record in game.records:
        event = record.event
        if isinstance(event, Died):
            assert alive[event.seat], f"seat {event.seat} died twice"
            assert event.cause in RULES.death_causes
            alive[event.seat] = False
        elif (question := question_of(event)) is not None:
            assert question.decision in RULES.decision_kinds
            assert alive[question.seat] or question.decision in POSTHUMOUS, (event, record.phase)
        elif isinstance(event, Info):
            assert record.vis.scope != "public"
    assert tuple(alive) == tuple(s.alive for s in game.state.seats)


@pytest.mark.parametrize("players", range(7, 21))
def test_random_games_end_legally(players: int) -> None:
    reasons: Counter[str] = Counter()
    for seed in range(30):
        game = play_random("city_mafia", players, seed, **OPTIONS[seed % len(OPTIONS)])
        check_invariants(game)
        assert game.outcome is not None
        reasons[game.outcome.reason] += 1
    assert sum(reasons.values()) == 30


def test_every_side_wins_sometimes() -> None:
    sides: Counter[tuple[str, ...]] = Counter()
    for seed in range(300):
        game = play_random("city_mafia", 12, seed)
        assert game.outcome is not None
        sides[game.outcome.sides] += 1
    assert {("town",), ("mafia",), ("maniac",)} <= set(sides)


def test_same_seed_same_log() -> None:
    one = play_random("city_mafia", 13, 42)
    two = play_random("city_mafia", 13, 42)
    assert same_records(one.records, two.records)


def test_god_records_never_reach_a_seat() -> None:
    game = play_random("city_mafia", 14, 7)
    for seat in range(14):
        view = game.view(seat)
        assert all(r.vis.scope != "god" for r in view.records)
        assert all(r.vis.visible_to(seat) for r in view.records)


def play_heuristic(players: int, seed: int, language: str) -> Game:
    game = Game(
        GameConfig(variant="city_mafia", names=tuple(f"P{i}" for i in range(players)), seed=seed, language=language)
    )
    agent = HeuristicAgent(seed)
    builders = [ViewBuilder(i) for i in range(players)]
    published = 0
    while not game.over:
        for builder in builders:
            builder.extend(game.records[published:])
        published = len(game.records)
        for decision in game.pending:
            choice = agent.choose(builders[decision.seat].view(), decision)
            assert decision.option(choice.option) is not None
            game.submit(decision.id, choice)
    return game


def test_heuristic_games_end_and_the_sheriff_exposes_mafia() -> None:
    exposures = 0
    sides: Counter[tuple[str, ...]] = Counter()
    for seed in range(60):
        game = play_heuristic(7 + seed % 14, seed, "ru" if seed % 2 else "en")
        check_invariants(game)
        assert game.outcome is not None
        sides[game.outcome.sides] += 1
        for record in game.records:
            event = record.event
            if isinstance(event, Speech) and event.claim == "sheriff":
                # the real Sheriff, or a mafia counter-claim (docs/heuristics.md); never a town bluff
                role = game.state.seat(event.seat).role
                assert role in ("sheriff", "mafia", "don"), role
                exposures += role == "sheriff"
    assert exposures > 0
    assert len(sides) >= 2


def test_heuristic_speech_is_in_the_games_language() -> None:
    game = play_heuristic(10, 3, "ru")
    texts = [r.event.text for r in game.records if isinstance(r.event, Speech) and r.event.text]
    assert texts
    assert all(any("а" <= ch <= "я" or ch == "ё" for ch in text.lower()) for text in texts)


# Speed is a benchmark, not a timed unit test: bench/engine.py (CPU time, docs/performance.md).
