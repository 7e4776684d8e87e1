"""Who has won: town, mafia or the Maniac (checked every morning and after every elimination)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from llm_werewolf.rules import GameState, Outcome, Step

from .common import CityCtx
from .roles import MAFIA_ROLES, MAFIA_SIDE, MANIAC, MANIAC_SIDE, ROLES, TOWN_SIDE


def _side_seats(state: GameState[Any, Any], side: str) -> tuple[int, ...]:
    return tuple(s.index for s in state.seats if ROLES[s.role].side == side)


def outcome(state: GameState[Any, Any]) -> Outcome | None:
    """The outcome if the game is decided, else ``None``.

    * nobody alive: a draw (``table_empty``);
    * no mafia and no Maniac alive: the town wins;
    * the Maniac alive with at most one other player: the Maniac wins;
    * the Maniac dead (or never dealt) and the mafia at least as many as all others: the mafia wins.
    """
    living = [s for s in state.seats if s.alive]
    if not living:
        return Outcome((), (), "table_empty")
    mafia = sum(1 for s in living if s.role in MAFIA_ROLES)
    maniac = any(s.role == MANIAC for s in living)
    if mafia == 0 and not maniac:
        return Outcome(_side_seats(state, TOWN_SIDE), (TOWN_SIDE,), "mafia_and_maniac_gone")
    if maniac and len(living) <= 2:
        reason = "maniac_last" if len(living) == 1 else "maniac_one_on_one"
        return Outcome(_side_seats(state, MANIAC_SIDE), (MANIAC_SIDE,), reason)
    if not maniac and mafia >= len(living) - mafia:
        return Outcome(_side_seats(state, MAFIA_SIDE), (MAFIA_SIDE,), "mafia_parity")
    return None


@dataclass(frozen=True, slots=True)
class CheckWin(Step):
    def run(self, ctx: CityCtx) -> None:
        result = outcome(ctx.state)
        if result is not None:
            ctx.finish(result)
