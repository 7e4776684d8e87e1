"""The day: discussion in turn, then a simultaneous vote; the most-voted player is executed."""

from __future__ import annotations

from dataclasses import dataclass

from llm_werewolf.rules import Answers, Ctx, Step, plain_option, seat_option, target_of
from llm_werewolf.rules.events import AnnouncedDeath, DeathsAnnounced, Speech, VoteCast, VoteTally
from llm_werewolf.rules.voting import key_seat, seat_key, tally

from .data import GhoulsData
from .deaths import Shots, kill
from .options import GhoulsOptions
from .roles import EXECUTION
from .victory import CheckWin

GCtx = Ctx[GhoulsData, GhoulsOptions]

ABSTAIN = "abstain"
SPEAK = "speak"


def speaking_order(living: tuple[int, ...], seats: int, day: int) -> tuple[int, ...]:
    """Seat order, starting one seat further round the table each day (day 1: seat 0)."""
    start = (day - 1) % seats
    return tuple(sorted(living, key=lambda i: (i - start) % seats))


@dataclass(frozen=True, slots=True)
class Day(Step):
    def run(self, ctx: GCtx) -> None:
        day = ctx.state.days_played
        ctx.cue("discussion")
        order = speaking_order(ctx.state.living(), len(ctx.state.seats), day)
        ctx.push(*(Talk(i) for i in order), Vote(), Shots(), CheckWin())


@dataclass(frozen=True, slots=True)
class Talk(Step):
    seat: int

    def run(self, ctx: GCtx) -> None:
        if ctx.state.is_alive(self.seat):
            ctx.ask(self.seat, "speech", [plain_option(SPEAK)], default=SPEAK, speech=True)

    def resolve(self, ctx: GCtx, answers: Answers) -> None:
        decision, choice = answers.single()
        ctx.emit(Speech(seat=decision.seat, text=choice.text, claim=choice.claim, acts=choice.acts))


@dataclass(frozen=True, slots=True)
class Vote(Step):
    """Everyone alive points at once. ``abstain`` (also the default) counts against the voter himself.

    ``tied`` is empty for the day's vote and names the candidates of a revote.
    """

    tied: tuple[int, ...] = ()

    @property
    def ballot(self) -> str:
        return "execution_revote" if self.tied else "execution"

    def run(self, ctx: GCtx) -> None:
        ctx.cue("revote" if self.tied else "vote")
        living = ctx.state.living()
        candidates = self.tied or living
        targets = [seat_option(i) for i in candidates]
        abstain = plain_option(ABSTAIN)
        for voter in living:
            options = [o for o in targets if o.target != voter]
            options.append(abstain)
            ctx.ask(voter, "vote", options, default=ABSTAIN, group=self.ballot)

    def resolve(self, ctx: GCtx, answers: Answers) -> None:
        ballots: list[tuple[str, float]] = []
        for decision, choice in answers:
            target = target_of(choice)
            if target is None:  # abstain: a vote against himself (the seed's anti-cheating rule)
                target = decision.seat
            ctx.emit(VoteCast(seat=decision.seat, ballot=self.ballot, option=choice.option, target=target))
            ballots.append((seat_key(target), 1.0))
        counts, top = tally(ballots)
        tied = tuple(sorted(s for s in map(key_seat, top) if s is not None))
        if len(tied) == 1:
            _execute(ctx, counts, self.ballot, tied)
            return
        policy = ctx.options.tie_policy
        if policy == "all_tied_die":
            _execute(ctx, counts, self.ballot, tied)
        elif policy == "revote_tied_then_none" and not self.tied:
            ctx.emit(VoteTally(ballot=self.ballot, counts=counts, result="revote", targets=tied))
            ctx.push(Vote(tied))
        else:
            ctx.emit(VoteTally(ballot=self.ballot, counts=counts, result="tie", targets=tied))


def _execute(ctx: GCtx, counts: tuple[tuple[str, float], ...], ballot: str, targets: tuple[int, ...]) -> None:
    ctx.emit(VoteTally(ballot=ballot, counts=counts, result="executed", targets=targets))
    deaths: list[AnnouncedDeath] = []
    for target in targets:
        kill(ctx, target, EXECUTION, deaths, show_card=True)
    ctx.emit(DeathsAnnounced(deaths=tuple(deaths), moment="execution"))
