"""Small shared helpers for the city Mafia steps."""

from __future__ import annotations

from typing import Any, TypeAlias

from llm_werewolf.rules import Ctx, GameState
from llm_werewolf.rules.events import Info

from .data import CityData
from .options import CityMafiaOptions
from .roles import MAFIA_ROLES

CityCtx: TypeAlias = Ctx[CityData, CityMafiaOptions]
CityState: TypeAlias = GameState[CityData, CityMafiaOptions]

YES = "yes"
NO = "no"
NONE = "none"
SPEAK = "speak"


def mafia_seats(state: GameState[Any, Any], *, alive_only: bool = True) -> tuple[int, ...]:
    return tuple(s.index for s in state.seats if s.role in MAFIA_ROLES and (s.alive or not alive_only))


def called(ctx: CityCtx, role: str) -> bool:
    """Voice the wake cue of ``role`` when its card is in the deck; returns whether it was called."""
    if role not in ctx.data.deck:
        return False
    ctx.cue("wake", role)
    return True


def sleep(ctx: CityCtx, role: str) -> None:
    ctx.cue("sleep", role)


def crossed_arms(ctx: CityCtx, seat: int, role: str) -> bool:
    """Show the crossed arms to ``seat`` if the Putana visited it tonight; returns whether it did."""
    if ctx.data.putana_client != seat:
        return False
    ctx.emit_to(Info(fact="blocked", subject=seat, value=role), seat)
    sleep(ctx, role)
    return True


def quiet_night(ctx: CityCtx) -> bool:
    """Whether tonight has no kills (night 1 with ``first_night_kills`` off)."""
    return ctx.state.phase.number == 1 and not ctx.options.first_night_kills
