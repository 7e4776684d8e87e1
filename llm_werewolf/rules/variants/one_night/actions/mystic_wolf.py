"""Mystic Wolf: a werewolf who may also view one other player's card."""

from __future__ import annotations

from dataclasses import dataclass

from llm_werewolf.rules import SKIP, SKIP_OPTION, Answers, Step, target_of

from ..cards import OneCtx, other_seats, show_card
from ..targets import any_target
from ..unit import Tactic

KIND = "mystic_look"


@dataclass(frozen=True, slots=True)
class MysticLook(Step):
    actor: int

    def run(self, ctx: OneCtx) -> None:
        ctx.ask(self.actor, KIND, [*other_seats(ctx.state, self.actor), SKIP_OPTION], default=SKIP)

    def resolve(self, ctx: OneCtx, answers: Answers) -> None:
        _, choice = answers.single()
        target = target_of(choice)
        if target is not None:
            show_card(ctx, self.actor, target)


def call(ctx: OneCtx, seats: tuple[int, ...]) -> tuple[Step, ...]:
    return tuple(MysticLook(seat) for seat in seats)


TACTICS: dict[str, Tactic] = {KIND: any_target}
"""The heuristic player's play: view a random player who is not a fellow werewolf."""
