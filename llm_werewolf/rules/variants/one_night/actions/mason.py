"""Masons: wake together and see each other (a lone Mason learns he is alone)."""

from __future__ import annotations

from llm_werewolf.rules import Step, to_team
from llm_werewolf.rules.events import Info

from ..cards import OneCtx


def call(ctx: OneCtx, seats: tuple[int, ...]) -> tuple[Step, ...]:
    if seats:
        ctx.emit(Info(fact="team", value="masons", seats=seats), to_team("masons", seats))
    return ()
