"""Paranormal Investigator: views up to two other players' cards, one at a time.

If a card he views is a werewolf (or the Tanner) he stops looking and becomes
that: the *player* who looked (the Investigator, or a Doppel-Investigator)
plays as a Werewolf or a Tanner until the end, whatever card he holds then or
later (seed §6). A card moved before his turn does not change who looks: he
wakes by his dealt card.
"""

from __future__ import annotations

from dataclasses import dataclass

from llm_werewolf.rules import SKIP, SKIP_OPTION, Answers, Step, target_of, to_seats
from llm_werewolf.rules.events import ActionTaken, Info

from ..cards import OneCtx, other_seats, show_card
from ..roles import TANNER, WEREWOLF, WOLF_CARDS, seat_identity
from ..targets import any_target
from ..unit import Tactic

KIND = "pi_look"
LOOKS = 2


def conversion(seen: str) -> str | None:
    """What the Investigator becomes after seeing a card counting as ``seen``."""
    if seen in WOLF_CARDS:
        return WEREWOLF
    if seen == TANNER:
        return TANNER
    return None


@dataclass(frozen=True, slots=True)
class InvestigatorLook(Step):
    actor: int
    looked: tuple[int, ...] = ()

    def run(self, ctx: OneCtx) -> None:
        options = [*other_seats(ctx.state, self.actor, exclude=self.looked), SKIP_OPTION]
        ctx.ask(self.actor, KIND, options, default=SKIP)

    def resolve(self, ctx: OneCtx, answers: Answers) -> None:
        _, choice = answers.single()
        target = target_of(choice)
        if target is None:
            return
        show_card(ctx, self.actor, target)
        becomes = conversion(seat_identity(ctx.state.seats, ctx.data, target))
        if becomes is not None:
            ctx.update_data(converted=(*ctx.data.converted, (self.actor, becomes)))
            ctx.emit(
                Info(fact="converted", subject=self.actor, value=becomes, seats=(self.actor,)),
                to_seats(self.actor),
            )
            ctx.emit_god(ActionTaken(seat=self.actor, action="convert", targets=(target,), value=becomes))
            return
        looked = (*self.looked, target)
        if len(looked) < LOOKS:
            ctx.push(InvestigatorLook(self.actor, looked))


def call(ctx: OneCtx, seats: tuple[int, ...]) -> tuple[Step, ...]:
    return tuple(InvestigatorLook(seat) for seat in seats)


TACTICS: dict[str, Tactic] = {KIND: any_target}
"""The heuristic player's play: view a random player not viewed yet."""
