"""Random games of chinese_werewolf with every switch and optional role: invariants hold."""

from __future__ import annotations

import random
from typing import Any

import pytest

from llm_werewolf.rules import Choice, Game, GameConfig, SetupError, get_ruleset
from llm_werewolf.rules.events import ActionTaken, Died
from tests.test_rulesets_generic import Invariants

from .test_chinese_werewolf_support import VARIANT

RULES = get_ruleset(VARIANT)


def random_options(rng: random.Random) -> dict[str, Any]:
    return {
        "with_cupid": rng.random() < 0.6,
        "with_thief": rng.random() < 0.5,
        "with_little_girl": rng.random() < 0.5,
        "with_guard": rng.choice([None, True, False]),
        "thief_must_take_wolf": rng.choice(["if_both", "if_any"]),
        "same_guard_same_save_dies": rng.random() < 0.5,
        "witch_self_save": rng.choice(["never", "first_night_only", "always"]),
        "tie_policy": rng.choice(["none", "pk_revote_then_none"]),
        "victory_mode": rng.choice(["side_wipe", "all_good"]),
        "sheriff": rng.random() < 0.8,
        "last_words": rng.choice(["first_night_and_day", "all", "none"]),
        "little_girl_caught_probability": rng.choice([0.0, 0.5]),
    }


def play(seed: int) -> Game | None:
    rng = random.Random(seed)
    players = rng.randint(6, 18)
    options = random_options(rng)
    names = tuple(f"P{i + 1}" for i in range(players))
    try:
        game = Game(GameConfig(VARIANT, names, seed=seed, options=options))
    except SetupError as exc:
        assert "no villager card left" in str(exc)
        return None
    checker = Invariants(RULES, players)
    checker.check(game.records)
    while not game.over:
        for decision in game.pending:
            option = decision.options[rng.randrange(len(decision.options))]
            before = len(game.records)
            game.submit(decision.id, Choice(option.id, text="..." if decision.speech else ""))
            checker.check(game.records[before:])
    checker.finish(game)
    return game


@pytest.mark.parametrize("block", range(4))
def test_random_games_with_every_switch_keep_the_invariants(block: int) -> None:
    played = 0
    for seed in range(block * 100, block * 100 + 100):
        game = play(seed)
        if game is None:
            continue
        played += 1
        state = game.state
        lovers = state.data.lovers
        if lovers is not None:
            assert state.seats[lovers[0]].alive == state.seats[lovers[1]].alive
        sheriff = state.data.sheriff
        assert sheriff is None or state.seats[sheriff].alive or game.outcome is not None
        actions = [(r.phase, r.event) for r in game.records if isinstance(r.event, ActionTaken)]
        assert sum(1 for _, a in actions if a.action == "antidote") <= 1
        assert sum(1 for _, a in actions if a.action == "poison") <= 1
        guarded = {phase: a.targets[0] for phase, a in actions if a.action == "guard"}
        for night in range(2, 40):
            last, now = guarded.get(f"night:{night - 1}"), guarded.get(f"night:{night}")
            assert last is None or last != now
        for record in game.records:
            if isinstance(record.event, Died) and record.event.cause == "grief":
                assert lovers is not None and record.event.seat in lovers
    assert played > 60
