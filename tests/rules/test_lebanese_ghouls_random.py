"""lebanese_ghouls: seeded random games under every switch end legally and reproducibly."""

from __future__ import annotations

import random
from typing import Any

import pytest

from llm_werewolf.rules import Choice, Game, GameConfig
from llm_werewolf.rules.events import DeathsAnnounced, Died, Info, same_records
from llm_werewolf.rules.questions import question_of
from llm_werewolf.sim import play_random

SWITCHES: list[dict[str, Any]] = [
    {},
    {"tie_policy": "none"},
    {"tie_policy": "all_tied_die"},
    {"jara_caught_probability": 0.5},
    {"jara_caught_probability": 1.0},
    {"hunter_shoots_on": ["execution", "ghouls", "poison", "grief", "shot"]},
    {"hunter_shoots_on": []},
    {"call_inactive_roles": False},
]


def play(players: int, seed: int, options: dict[str, Any]) -> Game:
    names = tuple(f"P{i + 1}" for i in range(players))
    game = Game(GameConfig("lebanese_ghouls", names, seed=seed, options=options))
    rng = random.Random(seed)
    dead: set[int] = set()
    checked = 0
    while not game.over:
        for decision in game.pending:
            option = decision.options[rng.randrange(len(decision.options))]
            game.submit(decision.id, Choice(option.id))
        for record in game.records[checked:]:
            event = record.event
            if isinstance(event, Died):
                assert event.seat not in dead
                dead.add(event.seat)
            elif (question := question_of(event)) is not None and question.seat in dead:
                assert question.decision == "sayyad_shot", event
        checked = len(game.records)
    announced = {d.seat for r in game.records if isinstance(r.event, DeathsAnnounced) for d in r.event.deaths}
    assert dead == announced == {s.index for s in game.state.seats if not s.alive}
    return game


@pytest.mark.parametrize("options", SWITCHES, ids=[str(o) or "defaults" for o in SWITCHES])
def test_random_games_end_under_every_switch(options: dict[str, Any]) -> None:
    reasons = set()
    for seed in range(100):
        game = play(4 + seed % 15, seed, options)
        assert game.outcome is not None
        reasons.add(game.outcome.reason)
    assert {"ghouls_dead", "farmers_dead"} <= reasons


def test_caught_jara_happens_in_random_games_when_switched_on() -> None:
    caught = 0
    for seed in range(100):
        game = play(9 + seed % 10, seed, {"jara_caught_probability": 1.0})
        caught += any(isinstance(r.event, Info) and r.event.fact == "caught_peeking" for r in game.records)
    assert caught > 10


def test_no_caught_jara_by_default() -> None:
    for seed in range(100):
        game = play(9 + seed % 10, seed, {})
        assert not any(isinstance(r.event, Info) and r.event.fact == "caught_peeking" for r in game.records)


def test_same_seed_same_game() -> None:
    first = play_random("lebanese_ghouls", 12, 7)
    second = play_random("lebanese_ghouls", 12, 7)
    other = play_random("lebanese_ghouls", 12, 8)
    assert same_records(first.records, second.records)
    assert not same_records(first.records, other.records)


def test_outcome_kinds_appear_in_random_play() -> None:
    reasons = set()
    for seed in range(600):
        reasons.add(play_random("lebanese_ghouls", 8 + seed % 11, seed).outcome.reason)  # type: ignore[union-attr]
    assert reasons == {"ghouls_dead", "farmers_dead", "lovers_last_alive", "nobody_alive"}
