"""Win-rate summaries of many simulated games."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from .rules import Game

Z_95 = 1.959963984540054


def wilson_interval(wins: int, games: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (``(0, 1)`` without games)."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1.0 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1.0 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True, slots=True)
class Rate:
    wins: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def stderr(self) -> float:
        if not self.games:
            return 0.0
        p = self.rate
        return math.sqrt(p * (1.0 - p) / self.games)

    @property
    def interval(self) -> tuple[float, float]:
        """95% Wilson interval."""
        return wilson_interval(self.wins, self.games)

    def as_dict(self) -> dict[str, float | int]:
        return {
            "wins": self.wins,
            "n": self.games,
            "rate": round(self.rate, 4),
            "stderr": round(self.stderr, 4),
        }


@dataclass
class Summary:
    games: int = 0
    draws: int = 0
    side_wins: Counter[str] = field(default_factory=Counter)
    role_wins: Counter[str] = field(default_factory=Counter)
    role_seats: Counter[str] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    days: int = 0
    decisions: int = 0

    def add(self, game: Game) -> None:
        outcome = game.outcome
        if outcome is None:
            raise ValueError("the game has not ended")
        self.games += 1
        self.days += game.state.days_played
        self.decisions += game.state.next_decision_id
        self.reasons[outcome.reason] += 1
        if not outcome.sides:
            self.draws += 1
        for side in outcome.sides:
            self.side_wins[side] += 1
        winners = set(outcome.winners)
        for seat in game.state.seats:
            self.role_seats[seat.role] += 1
            if seat.index in winners:
                self.role_wins[seat.role] += 1

    def extend(self, games: Iterable[Game]) -> None:
        for game in games:
            self.add(game)

    def merge(self, other: Summary) -> None:
        """Add the games of ``other`` (played after this summary's: counters keep first-seen order)."""
        self.games += other.games
        self.draws += other.draws
        self.days += other.days
        self.decisions += other.decisions
        self.side_wins.update(other.side_wins)
        self.role_wins.update(other.role_wins)
        self.role_seats.update(other.role_seats)
        self.reasons.update(other.reasons)

    def side_rate(self, side: str) -> Rate:
        return Rate(self.side_wins[side], self.games)

    def role_rate(self, role: str) -> Rate:
        return Rate(self.role_wins[role], self.role_seats[role])

    def as_dict(self, sides: Iterable[str]) -> dict[str, object]:
        return {
            "games": self.games,
            "draws": self.draws,
            "mean_days": round(self.days / self.games, 3) if self.games else 0.0,
            "mean_decisions": round(self.decisions / self.games, 1) if self.games else 0.0,
            "sides": {side: self.side_rate(side).as_dict() for side in sides},
            "roles": {role: self.role_rate(role).as_dict() for role in sorted(self.role_seats)},
            "reasons": dict(sorted(self.reasons.items())),
        }
