"""Robber: swaps his card with another player's, then looks at his new card."""

from __future__ import annotations

from dataclasses import dataclass

from llm_werewolf.rules import SKIP, SKIP_OPTION, Answers, Step, target_of, to_seats
from llm_werewolf.rules.events import ActionTaken, RoleAssigned

from ..cards import OneCtx, other_seats, swap_seats

KIND = "robber_swap"


@dataclass(frozen=True, slots=True)
class RobberSwap(Step):
    actor: int

    def run(self, ctx: OneCtx) -> None:
        ctx.ask(self.actor, KIND, [*other_seats(ctx.state, self.actor), SKIP_OPTION], default=SKIP)

    def resolve(self, ctx: OneCtx, answers: Answers) -> None:
        _, choice = answers.single()
        target = target_of(choice)
        if target is None:
            return
        swap_seats(ctx, self.actor, target)
        ctx.emit_god(ActionTaken(seat=self.actor, action="rob", targets=(target,)))
        new_card = ctx.state.seat(self.actor).role
        ctx.emit(RoleAssigned(seat=self.actor, role=new_card, reason="robbery"), to_seats(self.actor))


def call(ctx: OneCtx, seats: tuple[int, ...]) -> tuple[Step, ...]:
    return tuple(RobberSwap(seat) for seat in seats)
