"""Doppelganger: copies another player's card at dusk and becomes that role.

She acts at once as a Seer, Robber, Troublemaker, Drunk, Mystic Wolf or
Investigator; as a Werewolf, Mason, Minion or Little Girl she wakes with that
role later; as an Insomniac she wakes right after the Insomniac.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from llm_werewolf.rules import Answers, Step, target_of, to_seats
from llm_werewolf.rules.events import ActionTaken, Info

from ..cards import OneCtx, other_seats
from ..roles import DRUNK, INVESTIGATOR, MYSTIC_WOLF, ROBBER, SEER, TROUBLEMAKER
from ..targets import any_target
from ..unit import OneNightUnit, Tactic
from ..units import UNITS
from .drunk import DrunkSwap
from .investigator import InvestigatorLook
from .mystic_wolf import MysticLook
from .robber import RobberSwap
from .seer import SeerLook
from .troublemaker import TroublemakerFirst

KIND = "doppel_copy"

ACTS_AT_ONCE: Mapping[str, Callable[[int], Step]] = {
    SEER: SeerLook,
    ROBBER: RobberSwap,
    TROUBLEMAKER: TroublemakerFirst,
    DRUNK: DrunkSwap,
    MYSTIC_WOLF: MysticLook,
    INVESTIGATOR: InvestigatorLook,
}

WAKING_UNITS: Mapping[str, OneNightUnit] = {unit.role.id: unit for unit in UNITS if unit.wakes_after is not None}
"""Role units whose card the Doppelganger plays at once when she copies it."""


@dataclass(frozen=True, slots=True)
class DoppelCopy(Step):
    actor: int

    def run(self, ctx: OneCtx) -> None:
        ctx.ask(self.actor, KIND, other_seats(ctx.state, self.actor))

    def resolve(self, ctx: OneCtx, answers: Answers) -> None:
        _, choice = answers.single()
        target = target_of(choice)
        if target is None:
            return
        copied = ctx.state.seat(target).role
        ctx.update_data(doppel_copy=copied, doppel_as=copied)
        ctx.emit(Info(fact="copied", subject=target, value=copied, seats=(self.actor,)), to_seats(self.actor))
        ctx.emit_god(ActionTaken(seat=self.actor, action="copy", targets=(target,), value=copied))
        act = ACTS_AT_ONCE.get(copied)
        if act is not None:
            ctx.push(act(self.actor))
        unit = WAKING_UNITS.get(copied)
        if unit is not None:
            ctx.push(*unit.call(ctx, (self.actor,)))


def call(ctx: OneCtx, seats: tuple[int, ...]) -> tuple[Step, ...]:
    return tuple(DoppelCopy(seat) for seat in seats)


TACTICS: dict[str, Tactic] = {KIND: any_target}
"""The heuristic player's play: copy a random other player's card, not one seen as a werewolf."""
