"""The strength ladder: does each side's heuristic beat random play on that side?

For a ruleset, a board and a side, two series of games are played on the same seeds:

* *heuristic*: every seat is a :class:`~llm_werewolf.agents.heuristic.HeuristicAgent`;
* *naive*: the seats whose role belongs to ``side`` are
  :class:`~llm_werewolf.agents.random_agent.NaiveAgent` (uniform random legal choices,
  silent speeches), everyone else stays heuristic.

The *margin* is the side's win rate in the first series minus its win rate in the second.
A side whose heuristic is worth its name wins clearly more often than its naive version
(docs/heuristics.md asks for 15 points). A seat's side is read from the role it holds at
each decision, so a seat whose card changes (a thief, a robbed card) follows its new side.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .agents.heuristic import HeuristicAgent
from .agents.random_agent import NaiveAgent
from .rules import Choice, Decision, GameConfig, SeatView, get_ruleset
from .sim import SyncAgent, play_with_agents

__all__ = ["LadderCell", "ladder_sides", "play_cell", "standard_boards"]

STANDARD_BOARDS: dict[str, tuple[int, ...]] = {
    "chinese_werewolf": (9, 12),
    "city_mafia": (9, 12),
    "lebanese_ghouls": (9, 12),
    "one_night": (9, 12),
    "online_mafia": (15,),
}


def standard_boards(variant: str) -> tuple[int, ...]:
    """The board sizes a ruleset's balance figures are quoted for."""
    return STANDARD_BOARDS.get(variant, (9, 12))


class SideAgent:
    """Naive while this seat's current role is on ``side``, heuristic otherwise."""

    def __init__(self, side: str, variant: str, seed: int) -> None:
        self.side = side
        self.ruleset = get_ruleset(variant)
        self.naive = NaiveAgent(seed)
        self.heuristic = HeuristicAgent(seed)

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        role = view.role
        if role is not None and self.ruleset.side_of_role(role) == self.side:
            return self.naive.choose(view, decision)
        return self.heuristic.choose(view, decision)


def ladder_sides(variant: str, players: int) -> list[str]:
    """The sides holding cards on the standard board, in the ruleset's side order."""
    ruleset = get_ruleset(variant)
    deck = ruleset.standard_deck(players, ruleset.parse_options({}))
    held = {ruleset.side_of_role(role) for role in deck}
    return [side for side in ruleset.sides if side in held]


@dataclass(frozen=True, slots=True)
class LadderCell:
    """One side on one board: its wins with heuristic and with naive seats, same seeds."""

    variant: str
    players: int
    side: str
    games: int
    heuristic_wins: int
    naive_wins: int

    @property
    def heuristic_rate(self) -> float:
        return self.heuristic_wins / self.games

    @property
    def naive_rate(self) -> float:
        return self.naive_wins / self.games

    @property
    def margin(self) -> float:
        return self.heuristic_rate - self.naive_rate

    def as_dict(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "players": self.players,
            "side": self.side,
            "games": self.games,
            "heuristic": round(self.heuristic_rate, 4),
            "naive": round(self.naive_rate, 4),
            "margin": round(self.margin, 4),
        }


def _winners(variant: str, players: int, seeds: Sequence[int], side: str | None) -> Counter[str]:
    names = tuple(f"P{i + 1}" for i in range(players))
    wins: Counter[str] = Counter()
    for seed in seeds:
        config = GameConfig(variant=variant, names=names, seed=seed)
        agents: list[SyncAgent]
        if side is None:
            agents = [HeuristicAgent(seed=seed * 1009 + i) for i in range(players)]
        else:
            agents = [SideAgent(side, variant, seed * 1009 + i) for i in range(players)]
        outcome = play_with_agents(config, agents).outcome
        assert outcome is not None
        wins.update(set(outcome.sides))
    return wins


def heuristic_wins(variant: str, players: int, seeds: Sequence[int]) -> Counter[str]:
    """Wins per side with every seat heuristic."""
    return _winners(variant, players, seeds, None)


def naive_wins(variant: str, players: int, seeds: Sequence[int], side: str) -> Counter[str]:
    """Wins per side with ``side``'s seats naive."""
    return _winners(variant, players, seeds, side)


def play_cell(variant: str, players: int, side: str, games: int, seed: int = 1) -> LadderCell:
    """Both series for one side (single process)."""
    seeds = range(seed, seed + games)
    best = heuristic_wins(variant, players, seeds)
    naive = naive_wins(variant, players, seeds, side)
    return LadderCell(variant, players, side, games, best[side], naive[side])
