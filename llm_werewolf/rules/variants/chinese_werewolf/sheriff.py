"""警長: the day-1 election (before the night's deaths are announced) and the badge on death.

Every living player says at once whether he runs. Candidates speak (from a seeded
random candidate, clockwise), then each says at once whether he stays or withdraws.
Players who never ran vote at the same time (abstaining allowed); withdrawn
candidates do not vote. One remaining candidate is elected unopposed. A tie: the
tied candidates speak again and the same voters revote among them; a second tie,
no votes at all, no candidate left or no voter at all means no sheriff.
"""

from __future__ import annotations

from dataclasses import dataclass

from llm_werewolf.rules import SKIP, SKIP_OPTION, Answers, Step, plain_option, target_of
from llm_werewolf.rules.events import Announcement, StatusChanged, VoteCast, VoteTally
from llm_werewolf.rules.voting import key_seat, tally

from .data import CWCtx, seat_opt
from .talk import Talk

RUN = "run"
STAY = "stay"
WITHDRAW = "withdraw"
TEAR = "tear"


def _elect(ctx: CWCtx, seat: int) -> None:
    ctx.update_data(sheriff=seat)
    ctx.emit(StatusChanged(seat=seat, status="sheriff", value="on"))
    ctx.emit(Announcement(key="sheriff_elected", seats=(seat,)))


def _no_sheriff(ctx: CWCtx, why: str) -> None:
    ctx.emit(Announcement(key="no_sheriff", value=why))


def _campaign(seats: tuple[int, ...]) -> list[Step]:
    return [Talk(seat, "campaign", "campaign") for seat in seats]


@dataclass(frozen=True, slots=True)
class SheriffElection(Step):
    def run(self, ctx: CWCtx) -> None:
        ctx.emit(Announcement(key="sheriff_election"))
        options = [plain_option(RUN), SKIP_OPTION]
        for seat in ctx.state.living():
            ctx.ask(seat, "sheriff_run", options, default=SKIP, group="sheriff_run")

    def resolve(self, ctx: CWCtx, answers: Answers) -> None:
        candidates = tuple(d.seat for d, c in answers if c.option == RUN)
        voters = tuple(d.seat for d, c in answers if c.option != RUN)
        ctx.emit(Announcement(key="sheriff_candidates", seats=candidates))
        if not candidates:
            _no_sheriff(ctx, "no_candidates")
            return
        start = ctx.randbelow(len(candidates))
        order = candidates[start:] + candidates[:start]
        ctx.push(*_campaign(order), SheriffWithdraw(candidates, voters))


@dataclass(frozen=True, slots=True)
class SheriffWithdraw(Step):
    candidates: tuple[int, ...]
    voters: tuple[int, ...]

    def run(self, ctx: CWCtx) -> None:
        options = [plain_option(STAY), plain_option(WITHDRAW)]
        for seat in self.candidates:
            ctx.ask(seat, "sheriff_withdraw", options, default=STAY, group="sheriff_withdraw")

    def resolve(self, ctx: CWCtx, answers: Answers) -> None:
        staying = tuple(d.seat for d, c in answers if c.option != WITHDRAW)
        withdrawn = tuple(d.seat for d, c in answers if c.option == WITHDRAW)
        if withdrawn:
            ctx.emit(Announcement(key="sheriff_withdrawn", seats=withdrawn))
        if not staying:
            _no_sheriff(ctx, "all_withdrew")
        elif len(staying) == 1:
            _elect(ctx, staying[0])
        elif not self.voters:
            _no_sheriff(ctx, "no_voters")
        else:
            ctx.push(SheriffVote(staying, self.voters, 1))


@dataclass(frozen=True, slots=True)
class SheriffVote(Step):
    candidates: tuple[int, ...]
    voters: tuple[int, ...]
    round: int

    def run(self, ctx: CWCtx) -> None:
        options = [*(seat_opt(c) for c in self.candidates), SKIP_OPTION]
        for seat in self.voters:
            ctx.ask(seat, "sheriff_vote", options, default=SKIP, group=f"sheriff_vote_{self.round}")

    def resolve(self, ctx: CWCtx, answers: Answers) -> None:
        ballot = f"sheriff_{self.round}"
        ballots = []
        for decision, choice in answers:
            target = target_of(choice)
            ctx.emit(VoteCast(seat=decision.seat, ballot=ballot, option=choice.option, target=target))
            if target is not None:
                ballots.append((choice.option, 1.0))
        counts, top = tally(ballots)
        if not top:
            ctx.emit(VoteTally(ballot=ballot, counts=counts, result="no_votes"))
            _no_sheriff(ctx, "no_votes")
            return
        if len(top) == 1:
            winner = key_seat(top[0])
            assert winner is not None
            ctx.emit(VoteTally(ballot=ballot, counts=counts, result="elected", targets=(winner,)))
            _elect(ctx, winner)
            return
        tied = tuple(sorted(s for s in map(key_seat, top) if s is not None))
        ctx.emit(VoteTally(ballot=ballot, counts=counts, result="tie", targets=tied))
        if self.round >= 2:
            _no_sheriff(ctx, "tie")
            return
        ctx.emit(Announcement(key="sheriff_tie", seats=tied))
        ctx.push(*_campaign(tied), SheriffVote(tied, self.voters, self.round + 1))


@dataclass(frozen=True, slots=True)
class Badge(Step):
    """A dead sheriff passes the badge to a living player or tears it (``tear``)."""

    seat: int

    def run(self, ctx: CWCtx) -> None:
        options = [seat_opt(i) for i in ctx.state.living() if i != self.seat]
        if not options:
            self._tear(ctx)
            return
        ctx.ask(self.seat, "badge", [*options, plain_option(TEAR)], default=TEAR)

    def _tear(self, ctx: CWCtx) -> None:
        ctx.update_data(sheriff=None)
        ctx.emit(StatusChanged(seat=self.seat, status="sheriff", value="off"))
        ctx.emit(Announcement(key="badge_torn", seats=(self.seat,)))

    def resolve(self, ctx: CWCtx, answers: Answers) -> None:
        _, choice = answers.single()
        heir = target_of(choice)
        if heir is None:
            self._tear(ctx)
            return
        ctx.update_data(sheriff=heir)
        ctx.emit(StatusChanged(seat=self.seat, status="sheriff", value="off"))
        ctx.emit(StatusChanged(seat=heir, status="sheriff", value="on"))
        ctx.emit(Announcement(key="badge_passed", seats=(self.seat, heir)))
