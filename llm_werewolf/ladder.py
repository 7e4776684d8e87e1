"""The strength ladder: does each side's heuristic beat random play on that side?

For a ruleset, a board and a side, two series of games are played on the same seeds:

* *heuristic*: every seat is a :class:`~llm_werewolf.agents.heuristic.HeuristicAgent`;
* *naive*: the seats whose role belongs to ``side`` are
  :class:`~llm_werewolf.agents.random_agent.NaiveAgent` (uniform random legal choices,
  silent speeches), everyone else stays heuristic.

The *margin* is the side's win rate in the first series minus its win rate in the second.
A side whose heuristic is worth its name wins clearly more often than its naive version
(docs/heuristics.md asks for 15 points). A seat's side is read from the role it holds at
each decision, so a seat whose card changes (a thief, a robbed card) follows its new side, except
after the role changes listed in :data:`KEEPS_SIDE`: an online_mafia Executioner whose target dies at
night becomes a Jester by the rules, yet he is still the player dealt the Executioner card, playing
his endgame. His seat stays on the Executioner's side for the ladder (naive in that side's naive
series, heuristic in the Jester's), and his win as a Jester (his own execution) counts in the
Executioner's cell, not the Jester's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .agents.heuristic import HeuristicAgent
from .agents.random_agent import NaiveAgent
from .rules import Choice, Decision, Game, GameConfig, Record, Ruleset, SeatView, get_ruleset
from .rules.events import RoleAssigned
from .sim import SyncAgent, play_with_agents

__all__ = ["KEEPS_SIDE", "LadderCell", "ladder_sides", "play_cell", "seat_sides", "sides_won", "standard_boards"]

STANDARD_BOARDS: dict[str, tuple[int, ...]] = {
    "chinese_werewolf": (9, 12),
    "city_mafia": (9, 12),
    "lebanese_ghouls": (9, 12),
    "one_night": (9, 12),
    "online_mafia": (15,),
}


KEEPS_SIDE: dict[str, frozenset[str]] = {"online_mafia": frozenset({"target_died"})}
"""Per ruleset, the reasons of a role change (``RoleAssigned.reason``) after which the seat still
plays for the side it held: an Executioner turned Jester ("target_died") plays the Executioner's
endgame."""


class SeatSides:
    """Each seat's side for the ladder, folded from the ``RoleAssigned`` records in order."""

    def __init__(self, ruleset: Ruleset[Any, Any], keeps: frozenset[str]) -> None:
        self.ruleset = ruleset
        self.keeps = keeps
        self.sides: dict[int, str] = {}  # seat -> the side it plays for
        self.current: dict[int, str] = {}  # seat -> the side of the role it holds
        self.read = 0

    def fold(self, records: Sequence[Record]) -> None:
        """Read the records not read yet (a seat's view or the game's log; both only grow)."""
        for record in records[self.read :]:
            event = record.event
            if isinstance(event, RoleAssigned):
                side = self.ruleset.side_of_role(event.role)
                if event.seat not in self.sides or event.reason not in self.keeps:
                    self.sides[event.seat] = side
                self.current[event.seat] = side
        self.read = len(records)


def seat_sides(game: Game) -> dict[int, str]:
    """Each seat's side for the ladder at the end of ``game`` (see :data:`KEEPS_SIDE`)."""
    folded = SeatSides(get_ruleset(game.config.variant), KEEPS_SIDE.get(game.config.variant, frozenset()))
    folded.fold(game.records)
    return folded.sides


def sides_won(game: Game) -> set[str]:
    """The sides the ladder credits with ``game``'s win: the outcome's, except that a winning seat
    whose side a kept role change held (see :data:`KEEPS_SIDE`) wins for that side, and the side of
    his new role only wins if another winner holds it."""
    outcome = game.outcome
    assert outcome is not None
    won = set(outcome.sides)
    keeps = KEEPS_SIDE.get(game.config.variant)
    if not keeps:
        return won
    folded = SeatSides(get_ruleset(game.config.variant), keeps)
    folded.fold(game.records)
    kept = {seat: side for seat, side in folded.sides.items() if side != folded.current[seat]}
    winners = set(outcome.winners)
    for seat, side in kept.items():
        if seat in winners:
            won.add(side)
            now = folded.current[seat]
            if not any(folded.current.get(w) == now for w in winners - kept.keys()):
                won.discard(now)
    return won


def standard_boards(variant: str) -> tuple[int, ...]:
    """The board sizes a ruleset's balance figures are quoted for."""
    return STANDARD_BOARDS.get(variant, (9, 12))


class SideAgent:
    """Naive while this seat's current role is on ``side``, heuristic otherwise."""

    def __init__(self, side: str, variant: str, seed: int) -> None:
        self.side = side
        self.ruleset = get_ruleset(variant)
        self.keeps = KEEPS_SIDE.get(variant, frozenset())
        self.sides = SeatSides(self.ruleset, self.keeps)
        self.naive = NaiveAgent(seed)
        self.heuristic = HeuristicAgent(seed)

    def plays_for(self, view: SeatView) -> str | None:
        """The side this seat plays for now: its role's, unless a kept role change came first."""
        if view.role is None:
            return None
        if self.keeps and view.seat is not None:
            self.sides.fold(view.records)
            kept = self.sides.sides.get(view.seat)
            if kept is not None:
                return kept
        return self.ruleset.side_of_role(view.role)

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        if self.plays_for(view) == self.side:
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
        wins.update(sides_won(play_with_agents(config, agents)))
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
