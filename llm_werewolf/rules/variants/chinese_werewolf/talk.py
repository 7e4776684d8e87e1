"""One player's speech: discussion, sheriff campaign, exile defense; a werewolf's self-destruct (自爆)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from llm_werewolf.rules import SKIP, SKIP_OPTION, Answers, Step, plain_option
from llm_werewolf.rules.events import Announcement, Speech

from .data import CWCtx
from .roles import WEREWOLF
from .units import SPEECH_ACTION_UNITS

SPEAK = "speak"
SELF_DESTRUCT = "self_destruct"
DESTRUCT_STAGES = frozenset({"discussion", "defense"})
"""Speeches before which a werewolf may self-destruct (not the sheriff campaign)."""
SPEAK_OPTIONS = (plain_option(SPEAK),)
DESTRUCT_OPTIONS = (plain_option(SELF_DESTRUCT), SKIP_OPTION)
"""The options of a speech and of the self-destruct question (one shared tuple each)."""


@dataclass(frozen=True, slots=True)
class Talk(Step):
    """Asks ``seat`` for a speech of decision kind ``kind``; silent if the seat has died."""

    seat: int
    kind: str = "speech"
    stage: str = "discussion"
    offered: bool = False
    """The werewolf has already been offered his self-destruct before this speech."""
    units_asked: bool = False
    """The role units' day actions before this speech (:meth:`CWUnit.before_speech`) have run."""

    def run(self, ctx: CWCtx) -> None:
        if not ctx.state.seats[self.seat].alive or ctx.data.day_over:
            return
        if not self.units_asked:
            actions = [
                step
                for unit in SPEECH_ACTION_UNITS
                if (step := unit.before_speech(ctx, self.seat, self.stage)) is not None
            ]
            if actions:
                ctx.push(*actions, replace(self, units_asked=True))
                return
        if not self.offered and may_self_destruct(ctx, self.seat, self.stage):
            ctx.ask(self.seat, SELF_DESTRUCT, DESTRUCT_OPTIONS, default=SKIP)
            return
        ctx.ask(self.seat, self.kind, SPEAK_OPTIONS, default=SPEAK, speech=True)

    def resolve(self, ctx: CWCtx, answers: Answers) -> None:
        decision, choice = answers.single()
        if decision.kind == SELF_DESTRUCT:
            if choice.option == SELF_DESTRUCT:
                self_destruct(ctx, self.seat)
            else:
                ctx.push(replace(self, offered=True))
            return
        ctx.emit(Speech(seat=self.seat, text=choice.text, stage=self.stage, claim=choice.claim, acts=choice.acts))


def may_self_destruct(ctx: CWCtx, seat: int, stage: str) -> bool:
    return ctx.options.wolf_self_destruct and stage in DESTRUCT_STAGES and ctx.state.seats[seat].role == WEREWOLF


def self_destruct(ctx: CWCtx, seat: int) -> None:
    """自爆: the werewolf shows his card and dies at once; the day ends (no speech, no exile vote)."""
    from .deaths import ResolveDeaths  # deaths imports Talk's module through sheriff

    ctx.update_data(day_over=True)
    ctx.emit(Announcement(key="self_destruct", seats=(seat,)))
    ctx.push(ResolveDeaths(((seat, "self_destruct"),), "self_destruct", False))


def clockwise_after(anchor: int, seats: int, direction: int = 1) -> list[int]:
    """Every seat index, starting next to ``anchor`` in ``direction`` and ending with it."""
    return [(anchor + direction * k) % seats for k in range(1, seats + 1)]
