"""Shared helpers for the speech-act tests: drive a game to its first speech decision."""

from __future__ import annotations

import random

from llm_werewolf.rules import Choice, Decision, Game, GameConfig
from llm_werewolf.texts import default_names

PLAYERS = {"chinese_werewolf": 9, "lebanese_ghouls": 8, "one_night": 6, "city_mafia": 10, "online_mafia": 12}


def game_at_speech(variant: str, seed: int = 3, language: str = "en") -> tuple[Game, Decision]:
    """A game advanced with random non-speech choices until a speech decision is pending."""
    names = default_names(language, PLAYERS[variant])
    game = Game(GameConfig(variant=variant, names=names, seed=seed, language=language))
    rng = random.Random(seed)
    for _ in range(5000):
        for decision in game.pending:
            if decision.speech:
                return game, decision
        decision = game.pending[0]
        option = decision.options[rng.randrange(len(decision.options))]
        game.submit(decision.id, Choice(option.id))
        if game.over:
            raise AssertionError(f"{variant}: the game ended before any speech")
    raise AssertionError(f"{variant}: no speech decision")


def slots_chosen(raw_output: str | None) -> list[str]:
    """The slots a ``slot_plan`` call chose in, in order (its raw output: one ``slot: label`` line per pick)."""
    return [line.split(":", 1)[0] for line in (raw_output or "").splitlines() if ":" in line]
