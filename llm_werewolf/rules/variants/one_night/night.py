"""The night: every role in the deck is called in the fixed order, held or not.

A call is ``Cue(wake, role)``, the holders' actions, then ``Cue(sleep, role)``.
When nobody holds the card (it is in the center) only the two cues happen, so
the silence tells nobody what lies in the center.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from llm_werewolf.rules import Phase, Step

from .actions import (
    doppelganger,
    drunk,
    insomniac,
    investigator,
    mason,
    minion,
    mystic_wolf,
    robber,
    seer,
    troublemaker,
    werewolves,
)
from .cards import OneCtx, doppel_seat, holders
from .roles import (
    DOPPELGANGER,
    DRUNK,
    INSOMNIAC,
    INVESTIGATOR,
    MASON,
    MINION,
    MYSTIC_WOLF,
    NIGHT_ORDER,
    ROBBER,
    SEER,
    TROUBLEMAKER,
    WEREWOLF,
    WOLF_CARDS,
)
from .units import UNITS

CallFn = Callable[[OneCtx, tuple[int, ...]], tuple[Step, ...]]

CALLS: Mapping[str, CallFn] = {
    DOPPELGANGER: doppelganger.call,
    WEREWOLF: werewolves.call,
    MYSTIC_WOLF: mystic_wolf.call,
    MINION: minion.call,
    MASON: mason.call,
    SEER: seer.call,
    INVESTIGATOR: investigator.call,
    ROBBER: robber.call,
    TROUBLEMAKER: troublemaker.call,
    DRUNK: drunk.call,
    INSOMNIAC: insomniac.call,
    **{unit.role.id: unit.call for unit in UNITS if unit.wakes_after is not None},
}

WAKES_WITH_GROUP = frozenset({MASON, MINION})
"""Roles a Doppelganger who copied them wakes for (the others act at once, or after the Insomniac)."""

DOPPEL_WAKE = "doppel_wake"
DOPPEL_SLEEP = "doppel_sleep"


def called(deck: tuple[str, ...]) -> tuple[str, ...]:
    """The roles the narrator calls for ``deck``, in order (the wolves also for a lone Mystic Wolf)."""
    present = set(deck)
    if present & WOLF_CARDS:
        present.add(WEREWOLF)
    return tuple(role for role in NIGHT_ORDER if role in present)


@dataclass(frozen=True, slots=True)
class Night(Step):
    def run(self, ctx: OneCtx) -> None:
        ctx.start_phase(Phase("night", 1))
        deck = ctx.data.deck
        steps: list[Step] = [RoleCall(role) for role in called(deck)]
        if DOPPELGANGER in deck and INSOMNIAC in deck:
            steps.append(DoppelInsomniacCall())
        ctx.push(*steps)


@dataclass(frozen=True, slots=True)
class RoleCall(Step):
    role: str

    def run(self, ctx: OneCtx) -> None:
        ctx.cue("wake", self.role)
        seats = holders(ctx.state, self.role, doppel_too=self.role in WAKES_WITH_GROUP)
        ctx.push(*CALLS[self.role](ctx, seats), Sleep("sleep", self.role))


@dataclass(frozen=True, slots=True)
class DoppelInsomniacCall(Step):
    def run(self, ctx: OneCtx) -> None:
        ctx.cue(DOPPEL_WAKE, INSOMNIAC)
        doppel = doppel_seat(ctx.state)
        if doppel is not None and ctx.data.doppel_copy == INSOMNIAC:
            insomniac.call(ctx, (doppel,))
        ctx.cue(DOPPEL_SLEEP, INSOMNIAC)


@dataclass(frozen=True, slots=True)
class Sleep(Step):
    key: str
    role: str

    def run(self, ctx: OneCtx) -> None:
        ctx.cue(self.key, self.role)
