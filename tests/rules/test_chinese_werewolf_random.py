"""Random games of chinese_werewolf with every switch (from the options model) and optional role: invariants hold."""

from __future__ import annotations

import random
from typing import Any

import pytest

from llm_werewolf.rules import Choice, Game, GameConfig, SetupError, get_ruleset
from llm_werewolf.rules.events import ActionTaken, Died
from llm_werewolf.testing import Invariants
from llm_werewolf.testing import random_options as kit_random_options

from .test_chinese_werewolf_support import VARIANT

RULES = get_ruleset(VARIANT)


def random_options(rng: random.Random) -> dict[str, Any]:
    """Every switch of the options model (llm_werewolf.testing): a new switch is drawn as soon as it exists."""
    return kit_random_options(RULES, rng)


def play(seed: int) -> Game | None:
    rng = random.Random(seed)
    players = rng.randint(6, 18)
    options = random_options(rng)
    names = tuple(f"P{i + 1}" for i in range(players))
    try:
        game = Game(GameConfig(VARIANT, names, seed=seed, options=options))
    except SetupError as exc:
        assert "no villager card left" in str(exc) or "at least three werewolves" in str(exc)
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
            assert last is None or last != now or state.options.guard_same_twice
        for record in game.records:
            if isinstance(record.event, Died) and record.event.cause == "grief":
                assert lovers is not None and record.event.seat in lovers
    assert played > 60
