"""Small card moves and looks shared by the night actions (no role knowledge: role units use them too)."""

from __future__ import annotations

from llm_werewolf.rules import Ctx, GameState, Option, center_option, seat_option, to_seats
from llm_werewolf.rules.events import Info

from .data import NightData, OneNightOptions

OneCtx = Ctx[NightData, OneNightOptions]
OneState = GameState[NightData, OneNightOptions]


def other_seats(state: OneState, actor: int, *, exclude: tuple[int, ...] = ()) -> list[Option]:
    """``seat:j`` for every player except ``actor`` and ``exclude``."""
    return [seat_option(s.index) for s in state.seats if s.index != actor and s.index not in exclude]


def center_slots(state: OneState, *, exclude: tuple[int, ...] = ()) -> list[Option]:
    return [center_option(k) for k in range(len(state.extra)) if k not in exclude]


def show_card(ctx: OneCtx, viewer: int, seat: int) -> str:
    """``viewer`` looks at the card in front of ``seat`` (fact ``role``); returns the card."""
    card = ctx.state.seat(seat).role
    ctx.emit(Info(fact="role", subject=seat, value=card, seats=(viewer,)), to_seats(viewer))
    return card


def show_center(ctx: OneCtx, viewer: int, slot: int) -> str:
    """``viewer`` looks at center card ``slot`` (fact ``center_role``, subject = slot)."""
    card = ctx.state.extra[slot]
    ctx.emit(Info(fact="center_role", subject=slot, value=card, seats=(viewer,)), to_seats(viewer))
    return card


def swap_seats(ctx: OneCtx, a: int, b: int) -> None:
    card_a = ctx.state.seat(a).role
    card_b = ctx.state.seat(b).role
    ctx.set_seat(a, role=card_b)
    ctx.set_seat(b, role=card_a)


def swap_with_center(ctx: OneCtx, seat: int, slot: int) -> None:
    card = ctx.state.seat(seat).role
    center = list(ctx.state.extra)
    ctx.set_seat(seat, role=center[slot])
    center[slot] = card
    ctx.update(extra=tuple(center))
