"""Dawn: the narrator wakes everyone and announces the night's deaths, their causes and who was saved."""

from __future__ import annotations

from dataclasses import dataclass

from llm_werewolf.rules import Ctx, Phase, Step
from llm_werewolf.rules.events import AnnouncedDeath, Announcement, DeathsAnnounced

from .data import GhoulsData
from .day import Day
from .deaths import Shots, kill
from .options import GhoulsOptions
from .roles import GHOULS_KILL, JARA_CAUGHT, POISON
from .victory import CheckWin


@dataclass(frozen=True, slots=True)
class Morning(Step):
    def run(self, ctx: Ctx[GhoulsData, GhoulsOptions]) -> None:
        day = ctx.state.days_played + 1
        ctx.update(days_played=day)
        ctx.start_phase(Phase("day", day))
        ctx.cue("dawn")
        data = ctx.data
        deaths: list[AnnouncedDeath] = []
        if data.prey is not None and data.saved != data.prey:
            cause = JARA_CAUGHT if data.caught else GHOULS_KILL
            kill(ctx, data.prey, cause, deaths, announce_as=GHOULS_KILL)
        if data.poisoned is not None:
            kill(ctx, data.poisoned, POISON, deaths)
        ctx.emit(DeathsAnnounced(deaths=tuple(deaths)))
        if data.saved is not None:
            ctx.emit(Announcement(key="saved", seats=(data.saved,)))
        ctx.update_data(prey=None, caught=False, saved=None, poisoned=None)
        ctx.push(Shots(), CheckWin(), Day())
