"""Dying: the lovers' grief chain and the Sayyad's shot."""

from __future__ import annotations

from dataclasses import dataclass

from llm_werewolf.rules import SKIP, SKIP_OPTION, Answers, Ctx, Step, seat_option, target_of
from llm_werewolf.rules.events import ActionTaken, AnnouncedDeath, Announcement, DeathsAnnounced, Died

from .data import GhoulsData
from .options import GhoulsOptions
from .roles import GRIEF, SAYYAD, SHOT
from .units import UNITS

GCtx = Ctx[GhoulsData, GhoulsOptions]


def partner_of(lovers: tuple[int, ...], seat: int) -> int | None:
    if seat not in lovers:
        return None
    return lovers[1] if lovers[0] == seat else lovers[0]


def kill(
    ctx: GCtx,
    seat: int,
    cause: str,
    out: list[AnnouncedDeath],
    *,
    announce_as: str | None = None,
    show_card: bool = False,
) -> None:
    """Kill ``seat`` (if alive and no role unit spares it), then its lover of grief; queue a Sayyad's shot.

    ``out`` collects what the table is told; ``announce_as`` hides a cause the
    table does not learn, ``show_card`` reveals the card (an execution).
    """
    if not ctx.state.is_alive(seat) or any(unit.spares(ctx, seat, cause) for unit in UNITS):
        return
    ctx.set_seat(seat, alive=False)
    ctx.emit_god(Died(seat=seat, cause=cause))
    role = ctx.state.seat(seat).role
    out.append(AnnouncedDeath(seat=seat, cause=announce_as or cause, role=role if show_card else None))
    if role == SAYYAD and cause in ctx.options.hunter_shoots_on:
        ctx.update_data(shooters=(*ctx.data.shooters, seat))
    partner = partner_of(ctx.data.lovers, seat)
    if partner is not None:
        kill(ctx, partner, GRIEF, out)


@dataclass(frozen=True, slots=True)
class Shots(Step):
    """Every dead Sayyad who may shoot opens his card and shoots (or holds fire), in turn."""

    def run(self, ctx: GCtx) -> None:
        shooters = ctx.data.shooters
        if not shooters:
            return
        hunter = shooters[0]
        ctx.update_data(shooters=shooters[1:])
        ctx.emit(Announcement(key="sayyad_card", seats=(hunter,), value=SAYYAD))
        targets = [seat_option(i) for i in ctx.state.living() if i != hunter]
        if not targets:
            ctx.push(Shots())
            return
        ctx.ask(hunter, "sayyad_shot", [*targets, SKIP_OPTION], default=SKIP)

    def resolve(self, ctx: GCtx, answers: Answers) -> None:
        decision, choice = answers.single()
        target = target_of(choice)
        if target is None:
            ctx.emit(Announcement(key="sayyad_holds_fire", seats=(decision.seat,)))
        else:
            ctx.emit(ActionTaken(seat=decision.seat, action="shoot", targets=(target,)))
            deaths: list[AnnouncedDeath] = []
            kill(ctx, target, SHOT, deaths)
            ctx.emit(DeathsAnnounced(deaths=tuple(deaths), moment="shot"))
        ctx.push(Shots())
