"""Seer: one other player's card, or two center cards (one at a time)."""

from __future__ import annotations

from dataclasses import dataclass

from llm_werewolf.rules import SKIP, SKIP_OPTION, Answers, Choice, Decision, Step

from ..cards import OneCtx, center_slots, other_seats, show_card, show_center
from ..targets import any_target, centers_of, seats_of
from ..unit import Reading, Tactic

KIND = "seer_look"
CENTER_CHANCE = 0.25
"""How often the heuristic Seer looks at the center when a player is on offer too."""


@dataclass(frozen=True, slots=True)
class SeerLook(Step):
    actor: int

    def run(self, ctx: OneCtx) -> None:
        options = [*other_seats(ctx.state, self.actor), *center_slots(ctx.state), SKIP_OPTION]
        ctx.ask(self.actor, KIND, options, default=SKIP)

    def resolve(self, ctx: OneCtx, answers: Answers) -> None:
        decision, choice = answers.single()
        option = decision.option(choice.option)
        if option is None or option.target is None:
            return
        if option.kind == "seat":
            show_card(ctx, self.actor, option.target)
            return
        show_center(ctx, self.actor, option.target)
        ctx.ask(self.actor, KIND, center_slots(ctx.state, exclude=(option.target,)))
        ctx.continue_with(SeerSecondCenter(self.actor))


@dataclass(frozen=True, slots=True)
class SeerSecondCenter(Step):
    actor: int

    def run(self, ctx: OneCtx) -> None:  # only reached through continue_with
        raise RuntimeError("SeerSecondCenter only resolves")

    def resolve(self, ctx: OneCtx, answers: Answers) -> None:
        decision, choice = answers.single()
        option = decision.option(choice.option)
        if option is not None and option.target is not None:
            show_center(ctx, self.actor, option.target)


def call(ctx: OneCtx, seats: tuple[int, ...]) -> tuple[Step, ...]:
    return tuple(SeerLook(seat) for seat in seats)


def look(reading: Reading, decision: Decision) -> Choice:
    """The heuristic Seer: a center card some nights (always when no player is on offer), else a random
    player she has no reason to skip."""
    centers = centers_of(decision)
    if centers and (not seats_of(decision) or reading.draws.random() < CENTER_CHANCE):
        return Choice(reading.draws.choice(centers).id)
    return any_target(reading, decision)


TACTICS: dict[str, Tactic] = {KIND: look}
"""The heuristic player's play for the Seer's looks."""
