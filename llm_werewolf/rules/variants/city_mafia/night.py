"""The night, in the seed's order: Putana, Mafia, Don, Sheriff, Doctor, Maniac.

Every role whose card is in the deck is called each night (wake and sleep cues),
even when its holder is dead, so the calls tell the table nothing; roles not in
the deck are never called. A player the Putana visited is shown crossed arms
when his role wakes and is not asked (``Info(fact="blocked")``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from llm_werewolf.rules import SKIP, SKIP_OPTION, Answers, Phase, Step, seat_option, target_of, to_team
from llm_werewolf.rules.events import ActionTaken, Info, VoteCast
from llm_werewolf.rules.units import UnitError

from .common import NO, YES, CityCtx, called, crossed_arms, mafia_seats, quiet_night, sleep
from .roles import DOCTOR, DON, MAFIA, MANIAC, PUTANA, SHERIFF
from .unit import CityUnit
from .units import UNITS


@dataclass(frozen=True, slots=True)
class NightFalls(Step):
    def run(self, ctx: CityCtx) -> None:
        ctx.start_phase(Phase("night", ctx.state.days_played + 1))
        ctx.cue("night")
        ctx.update_data(putana_client=None, mafia_victim=None, mafia_split=False, maniac_victim=None, healed=None)


def _answer_target(answers: Answers) -> tuple[int, int]:
    decision, choice = answers.single()
    target = target_of(choice)
    assert target is not None
    return decision.seat, target


@dataclass(frozen=True, slots=True)
class PutanaStep(Step):
    def run(self, ctx: CityCtx) -> None:
        if not called(ctx, PUTANA):
            return
        putana = ctx.state.first_with_role(PUTANA)
        if putana is None:
            sleep(ctx, PUTANA)
            return
        options = [seat_option(i) for i in ctx.state.living() if i != putana]
        ctx.ask(putana, "putana_block", options)

    def resolve(self, ctx: CityCtx, answers: Answers) -> None:
        putana, target = _answer_target(answers)
        ctx.update_data(putana_client=target)
        ctx.emit_god(ActionTaken(seat=putana, action="block", targets=(target,)))
        sleep(ctx, PUTANA)


@dataclass(frozen=True, slots=True)
class MafiaStep(Step):
    """The team wakes together; with a living Don he names the victim after the others suggest."""

    def run(self, ctx: CityCtx) -> None:
        called(ctx, MAFIA)
        state = ctx.state
        if state.phase.number == 1:
            team = mafia_seats(state, alive_only=False)
            for member in team:
                ctx.emit(Info(fact="team", subject=member, value=state.seat(member).role), to_team(MAFIA, team))
        members = mafia_seats(state)
        targets = [seat_option(i) for i in state.living() if i not in members]
        if quiet_night(ctx) or not members or not targets:
            sleep(ctx, MAFIA)
            return
        don = state.first_with_role(DON)
        if don is None:
            for member in members:
                ctx.ask(member, "mafia_kill", targets, group="mafia", collective=True)
            ctx.continue_with(LeaderlessKill())
        elif len(members) == 1:
            ctx.ask(don, "mafia_kill", targets)
            ctx.continue_with(DonNamesVictim())
        else:
            for member in members:
                if member != don:
                    ctx.ask(member, "mafia_suggest", targets, group="mafia", collective=True)
            ctx.continue_with(MafiaSuggestions())


def _team_vote(ctx: CityCtx, answers: Answers, ballot: str) -> None:
    team = to_team(MAFIA, mafia_seats(ctx.state))
    for decision, choice in answers:
        ctx.emit(VoteCast(seat=decision.seat, ballot=ballot, option=choice.option, target=target_of(choice)), team)


def _mafia_kills(ctx: CityCtx, seat: int, target: int) -> None:
    ctx.update_data(mafia_victim=target)
    ctx.emit_god(ActionTaken(seat=seat, action="mafia_kill", targets=(target,)))
    sleep(ctx, MAFIA)


@dataclass(frozen=True, slots=True)
class MafiaSuggestions(Step):
    def resolve(self, ctx: CityCtx, answers: Answers) -> None:
        _team_vote(ctx, answers, "mafia_suggest")
        don = ctx.state.first_with_role(DON)
        assert don is not None
        members = mafia_seats(ctx.state)
        targets = [seat_option(i) for i in ctx.state.living() if i not in members]
        ctx.ask(don, "mafia_kill", targets)
        ctx.continue_with(DonNamesVictim())


@dataclass(frozen=True, slots=True)
class DonNamesVictim(Step):
    def resolve(self, ctx: CityCtx, answers: Answers) -> None:
        _team_vote(ctx, answers, "mafia_kill")
        don, target = _answer_target(answers)
        _mafia_kills(ctx, don, target)


@dataclass(frozen=True, slots=True)
class LeaderlessKill(Step):
    """Without the Don the victim stands only if every living member names the same player."""

    def resolve(self, ctx: CityCtx, answers: Answers) -> None:
        _team_vote(ctx, answers, "mafia_kill")
        named = {target_of(choice) for _, choice in answers}
        first = answers.pairs[0][0].seat
        if len(named) == 1:
            target = named.pop()
            assert target is not None
            _mafia_kills(ctx, first, target)
            return
        ctx.update_data(mafia_split=True)
        ctx.emit_god(ActionTaken(seat=first, action="mafia_disagree", value=ctx.options.leaderless_disagreement))
        sleep(ctx, MAFIA)


@dataclass(frozen=True, slots=True)
class DonStep(Step):
    def run(self, ctx: CityCtx) -> None:
        if not called(ctx, DON):
            return
        don = ctx.state.first_with_role(DON)
        if don is None or crossed_arms(ctx, don, DON):
            if don is None:
                sleep(ctx, DON)
            return
        members = mafia_seats(ctx.state)
        options = [seat_option(i) for i in ctx.state.living() if i not in members]
        if not options:
            sleep(ctx, DON)
            return
        ctx.ask(don, "don_check", options)

    def resolve(self, ctx: CityCtx, answers: Answers) -> None:
        don, target = _answer_target(answers)
        found = ctx.state.seat(target).role == SHERIFF
        ctx.emit_god(ActionTaken(seat=don, action="don_check", targets=(target,)))
        ctx.emit_to(Info(fact="sheriff", subject=target, value=YES if found else NO), don)
        sleep(ctx, DON)


@dataclass(frozen=True, slots=True)
class SheriffStep(Step):
    def run(self, ctx: CityCtx) -> None:
        if not called(ctx, SHERIFF):
            return
        sheriff = ctx.state.first_with_role(SHERIFF)
        if sheriff is None or crossed_arms(ctx, sheriff, SHERIFF):
            if sheriff is None:
                sleep(ctx, SHERIFF)
            return
        options = [seat_option(i) for i in ctx.state.living() if i != sheriff]
        ctx.ask(sheriff, "sheriff_check", options)

    def resolve(self, ctx: CityCtx, answers: Answers) -> None:
        sheriff, target = _answer_target(answers)
        found = target in mafia_seats(ctx.state, alive_only=False)
        ctx.emit_god(ActionTaken(seat=sheriff, action="sheriff_check", targets=(target,)))
        ctx.emit_to(Info(fact="mafia", subject=target, value=YES if found else NO), sheriff)
        sleep(ctx, SHERIFF)


@dataclass(frozen=True, slots=True)
class DoctorStep(Step):
    """Heals one player: never the same player two nights running; himself once per game."""

    def run(self, ctx: CityCtx) -> None:
        if not called(ctx, DOCTOR):
            return
        doctor = ctx.state.first_with_role(DOCTOR)
        data = ctx.data
        if doctor is None or quiet_night(ctx) or crossed_arms(ctx, doctor, DOCTOR):
            ctx.update_data(last_healed=None)
            if doctor is None or quiet_night(ctx):
                sleep(ctx, DOCTOR)
            return
        options = [
            seat_option(i)
            for i in ctx.state.living()
            if i != data.last_healed and not (i == doctor and data.self_heal_used)
        ]
        if not options:
            ctx.update_data(last_healed=None)
            sleep(ctx, DOCTOR)
            return
        ctx.ask(doctor, "doctor_heal", options)

    def resolve(self, ctx: CityCtx, answers: Answers) -> None:
        doctor, target = _answer_target(answers)
        ctx.update_data(healed=target, last_healed=target, self_heal_used=ctx.data.self_heal_used or target == doctor)
        ctx.emit_god(ActionTaken(seat=doctor, action="heal", targets=(target,)))
        sleep(ctx, DOCTOR)


@dataclass(frozen=True, slots=True)
class ManiacStep(Step):
    def run(self, ctx: CityCtx) -> None:
        if not called(ctx, MANIAC):
            return
        maniac = ctx.state.first_with_role(MANIAC)
        if maniac is None or quiet_night(ctx) or crossed_arms(ctx, maniac, MANIAC):
            if maniac is None or quiet_night(ctx):
                sleep(ctx, MANIAC)
            return
        options = [seat_option(i) for i in ctx.state.living() if i != maniac]
        ctx.ask(maniac, "maniac_kill", [*options, SKIP_OPTION], default=SKIP)

    def resolve(self, ctx: CityCtx, answers: Answers) -> None:
        decision, choice = answers.single()
        target = target_of(choice)
        if target is None:
            ctx.emit_god(ActionTaken(seat=decision.seat, action="maniac_refuse"))
        else:
            ctx.update_data(maniac_victim=target)
            ctx.emit_god(ActionTaken(seat=decision.seat, action="maniac_kill", targets=(target,)))
        sleep(ctx, MANIAC)


@dataclass(frozen=True, slots=True)
class UnitCall(Step):
    """The night call of a role unit's card (``unit.CityUnit.wakes_after``)."""

    unit: CityUnit

    def run(self, ctx: CityCtx) -> None:
        role = self.unit.role.id
        if not called(ctx, role):
            return
        seat = ctx.state.first_with_role(role)
        if seat is None or crossed_arms(ctx, seat, role):
            if seat is None:
                sleep(ctx, role)
            return
        if not self.unit.night(ctx, seat):
            sleep(ctx, role)

    def resolve(self, ctx: CityCtx, answers: Answers) -> None:
        self.unit.resolve_night(ctx, answers)
        sleep(ctx, self.unit.role.id)


