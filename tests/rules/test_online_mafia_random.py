"""Random games over random role lists (online_mafia): every list the validator accepts plays to a legal end."""

from __future__ import annotations

import random

from llm_werewolf.rules import Choice, Game, GameConfig, SetupError, get_ruleset
from llm_werewolf.rules.events import Asked, DeathsAnnounced, Died

RULESET = get_ruleset("online_mafia")
ROLE_IDS = sorted(RULESET.roles)


def random_role_list(rng: random.Random, players: int) -> tuple[str, ...]:
    """A random list the validator accepts (a lobby's 'any' slots)."""
    options = RULESET.parse_options({})
    while True:
        deck = tuple(rng.choice(ROLE_IDS) for _ in range(players))
        try:
            RULESET.check_deck(deck, players, options)
        except SetupError:
            continue
        return deck


def play_random_list(seed: int, players: int) -> Game:
    rng = random.Random(seed)
    deck = random_role_list(rng, players)
    names = tuple(f"P{i}" for i in range(players))
    game = Game(GameConfig(variant="online_mafia", names=names, deck=deck, seed=seed))
    answered = 0
    while not game.over:
        for decision in game.pending:
            assert game.state.seats[decision.seat].alive, decision
            option = decision.options[rng.randrange(len(decision.options))]
            game.submit(decision.id, Choice(option.id, text="..." if decision.speech else ""))
            answered += 1
        assert answered < 20_000
    return game


def test_random_role_lists_play_to_a_legal_end() -> None:
    for seed in range(300):
        players = 7 + seed % 14
        game = play_random_list(seed, players)
        outcome = game.outcome
        assert outcome is not None and outcome.reason
        assert set(outcome.sides) <= set(RULESET.sides)
        died = [r.event.seat for r in game.records if isinstance(r.event, Died)]
        assert len(died) == len(set(died))
        announced = {d.seat for r in game.records if isinstance(r.event, DeathsAnnounced) for d in r.event.deaths}
        assert set(died) == announced == {s.index for s in game.state.seats if not s.alive}
        kinds = {r.event.decision for r in game.records if isinstance(r.event, Asked)}
        assert kinds <= set(RULESET.decision_kinds)
