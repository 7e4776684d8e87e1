"""Robber: swaps his card with another player's, then looks at his new card."""

from __future__ import annotations

from dataclasses import dataclass

from llm_werewolf.rules import SKIP, SKIP_OPTION, Answers, Choice, Decision, Step, target_of, to_seats
from llm_werewolf.rules.events import ActionTaken, RoleAssigned

from ..cards import OneCtx, other_seats, swap_seats
from ..targets import any_target
from ..unit import Reading, Tactic

KIND = "robber_swap"
STAY_CHANCE = 0.1
"""How often the heuristic Robber keeps his card."""


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


def rob(reading: Reading, decision: Decision) -> Choice:
    """The heuristic Robber: some nights he stays, else he robs a random player."""
    if reading.draws.random() < STAY_CHANCE:
        return Choice(SKIP)
    return any_target(reading, decision)


TACTICS: dict[str, Tactic] = {KIND: rob}
"""The heuristic player's play for the Robber's swap."""