SEED_NIGHT: tuple[tuple[str, Step], ...] = (
    (PUTANA, PutanaStep()),
    (MAFIA, MafiaStep()),
    (DON, DonStep()),
    (SHERIFF, SheriffStep()),
    (DOCTOR, DoctorStep()),
    (MANIAC, ManiacStep()),
)
"""The seed's night calls, in order, each with its role."""


def _placed_after(step: Step, role: str | None) -> bool:
    return isinstance(step, UnitCall) and step.unit.wakes_after == role


def night_steps(units: Iterable[CityUnit]) -> tuple[Step, ...]:
    """The night: nightfall, the seed's calls, and each waking unit right after its
    ``wakes_after`` role (after the units already placed there, in module order)."""
    calls = list(SEED_NIGHT)
    pending = [unit for unit in units if unit.wakes_after is not None]
    while pending:
        ready = [unit for unit in pending if any(role == unit.wakes_after for role, _ in calls)]
        if not ready:
            names = ", ".join(f"{u.role.id} after {u.wakes_after}" for u in pending)
            raise UnitError(f"city_mafia role units wake after a role that is never called: {names}")
        for unit in ready:
            at = next(i for i, (role, _) in enumerate(calls) if role == unit.wakes_after) + 1
            while at < len(calls) and _placed_after(calls[at][1], unit.wakes_after):
                at += 1
            calls.insert(at, (unit.role.id, UnitCall(unit)))
            pending.remove(unit)
    return (NightFalls(), *(step for _, step in calls))


NIGHT_STEPS: tuple[Step, ...] = night_steps(UNITS)
