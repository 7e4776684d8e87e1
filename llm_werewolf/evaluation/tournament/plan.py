"""Expanding a config into games: rulesets × seeds × rotations of the models over the seats.

With the round-robin rotation the same seed (hence the same deal) is played
once per model offset ``r``: seat ``i`` is played by ``models[(i + r) % M]``,
so every seat, and every card dealt to it, is played by every model equally
often. ``fixed`` plays each seed once with that seating.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...rules import get_ruleset
from .config import ConfigError, ModelEntry, TournamentConfig


@dataclass(frozen=True, slots=True)
class GameJob:
    """Everything needed to play one game of a tournament (picklable for Ray)."""

    key: str
    variant: str
    language: str
    players: int
    seed: int
    rotation: int
    seats: tuple[ModelEntry, ...]
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def filename(self) -> str:
        return f"{self.key}.jsonl"


def standard_players(variant: str) -> int:
    ruleset = get_ruleset(variant)
    return min(max(9, ruleset.min_players), ruleset.max_players)


def plan(config: TournamentConfig) -> list[GameJob]:
    jobs: list[GameJob] = []
    models = config.models
    rotations = range(len(models)) if config.rotation == "round_robin" else range(1)
    for entry in config.rulesets:
        ruleset = get_ruleset(entry.variant)
        language = entry.language or ruleset.source_language
        if language not in ruleset.languages:
            raise ConfigError(f"{entry.variant} is available in {', '.join(ruleset.languages)}, not {language!r}")
        players = entry.players or standard_players(entry.variant)
        if not ruleset.min_players <= players <= ruleset.max_players:
            raise ConfigError(
                f"{entry.variant} is played by {ruleset.min_players}-{ruleset.max_players} players, not {players}"
            )
        ruleset.parse_options(entry.options)
        for seed in config.seed_list():
            for r in rotations:
                seats = tuple(models[(i + r) % len(models)] for i in range(players))
                key = f"{entry.variant}.{language}.p{players}.s{seed}.r{r}"
                jobs.append(
                    GameJob(
                        key=key,
                        variant=entry.variant,
                        language=language,
                        players=players,
                        seed=seed,
                        rotation=r,
                        seats=seats,
                        options=dict(entry.options),
                    )
                )
    keys = [j.key for j in jobs]
    if len(set(keys)) != len(keys):
        raise ConfigError("two rulesets entries make the same games (same variant, language and players)")
    return jobs
