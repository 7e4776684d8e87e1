"""Insomniac: wakes last and looks at her own card (the Doppel-Insomniac right after)."""

from __future__ import annotations

from llm_werewolf.rules import Step, to_seats
from llm_werewolf.rules.events import RoleAssigned

from ..cards import OneCtx, show_card


def call(ctx: OneCtx, seats: tuple[int, ...]) -> tuple[Step, ...]:
    for seat in seats:
        card = show_card(ctx, seat, seat)
        if card != ctx.state.seat(seat).start_role:
            ctx.emit(RoleAssigned(seat=seat, role=card, reason="insomniac"), to_seats(seat))
    return ()
