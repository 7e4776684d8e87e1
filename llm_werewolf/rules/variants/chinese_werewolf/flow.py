"""The cycle of nights and days (the seed's steps 1-12)."""

from __future__ import annotations

from dataclasses import dataclass

from llm_werewolf.rules import Phase, Step
from llm_werewolf.rules.day_limit import end_at_day_limit

from .data import CWCtx
from .day import Dawn, Discussion, ExileVote
from .night import CupidStep, GuardStep, LoversStep, SeerStep, ThiefStep, WitchStep, WolvesStep
from .sheriff import SheriffElection


@dataclass(frozen=True, slots=True)
class Night(Step):
    """天黑請閉眼. Night 1: thief, cupid, lovers, then every night guard, seer, wolves, witch."""

    def run(self, ctx: CWCtx) -> None:
        if end_at_day_limit(ctx):
            return
        number = ctx.state.days_played + 1
        if ctx.data.day_over:
            ctx.update_data(day_over=False)
        ctx.start_phase(Phase("night", number))
        ctx.cue("nightfall")
        if number == 1:
            ctx.cue("sleep", "lovers")
            ctx.push(ThiefStep(), CupidStep(), LoversStep())
        ctx.push(GuardStep(), SeerStep(), WolvesStep(), WitchStep(), Day())


@dataclass(frozen=True, slots=True)
class Day(Step):
    """天亮了. Day 1 elects the sheriff before the night's deaths are announced."""

    def run(self, ctx: CWCtx) -> None:
        number = ctx.state.days_played + 1
        ctx.update(days_played=number)
        ctx.start_phase(Phase("day", number))
        ctx.cue("dawn")
        if number == 1 and ctx.options.sheriff:
            ctx.push(SheriffElection())
        ctx.push(Dawn(), Discussion(), ExileVote(), Night())
