"""The day (ToS-like): discussion, a nomination vote to a trial, the defense, the verdict, the execution."""

from __future__ import annotations

from dataclasses import dataclass

from llm_werewolf.rules import SKIP, SKIP_OPTION, Answers, Phase, Step, plain_option, seat_option, target_of
from llm_werewolf.rules.events import (
    AnnouncedDeath,
    Announcement,
    DeathsAnnounced,
    Speech,
    StatusChanged,
    VoteCast,
    VoteTally,
)
from llm_werewolf.rules.voting import count_pair, key_seat, tally

from .data import OMCtx, OMState
from .deaths import after_deaths, kill
from .registry import ROLES

SPEAK = "speak"
GUILTY = "guilty"
INNOCENT = "innocent"
VOLUNTEER = "volunteer"


def vote_weight(state: OMState, seat: int) -> float:
    """A judged player's vote does not count; the Politician's counts double."""
    if seat in state.data.judged:
        return 0.0
    return ROLES[state.seat(seat).role].vote_weight


@dataclass(frozen=True, slots=True)
class Day(Step):
    def run(self, ctx: OMCtx) -> None:
        from .night import Night

        number = ctx.state.days_played + 1
        ctx.update(days_played=number)
        ctx.start_phase(Phase("day", number))
        talks = [Talk(seat, "speech", "discussion") for seat in ctx.state.living()]
        ctx.push(*talks, Nominate(1), EndDay(), Night())


@dataclass(frozen=True, slots=True)
class Talk(Step):
    """A speech; a blackmailed player is not asked (the moderator announces he stays silent)."""

    seat: int
    kind: str
    stage: str

    def run(self, ctx: OMCtx) -> None:
        if not ctx.state.is_alive(self.seat):
            return
        if self.seat in ctx.data.silenced:
            ctx.emit(Announcement(key="silenced", seats=(self.seat,)))
            return
        ctx.ask(self.seat, self.kind, [plain_option(SPEAK)], default=SPEAK, speech=True)

    def resolve(self, ctx: OMCtx, answers: Answers) -> None:
        _, choice = answers.single()
        ctx.emit(Speech(seat=self.seat, text=choice.text, stage=self.stage, claim=choice.claim, acts=choice.acts))


@dataclass(frozen=True, slots=True)
class Nominate(Step):
    """Everyone names a player for trial (or nobody); weighted votes over half the living put him on trial."""

    round: int

    def run(self, ctx: OMCtx) -> None:
        living = ctx.state.living()
        if len(living) < 2:
            return
        for voter in living:
            options = [*(seat_option(i) for i in living if i != voter), SKIP_OPTION]
            ctx.ask(voter, "nominate", options, default=SKIP, group=f"nominate_{self.round}")

    def resolve(self, ctx: OMCtx, answers: Answers) -> None:
        ballot = f"nominate_{self.round}"
        ballots: list[tuple[str, float]] = []
        for decision, choice in answers:
            weight = vote_weight(ctx.state, decision.seat)
            target = target_of(choice)
            ctx.emit(VoteCast(seat=decision.seat, ballot=ballot, option=choice.option, target=target, weight=weight))
            if target is not None:
                ballots.append((choice.option, weight))
        counts, top = tally(ballots)
        half = len(ctx.state.living()) / 2
        accused = key_seat(top[0]) if len(top) == 1 and counts[0][1] > half else None
        if accused is None:
            ctx.emit(VoteTally(ballot=ballot, counts=counts, result="no_trial"))
            return
        ctx.emit(VoteTally(ballot=ballot, counts=counts, result="trial", targets=(accused,)))
        ctx.push(Talk(accused, "defense", "defense"), Verdict(accused, self.round))


@dataclass(frozen=True, slots=True)
class Verdict(Step):
    """Everyone but the accused votes guilty, innocent or abstains (skip); guilty > innocent executes."""

    accused: int
    round: int

    def run(self, ctx: OMCtx) -> None:
        options = [plain_option(GUILTY), plain_option(INNOCENT), SKIP_OPTION]
        voters = [i for i in ctx.state.living() if i != self.accused]
        for voter in voters:
            ctx.ask(voter, "verdict", options, default=SKIP, group=f"verdict_{self.round}")

    def resolve(self, ctx: OMCtx, answers: Answers) -> None:
        ballot = f"verdict_{self.round}"
        guilty = innocent = 0.0
        for decision, choice in answers:
            weight = vote_weight(ctx.state, decision.seat)
            ctx.emit(
                VoteCast(seat=decision.seat, ballot=ballot, option=choice.option, target=self.accused, weight=weight)
            )
            if choice.option == GUILTY:
                guilty += weight
            elif choice.option == INNOCENT:
                innocent += weight
        counts = (count_pair(GUILTY, guilty), count_pair(INNOCENT, innocent))
        if guilty > innocent:
            ctx.emit(VoteTally(ballot=ballot, counts=counts, result=GUILTY, targets=(self.accused,)))
            ctx.push(Condemn(self.accused))
            return
        ctx.emit(VoteTally(ballot=ballot, counts=counts, result=INNOCENT, targets=(self.accused,)))
        if self.round < ctx.options.trials_per_day:
            ctx.push(Nominate(self.round + 1))


@dataclass(frozen=True, slots=True)
class Condemn(Step):
    """Living Volunteers may take the condemned player's place (the first in seat order who does)."""

    accused: int

    def run(self, ctx: OMCtx) -> None:
        volunteers = [s.index for s in ctx.state.iter_living() if s.role == "volunteer" and s.index != self.accused]
        if not volunteers:
            execute(ctx, self.accused, None)
            return
        for seat in volunteers:
            ctx.ask(seat, "volunteer_offer", [plain_option(VOLUNTEER), SKIP_OPTION], default=SKIP, group="volunteer")

    def resolve(self, ctx: OMCtx, answers: Answers) -> None:
        volunteer = next((d.seat for d, c in answers if c.option == VOLUNTEER), None)
        execute(ctx, self.accused, volunteer)


def execute(ctx: OMCtx, accused: int, volunteer: int | None) -> None:
    """The execution (or the Volunteer's death in the accused's place); the role is announced."""
    from .win import CheckWin

    if volunteer is not None:
        ctx.emit(Announcement(key="volunteered", seats=(volunteer, accused)))
        ctx.update_data(completed=ctx.data.completed | {volunteer})
        corpses = kill(ctx, volunteer, "volunteered")
        executed = None
    else:
        corpses = kill(ctx, accused, "execution")
        executed = accused
        if ctx.state.seat(accused).role == "jester":
            ctx.update_data(completed=ctx.data.completed | {accused})
            ctx.emit(Announcement(key="jester_wins", seats=(accused,)))
    first_cause = "volunteered" if volunteer is not None else "execution"
    deaths = tuple(
        AnnouncedDeath(seat=seat, cause=first_cause if n == 0 else "twin_soul", role=ctx.state.seat(seat).role)
        for n, seat in enumerate(corpses)
    )
    ctx.emit(DeathsAnnounced(deaths=deaths, moment="execution"))
    after_deaths(ctx, corpses, executed)
    ctx.push(CheckWin())


@dataclass(frozen=True, slots=True)
class EndDay(Step):
    """Blackmail and the Judge's ruling last one day."""

    def run(self, ctx: OMCtx) -> None:
        for seat in sorted(ctx.data.silenced):
            ctx.emit(StatusChanged(seat=seat, status="blackmailed", value="off"))
        for seat in sorted(ctx.data.judged):
            ctx.emit(StatusChanged(seat=seat, status="judged", value="off"))
        ctx.update_data(silenced=frozenset(), judged=frozenset())
