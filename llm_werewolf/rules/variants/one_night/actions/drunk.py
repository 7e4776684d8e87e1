"""Drunk: swaps his card with a center card he names, without looking at it."""

from __future__ import annotations

from dataclasses import dataclass

from llm_werewolf.rules import Answers, Step
from llm_werewolf.rules.events import ActionTaken

from ..cards import OneCtx, center_slots, swap_with_center
from ..targets import any_target
from ..unit import Tactic

KIND = "drunk_swap"


@dataclass(frozen=True, slots=True)
class DrunkSwap(Step):
    actor: int

    def run(self, ctx: OneCtx) -> None:
        ctx.ask(self.actor, KIND, center_slots(ctx.state))

    def resolve(self, ctx: OneCtx, answers: Answers) -> None:
        decision, choice = answers.single()
        option = decision.option(choice.option)
        if option is None or option.target is None:
            return
        swap_with_center(ctx, self.actor, option.target)
        ctx.emit_god(ActionTaken(seat=self.actor, action="drink", value=option.id))


def call(ctx: OneCtx, seats: tuple[int, ...]) -> tuple[Step, ...]:
    return tuple(DrunkSwap(seat) for seat in seats)


TACTICS: dict[str, Tactic] = {KIND: any_target}
"""The heuristic player's play: take a random center card."""
