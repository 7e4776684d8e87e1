"""Troublemaker: swaps the cards of two other players without looking at them."""

from __future__ import annotations

from dataclasses import dataclass

from llm_werewolf.rules import SKIP, SKIP_OPTION, Answers, Step, target_of
from llm_werewolf.rules.events import ActionTaken

from ..cards import OneCtx, other_seats, swap_seats
from ..targets import any_target
from ..unit import Tactic

KIND = "troublemaker_swap"


@dataclass(frozen=True, slots=True)
class TroublemakerFirst(Step):
    actor: int

    def run(self, ctx: OneCtx) -> None:
        ctx.ask(self.actor, KIND, [*other_seats(ctx.state, self.actor), SKIP_OPTION], default=SKIP)

    def resolve(self, ctx: OneCtx, answers: Answers) -> None:
        _, choice = answers.single()
        first = target_of(choice)
        if first is None:
            return
        ctx.ask(self.actor, KIND, other_seats(ctx.state, self.actor, exclude=(first,)))
        ctx.continue_with(TroublemakerSecond(self.actor, first))


@dataclass(frozen=True, slots=True)
class TroublemakerSecond(Step):
    actor: int
    first: int

    def run(self, ctx: OneCtx) -> None:  # only reached through continue_with
        raise RuntimeError("TroublemakerSecond only resolves")

    def resolve(self, ctx: OneCtx, answers: Answers) -> None:
        _, choice = answers.single()
        second = target_of(choice)
        if second is None:
            return
        swap_seats(ctx, self.first, second)
        ctx.emit_god(ActionTaken(seat=self.actor, action="swap", targets=(self.first, second)))


def call(ctx: OneCtx, seats: tuple[int, ...]) -> tuple[Step, ...]:
    return tuple(TroublemakerFirst(seat) for seat in seats)


TACTICS: dict[str, Tactic] = {KIND: any_target}
"""The heuristic player's play: swap two random other players."""
