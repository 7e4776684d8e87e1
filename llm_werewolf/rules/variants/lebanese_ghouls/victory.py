"""Who has won: checked after every death resolution."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from llm_werewolf.rules import Ctx, GameState, Outcome, Step

from .data import GhoulsData
from .options import GhoulsOptions
from .roles import FARMERS, GHOUL, GHOULS, LOVERS, ROLES

GState = GameState[GhoulsData, GhoulsOptions]


def mixed_couple(state: GState) -> bool:
    """Whether the lovers' cards belong to different sides (they then play for themselves)."""
    lovers = state.data.lovers
    if len(lovers) != 2:
        return False
    a, b = (ROLES[state.seat(i).role].side for i in lovers)
    return a != b


def side_of(state: GState, seat: int) -> str:
    if seat in state.data.lovers and mixed_couple(state):
        return LOVERS
    return ROLES[state.seat(seat).role].side


def outcome(state: GState) -> Outcome | None:
    """The outcome if the game is decided now, else ``None``."""
    living = state.living()
    if not living:
        return Outcome((), (), "nobody_alive")
    lovers = state.data.lovers
    if len(living) == 2 and living == lovers and mixed_couple(state):
        return Outcome(lovers, (LOVERS,), "lovers_last_alive")
    ghouls_alive = any(state.seats[i].role == GHOUL for i in living)
    others_alive = any(state.seats[i].role != GHOUL for i in living)
    if ghouls_alive and others_alive:
        return None
    side, reason = (GHOULS, "farmers_dead") if ghouls_alive else (FARMERS, "ghouls_dead")
    winners = tuple(s.index for s in state.seats if side_of(state, s.index) == side)
    return Outcome(winners, (side,), reason)


@dataclass(frozen=True, slots=True)
class CheckWin(Step):
    def run(self, ctx: Ctx[Any, Any]) -> None:
        result = outcome(ctx.state)
        if result is not None:
            ctx.finish(result)
