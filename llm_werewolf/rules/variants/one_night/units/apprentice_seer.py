"""The Apprentice Seer (العرّافة المتدرّبة), a card of the official Daybreak box.

She wakes right after the Seer and may look at one center card (fact ``center_role``), or at
nothing; in a speech she reports it as the Seer does (result ``saw_center``). A Doppelganger
who copies her looks at once. The heuristic Apprentice Seer looks at a random center card.
docs/rules/one_night.md, "Added roles".
"""

from __future__ import annotations

from dataclasses import dataclass

from llm_werewolf.rules import SKIP, SKIP_OPTION, Answers, RoleInfo, Step
from llm_werewolf.rules.act_vocabulary import ROLE, Fact

from ..moves import OneCtx, center_slots, show_center
from ..targets import any_target
from ..unit import OneNightUnit

APPRENTICE_SEER = "apprentice_seer"
KIND = "apprentice_seer_look"


@dataclass(frozen=True, slots=True)
class ApprenticeLook(Step):
    actor: int

    def run(self, ctx: OneCtx) -> None:
        ctx.ask(self.actor, KIND, [*center_slots(ctx.state), SKIP_OPTION], default=SKIP)

    def resolve(self, ctx: OneCtx, answers: Answers) -> None:
        decision, choice = answers.single()
        option = decision.option(choice.option)
        if option is not None and option.target is not None:
            show_center(ctx, self.actor, option.target)


@dataclass(frozen=True)
class ApprenticeSeer(OneNightUnit):
    def call(self, ctx: OneCtx, seats: tuple[int, ...]) -> tuple[Step, ...]:
        return tuple(ApprenticeLook(seat) for seat in seats)


UNIT = ApprenticeSeer(
    RoleInfo(APPRENTICE_SEER, "village", power=True, description="views one center card, after the Seer"),
    decision_kinds={KIND: "the Apprentice Seer may view one center card (center:k or skip)"},
    wakes_after="seer",
    facts=(Fact("saw_center", (APPRENTICE_SEER,), ROLE, target="center", info="center_role"),),
    tactics={KIND: any_target},  # a random center card
)
