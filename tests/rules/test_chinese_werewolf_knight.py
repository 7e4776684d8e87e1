"""The heuristic Knight (騎士, ``units/knight.py``) duels only a seat a seer claimant has called a wolf."""

from __future__ import annotations

import random

from llm_werewolf.agents.heuristics.chinese_werewolf import decide
from llm_werewolf.rules import Game, GameConfig, ViewBuilder, target_of
from llm_werewolf.rules.events import Speech

DECK = ("seer", "witch", "knight", "werewolf", "werewolf", "werewolf", "villager", "villager", "villager")


def duels(seed: int) -> list[tuple[int | None, set[int], str]]:
    """Every duel decision of a heuristic game: the target, the seats called wolves before it, its role."""
    names = tuple(f"P{i + 1}" for i in range(len(DECK)))
    game = Game(GameConfig("chinese_werewolf", names, seed=seed, deck=DECK))
    builders = [ViewBuilder(i) for i in range(len(names))]
    rng = random.Random(seed)
    called: set[int] = set()
    found: list[tuple[int | None, set[int], str]] = []
    published = 0
    while not game.over:
        for builder in builders:
            builder.extend(game.records[published:])
        for record in game.records[published:]:
            event = record.event
            if isinstance(event, Speech) and record.vis.scope == "public":
                called |= {
                    a.target for a in event.acts if a.fact == "check" and a.value == "bad" and a.target is not None
                }
        published = len(game.records)
        decision = game.pending[0]
        choice = decide(builders[decision.seat].view(), decision, rng)
        if decision.kind == "knight_duel":
            target = target_of(choice)
            found.append((target, set(called), game.state.seats[target].role if target is not None else ""))
        game.submit(decision.id, choice)
    return found


def test_the_heuristic_knight_duels_only_a_seat_called_a_wolf() -> None:
    asked = [duel for seed in range(12) for duel in duels(seed)]
    made = [(target, called, role) for target, called, role in asked if target is not None]
    assert made, "some knight duels in twelve games"
    assert len(made) < len(asked), "and sometimes keeps his duel"
    for target, called, _ in made:
        assert target in called, (target, called)
    assert any(role == "werewolf" for _, _, role in made)
