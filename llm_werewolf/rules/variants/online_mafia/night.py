"""The night: call the wake order, ask every night action at once, resolve, announce the morning."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from llm_werewolf.rules import Answers, Phase, Step, to_seats, to_team
from llm_werewolf.rules.day_limit import end_at_day_limit
from llm_werewolf.rules.events import AnnouncedDeath, Announcement, DeathsAnnounced, StatusChanged

from .asking import AskCtx
from .data import OMCtx, OMState
from .deaths import after_deaths, kill, set_role, tell_team
from .model import Faction
from .registry import ROLES
from .roles import MERGERS
from .roles.common import generic_build
from .wake import FIRST_NIGHT_ONLY
from .work import Action, Death, NightWork

NIGHT_GROUP = "night"


def night_actions(
    state: OMState, night: int, answers: Iterable[tuple[int, str, str]]
) -> tuple[list[Action], list[int]]:
    """Turn ``(seat, kind, option)`` answers into actions (plus passive ones); returns them and the seats
    that used one of their limited uses."""
    actx = AskCtx(state, night)
    by_seat: dict[int, dict[str, str]] = {}
    for seat, kind, option in answers:
        by_seat.setdefault(seat, {})[kind] = option
    actions: list[Action] = []
    spent: list[int] = []
    for seat in sorted(by_seat):
        spec = actx.spec(seat)
        built = (spec.build or generic_build)(actx, seat, by_seat[seat])
        if built and spec.uses is not None:
            spent.append(seat)
        actions.extend(built)
    for seat in state.living():
        spec = actx.spec(seat)
        if spec.passive and spec.nights.allows(night):
            actions.append(Action(spec.id, seat))
    for merge in MERGERS:
        actions = merge(actions, actx)
    return actions, spent


def resolve_night(state: OMState, night: int, answers: Iterable[tuple[int, str, str]]) -> NightWork:
    """The whole night's resolution as a pure function of the state and the answers."""
    actions, spent = night_actions(state, night, answers)
    work = NightWork(state, night)
    work.actions = actions
    work.spent = spent
    work.resolve()
    return work


@dataclass(frozen=True, slots=True)
class Night(Step):
    def run(self, ctx: OMCtx) -> None:
        if end_at_day_limit(ctx):
            return
        night = ctx.data.night + 1
        ctx.update_data(night=night)
        ctx.start_phase(Phase("night", night))
        for step in ctx.data.steps:
            if step in FIRST_NIGHT_ONLY and night != 1:
                continue
            ctx.cue("wake", step)
            ctx.cue("sleep", step)
        actx = AskCtx(ctx.state, night)
        asked = False
        for seat in ctx.state.living():
            spec = actx.spec(seat)
            if spec.ask is None or not actx.can_act(seat):
                continue
            for ask in spec.ask(actx, seat):
                ctx.ask(seat, ask.kind, ask.options, default=ask.default, group=NIGHT_GROUP)
                asked = True
        if not asked:
            finish_night(ctx, resolve_night(ctx.state, night, ()))

    def resolve(self, ctx: OMCtx, answers: Answers) -> None:
        triples = ((d.seat, d.kind, c.option) for d, c in answers)
        finish_night(ctx, resolve_night(ctx.state, ctx.data.night, triples))


def finish_night(ctx: OMCtx, work: NightWork) -> None:
    """Apply a resolved night to the game: results, deaths, role changes, statuses; then the day."""
    from .day import Day
    from .win import CheckWin

    for seat, info in work.infos:
        ctx.emit(info, to_seats(seat))
    _store(ctx, work)
    corpses = _deaths(ctx, list(work.deaths.values()))
    converted = _role_changes(ctx, work)
    after_deaths(ctx, corpses)
    _statuses(ctx, work)
    quiet = not corpses and not converted
    ctx.update_data(quiet_nights=ctx.data.quiet_nights + 1 if quiet else 0)
    ctx.push(CheckWin(after_night=True), Day())


def _store(ctx: OMCtx, work: NightWork) -> None:
    data = ctx.data
    uses = dict(data.uses)
    for seat in work.spent:
        if seat in uses:
            uses[seat] = max(0, uses[seat] - 1)
    raised = data.raised | {a.visitor for a in work.actions if a.raised and a.visitor is not None}
    ctx.update_data(
        uses=uses,
        jinxed=frozenset(work.jinxed),
        twins=work.twins,
        masks=work.masks,
        guilty=frozenset(work.guilty),
        completed=data.completed | work.completed,
        self_healed=frozenset(work.self_healed),
        raised=raised,
    )


def _deaths(ctx: OMCtx, deaths: list[Death]) -> list[int]:
    corpses: list[int] = []
    announced: list[AnnouncedDeath] = []
    for death in deaths:
        for seat in kill(ctx, death.seat, death.cause):
            corpses.append(seat)
            hidden = death.hidden and seat == death.seat
            cause = death.cause if seat == death.seat else "twin_soul"
            role = None if hidden else ctx.state.seat(seat).role
            announced.append(AnnouncedDeath(seat=seat, cause=cause, role=role))
    ctx.emit(DeathsAnnounced(deaths=tuple(announced)))
    return corpses


def _role_changes(ctx: OMCtx, work: NightWork) -> bool:
    converted = False
    for seat, (role, reason) in work.new_roles.items():
        if not ctx.state.is_alive(seat):
            continue
        set_role(ctx, seat, role, reason)
        if reason == "conversion":
            converted = True
            cult = [s.index for s in ctx.state.iter_living() if ROLES[s.role].faction is Faction.CULT]
            ctx.emit(StatusChanged(seat=seat, status="converted", value="on"), to_team("cult", cult))
            tell_team(ctx, Faction.CULT)
        else:
            ctx.emit(Announcement(key="remembered", seats=(seat,), value=role))
            faction = ROLES[role].faction
            if faction in (Faction.MAFIA, Faction.CULT):
                tell_team(ctx, faction)
    return converted


def _statuses(ctx: OMCtx, work: NightWork) -> None:
    for jinx, target in work.newly_jinxed:
        ctx.emit(StatusChanged(seat=target, status="jinxed", value="on"), to_seats(jinx))
    silenced = frozenset(i for i in work.silenced if ctx.state.is_alive(i))
    judged = frozenset(i for i in work.judged if ctx.state.is_alive(i))
    ctx.update_data(silenced=silenced, judged=judged)
    for seat in sorted(silenced):
        ctx.emit(StatusChanged(seat=seat, status="blackmailed", value="on"))
    for seat in sorted(judged):
        ctx.emit(StatusChanged(seat=seat, status="judged", value="on"))
