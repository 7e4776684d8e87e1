"""A tiny ruleset used to test the generic engine (and to show how a variant is written).

Roles: wolf, seer, villager. Night: the seer checks a seat, the wolves pick a
victim together (a tie among wolves kills nobody). Day: each living seat
speaks in turn, then everyone votes at the same time; a tie exiles nobody.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from llm_werewolf.rules import (
    Answers,
    BaseOptions,
    Ctx,
    GameState,
    Outcome,
    Phase,
    RoleInfo,
    Ruleset,
    Seat,
    Step,
    plain_option,
    register,
    seat_option,
    target_of,
    to_seats,
    to_team,
)
from llm_werewolf.rules.events import (
    AnnouncedDeath,
    Cue,
    DeathsAnnounced,
    Died,
    Info,
    Speech,
    VoteCast,
    VoteTally,
)
from llm_werewolf.rules.voting import key_seat, tally


class ToyOptions(BaseOptions):
    seer_sees_role: bool = True


@dataclass(frozen=True, slots=True)
class ToyData:
    night_victim: int | None = None


Ctx_ = Ctx[ToyData, ToyOptions]


def _wolves(state: GameState[Any, Any]) -> tuple[int, ...]:
    return state.with_role("wolf")


@dataclass(frozen=True, slots=True)
class Night(Step):
    def run(self, ctx: Ctx_) -> None:
        number = ctx.state.days_played + 1
        ctx.start_phase(Phase("night", number))
        ctx.push(SeerStep(), WolfStep(), Morning(), CheckWin(), Day())


@dataclass(frozen=True, slots=True)
class SeerStep(Step):
    def run(self, ctx: Ctx_) -> None:
        ctx.emit(Cue(key="wake", role="seer"))
        seer = ctx.state.first_with_role("seer")
        if seer is not None:
            options = [seat_option(i) for i in ctx.state.living() if i != seer]
            ctx.ask(seer, "seer_check", options)
        else:
            ctx.emit(Cue(key="sleep", role="seer"))

    def resolve(self, ctx: Ctx_, answers: Answers) -> None:
        decision, choice = answers.single()
        target = target_of(choice)
        assert target is not None
        role = ctx.state.seat(target).role
        ctx.emit(Info(fact="role", subject=target, value=role), to_seats(decision.seat))
        ctx.emit(Cue(key="sleep", role="seer"))


@dataclass(frozen=True, slots=True)
class WolfStep(Step):
    def run(self, ctx: Ctx_) -> None:
        wolves = _wolves(ctx.state)
        targets = [seat_option(i) for i in ctx.state.living() if i not in wolves]
        for wolf in wolves:
            ctx.ask(wolf, "wolf_kill", targets, group="wolves", collective=True)

    def resolve(self, ctx: Ctx_, answers: Answers) -> None:
        wolves = tuple(d.seat for d, _ in answers)
        for decision, choice in answers:
            ctx.emit(
                VoteCast(seat=decision.seat, ballot="wolf_kill", option=choice.option, target=target_of(choice)),
                to_team("wolves", wolves),
            )
        _, top = tally((choice.option, 1.0) for _, choice in answers)
        victim = key_seat(top[0]) if len(top) == 1 else None
        ctx.update_data(night_victim=victim)


@dataclass(frozen=True, slots=True)
class Morning(Step):
    def run(self, ctx: Ctx_) -> None:
        victim = ctx.data.night_victim
        deaths: tuple[AnnouncedDeath, ...] = ()
        if victim is not None:
            ctx.set_seat(victim, alive=False)
            ctx.emit_god(Died(seat=victim, cause="wolves"))
            deaths = (AnnouncedDeath(seat=victim),)
        ctx.update_data(night_victim=None)
        ctx.emit(DeathsAnnounced(deaths=deaths))


@dataclass(frozen=True, slots=True)
class Day(Step):
    def run(self, ctx: Ctx_) -> None:
        number = ctx.state.days_played + 1
        ctx.update(days_played=number)
        ctx.start_phase(Phase("day", number))
        if number > ctx.options.max_days:
            ctx.finish(ctx.rules.draw())
            return
        living = ctx.state.living()
        ctx.push(*(Talk(seat) for seat in living), Vote(), CheckWin(), Night())


@dataclass(frozen=True, slots=True)
class Talk(Step):
    seat: int

    def run(self, ctx: Ctx_) -> None:
        if ctx.state.is_alive(self.seat):
            ctx.ask(self.seat, "speech", [plain_option("speak")], default="speak", speech=True)

    def resolve(self, ctx: Ctx_, answers: Answers) -> None:
        decision, choice = answers.single()
        ctx.emit(Speech(seat=decision.seat, text=choice.text, claim=choice.claim))


@dataclass(frozen=True, slots=True)
class Vote(Step):
    def run(self, ctx: Ctx_) -> None:
        living = ctx.state.living()
        for voter in living:
            options = [seat_option(i) for i in living if i != voter]
            ctx.ask(voter, "exile_vote", options, group="exile")

    def resolve(self, ctx: Ctx_, answers: Answers) -> None:
        for decision, choice in answers:
            ctx.emit(VoteCast(seat=decision.seat, ballot="exile", option=choice.option, target=target_of(choice)))
        counts, top = tally((choice.option, 1.0) for _, choice in answers)
        if len(top) != 1:
            ctx.emit(VoteTally(ballot="exile", counts=counts, result="tie"))
            return
        target = key_seat(top[0])
        assert target is not None
        ctx.emit(VoteTally(ballot="exile", counts=counts, result="exiled", targets=(target,)))
        ctx.set_seat(target, alive=False)
        ctx.emit_god(Died(seat=target, cause="exile"))
        role = ctx.state.seat(target).role
        ctx.emit(DeathsAnnounced(deaths=(AnnouncedDeath(seat=target, cause="exile", role=role),), moment="exile"))


@dataclass(frozen=True, slots=True)
class CheckWin(Step):
    def run(self, ctx: Ctx_) -> None:
        state = ctx.state
        wolves = [s.index for s in state.seats if s.role == "wolf"]
        living_wolves = [i for i in wolves if state.is_alive(i)]
        others = [s.index for s in state.iter_living() if s.role != "wolf"]
        if not living_wolves:
            ctx.finish(Outcome(tuple(s.index for s in state.seats if s.role != "wolf"), ("village",), "wolves_dead"))
        elif not others:
            ctx.finish(Outcome(tuple(wolves), ("wolves",), "village_dead"))


class ToyReason(StrEnum):
    WOLVES_DEAD = "wolves_dead"
    VILLAGE_DEAD = "village_dead"
    DAY_LIMIT = "day_limit"


class ToyRuleset(Ruleset[ToyData, ToyOptions]):
    id: ClassVar[str] = "toy"
    source_language: ClassVar[str] = "en"
    languages: ClassVar[tuple[str, ...]] = ("en",)
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 12
    sides: ClassVar[tuple[str, ...]] = ("village", "wolves")
    roles: ClassVar[Mapping[str, RoleInfo]] = {
        "wolf": RoleInfo("wolf", "wolves"),
        "seer": RoleInfo("seer", "village", power=True),
        "villager": RoleInfo("villager", "village"),
    }
    options_model: ClassVar[type[BaseOptions]] = ToyOptions
    decision_kinds: ClassVar[Mapping[str, str]] = {
        "seer_check": "the seer picks a seat to look at",
        "wolf_kill": "each wolf names a victim; a tie kills nobody",
        "speech": "a day speech",
        "exile_vote": "simultaneous exile vote",
    }
    death_causes: ClassVar[Mapping[str, str]] = {"wolves": "killed at night", "exile": "voted out"}
    outcome_reasons: ClassVar[type[StrEnum]] = ToyReason
    announcement_keys: ClassVar[Mapping[str, str]] = {}
    statuses: ClassVar[Mapping[str, str]] = {}
    ballots: ClassVar[Mapping[str, tuple[str, ...]]] = {"exile": ("exiled", "tie")}

    def standard_deck(self, players: int, options: ToyOptions) -> tuple[str, ...]:
        wolves = max(1, players // 4)
        return ("wolf",) * wolves + ("seer",) + ("villager",) * (players - wolves - 1)

    def initial_data(self, seats: tuple[Seat, ...], extra: tuple[str, ...], options: ToyOptions) -> ToyData:
        return ToyData()

    def first_steps(self, state: GameState[ToyData, ToyOptions]) -> tuple[Step, ...]:
        return (Night(),)


TOY = register(ToyRuleset())
