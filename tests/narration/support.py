"""Seeded random games of every ruleset, with the switches and decks that reach its rarer moments."""

from __future__ import annotations

import random
from typing import Any

from llm_werewolf import testing
from llm_werewolf.rules import Choice, Game, GameConfig, Record, RulesError, get_ruleset

RULESETS = ("chinese_werewolf", "city_mafia", "lebanese_ghouls", "one_night", "online_mafia")


def languages(variant: str) -> tuple[str, ...]:
    return tuple(get_ruleset(variant).languages)


def random_options(variant: str, rng: random.Random) -> dict[str, Any]:
    """Every switch of the ruleset's options model (llm_werewolf.testing), so new switches are narrated too."""
    return testing.random_options(get_ruleset(variant), rng)


def random_deck(variant: str, rng: random.Random, players: int, options: dict[str, Any]) -> tuple[str, ...] | None:
    """A legal non-standard deck half of the time, so roles no standard board holds are dealt too."""
    if rng.random() < 0.5:
        return None
    ruleset = get_ruleset(variant)
    try:
        parsed = ruleset.parse_options(options)
    except RulesError:
        return None
    return testing.random_deck(ruleset, players, parsed, rng)


def random_game(variant: str, seed: int, language: str | None = None, names: tuple[str, ...] | None = None) -> Game:
    """One finished game of random choices (speeches say ``...``)."""
    ruleset = get_ruleset(variant)
    rng = random.Random(seed)
    while True:
        players = rng.randint(ruleset.min_players, min(ruleset.max_players, 14))
        seats = (
            names[:players]
            if names is not None and len(names) >= players
            else tuple(f"P{i + 1}" for i in range(players))
        )
        options = random_options(variant, rng)
        try:
            game = Game(
                GameConfig(
                    variant,
                    seats,
                    seed=seed,
                    language=language,
                    options=options,
                    deck=random_deck(variant, rng, players, options),
                )
            )
        except RulesError:
            continue
        break
    while not game.over:
        for decision in game.pending:
            option = decision.options[rng.randrange(len(decision.options))]
            game.submit(decision.id, Choice(option.id, text="..." if decision.speech else ""))
    return game


def public(records: list[Record]) -> list[Record]:
    return [r for r in records if r.vis.scope == "public"]
