"""Minion: learns who woke as wolves (they raise a thumb); the wolves do not learn him."""

from __future__ import annotations

from llm_werewolf.rules import Step, to_seats
from llm_werewolf.rules.events import Info

from ..cards import OneCtx, woke_as_wolves


def call(ctx: OneCtx, seats: tuple[int, ...]) -> tuple[Step, ...]:
    wolves = woke_as_wolves(ctx.state)
    for seat in seats:
        ctx.emit(Info(fact="wolves", seats=wolves), to_seats(seat))
    return ()
