"""Seeded random games of every ruleset, with the switches and decks that reach its rarer moments."""

from __future__ import annotations

import random
from typing import Any

from llm_werewolf.rules import Choice, Game, GameConfig, Record, SetupError, get_ruleset

RULESETS = ("chinese_werewolf", "city_mafia", "lebanese_ghouls", "one_night", "online_mafia")


def languages(variant: str) -> tuple[str, ...]:
    return tuple(get_ruleset(variant).languages)


def random_options(variant: str, rng: random.Random) -> dict[str, Any]:
    if variant == "chinese_werewolf":
        return {
            "with_cupid": rng.random() < 0.6,
            "with_thief": rng.random() < 0.5,
            "with_little_girl": rng.random() < 0.5,
            "with_guard": rng.choice([None, True, False]),
            "witch_self_save": rng.choice(["never", "first_night_only", "always"]),
            "tie_policy": rng.choice(["none", "pk_revote_then_none"]),
            "victory_mode": rng.choice(["side_wipe", "all_good"]),
            "sheriff": rng.random() < 0.8,
            "last_words": rng.choice(["first_night_and_day", "all", "none"]),
            "little_girl_caught_probability": rng.choice([0.0, 0.5]),
        }
    if variant == "city_mafia":
        return rng.choice(
            [
                {},
                {"first_night_kills": False},
                {"leaderless_disagreement": "no_kill"},
                {"tie_policy": "none"},
                {"tie_policy": "all", "night_last_words": False},
            ]
        )
    if variant == "lebanese_ghouls":
        return rng.choice(
            [
                {},
                {"tie_policy": "none"},
                {"tie_policy": "all_tied_die"},
                {"jara_caught_probability": 0.5},
                {"hunter_shoots_on": ["execution", "ghouls", "poison", "grief", "shot"]},
                {"call_inactive_roles": False},
            ]
        )
    if variant == "one_night":
        return {"whispers": rng.random() < 0.5, "discussion_rounds": rng.randrange(0, 3)}
    if variant == "online_mafia":
        return {"preset": rng.choice(["classic", "chaos", "cult", "killers"]), "trials_per_day": rng.choice([1, 2])}
    return {}


def random_deck(variant: str, rng: random.Random, players: int) -> tuple[str, ...] | None:
    """A custom deck half of the time where the standard tables leave roles out."""
    ruleset = get_ruleset(variant)
    if variant not in ("one_night", "online_mafia") or rng.random() < 0.5:
        return None
    extra = 3 if variant == "one_night" else 0
    roles = list(ruleset.roles)
    options = ruleset.parse_options({})
    for _ in range(100):
        deck = tuple(rng.choice(roles) for _ in range(players + extra))
        try:
            ruleset.check_deck(deck, players, options)
        except SetupError:
            continue
        return deck
    return None


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
        try:
            game = Game(
                GameConfig(
                    variant,
                    seats,
                    seed=seed,
                    language=language,
                    options=random_options(variant, rng),
                    deck=random_deck(variant, rng, players),
                )
            )
        except SetupError:
            continue
        break
    while not game.over:
        for decision in game.pending:
            option = decision.options[rng.randrange(len(decision.options))]
            game.submit(decision.id, Choice(option.id, text="..." if decision.speech else ""))
    return game


def public(records: list[Record]) -> list[Record]:
    return [r for r in records if r.vis.scope == "public"]
