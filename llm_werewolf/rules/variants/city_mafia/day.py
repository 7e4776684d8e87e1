"""The day (Russian club practice; the seed describes the night only).

Every living player speaks once, in seat order; the opener moves one seat each
day. During his speech a player may nominate one player not yet nominated. Then
the nominees are voted on in nomination order: for each nominee but the last,
the players who have not voted yet raise a hand or not; every ballot left goes
to the last nominee (no abstention). On day 1 a single nominee is not voted on.
A tie: the tied players speak again and are revoted; a second tie is settled by
the ``tie_policy`` switch. Whoever leaves says last words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from llm_werewolf.rules import Answers, Step, plain_option, seat_option, target_of
from llm_werewolf.rules.events import (
    AnnouncedDeath,
    Announcement,
    DeathsAnnounced,
    Died,
    Speech,
    VoteCast,
    VoteTally,
)
from llm_werewolf.rules.voting import count_pair, count_table, seat_key

from .common import NO, NONE, YES, CityCtx, CityState
from .roles import MANIAC
from .speeches import defense, last_words
from .unit import CityUnit
from .units import UNITS
from .win import CheckWin

BALLOTS = ("elimination", "revote")


VOTE_UNITS: tuple[CityUnit, ...] = tuple(u for u in UNITS if type(u).may_vote is not CityUnit.may_vote)
"""The role units that override ``may_vote`` (the others bar nobody; with none, no seat is asked)."""


def voters(state: CityState, units: Sequence[CityUnit] = VOTE_UNITS) -> tuple[int, ...]:
    """The living players who vote today: every one a role unit does not bar (``may_vote``)."""
    if not units:
        return state.living()
    return tuple(s for s in state.living() if all(u.may_vote(state, s) for u in units))


def _opener(living: tuple[int, ...], previous: int | None, seats: int) -> int:
    start = 0 if previous is None else (previous + 1) % seats
    for offset in range(seats):
        seat = (start + offset) % seats
        if seat in living:
            return seat
    raise RuntimeError("no living player to open the day")


@dataclass(frozen=True, slots=True)
class Discussion(Step):
    def run(self, ctx: CityCtx) -> None:
        living = ctx.state.living()
        opener = _opener(living, ctx.data.opener, len(ctx.state.seats))
        ctx.update_data(opener=opener, nominees=())
        ctx.emit(Announcement(key="opener", seats=(opener,)))
        first = living.index(opener)
        order = living[first:] + living[:first]
        ctx.push(*(Talk(seat) for seat in order), Voting())


@dataclass(frozen=True, slots=True)
class Talk(Step):
    """A day speech; the option is a nomination (``seat:N``) or ``none``."""

    seat: int

    def run(self, ctx: CityCtx) -> None:
        taken = ctx.data.nominees
        options = [plain_option(NONE)] + [
            seat_option(i) for i in ctx.state.living() if i != self.seat and i not in taken
        ]
        ctx.ask(self.seat, "speech", options, default=NONE, speech=True)

    def resolve(self, ctx: CityCtx, answers: Answers) -> None:
        decision, choice = answers.single()
        ctx.emit(Speech(seat=decision.seat, text=choice.text, claim=choice.claim, acts=choice.acts))
        target = target_of(choice)
        if target is not None:
            ctx.update_data(nominees=(*ctx.data.nominees, target))
            ctx.emit(Announcement(key="nomination", seats=(decision.seat, target)))


@dataclass(frozen=True, slots=True)
class Voting(Step):
    def run(self, ctx: CityCtx) -> None:
        nominees = ctx.data.nominees
        if not nominees:
            ctx.emit(Announcement(key="no_nominations"))
        elif len(nominees) == 1 and ctx.state.days_played == 1:
            ctx.emit(Announcement(key="single_nominee_not_voted", seats=nominees))
        else:
            ctx.push(Ballot(candidates=nominees, round=1))


@dataclass(frozen=True, slots=True)
class Ballot(Step):
    """Voting on ``candidates`` in order; ``votes`` holds the ``(voter, candidate)`` pairs so far."""

    candidates: tuple[int, ...]
    round: int
    index: int = 0
    votes: tuple[tuple[int, int], ...] = ()

    @property
    def name(self) -> str:
        return BALLOTS[self.round - 1]

    def _remaining(self, ctx: CityCtx) -> tuple[int, ...]:
        voted = {voter for voter, _ in self.votes}
        return tuple(s for s in voters(ctx.state) if s not in voted)

    def run(self, ctx: CityCtx) -> None:
        remaining = self._remaining(ctx)
        if self.index < len(self.candidates) - 1 and remaining:
            candidate = self.candidates[self.index]
            ctx.emit(Announcement(key="vote_on", seats=(candidate,), value=self.name))
            for voter in remaining:
                ctx.ask(voter, "vote", [plain_option(YES), plain_option(NO)], default=NO, group=self.name)
            return
        self._count(ctx, remaining)

    def resolve(self, ctx: CityCtx, answers: Answers) -> None:
        candidate = self.candidates[self.index]
        new = []
        for decision, choice in answers:
            if choice.option == YES:
                new.append((decision.seat, candidate))
                ctx.emit(VoteCast(seat=decision.seat, ballot=self.name, option=seat_key(candidate), target=candidate))
        ctx.push(Ballot(self.candidates, self.round, self.index + 1, (*self.votes, *new)))

    def _count(self, ctx: CityCtx, remaining: tuple[int, ...]) -> None:
        last = self.candidates[-1]
        if remaining:
            ctx.emit(Announcement(key="leftover_votes", seats=remaining, value=seat_key(last)))
        for voter in remaining:
            ctx.emit(VoteCast(seat=voter, ballot=self.name, option=seat_key(last), target=last))
        votes = (*self.votes, *((voter, last) for voter in remaining))
        counts = {c: 0 for c in self.candidates}
        for _, candidate in votes:
            counts[candidate] += 1
        best = max(counts.values())
        top = tuple(c for c in self.candidates if counts[c] == best)
        table = count_table((seat_key(c), n) for c, n in counts.items())
        if len(top) == 1:
            ctx.emit(VoteTally(ballot=self.name, counts=table, result="eliminated", targets=top))
            ctx.push(Eliminate(top))
            return
        ctx.emit(VoteTally(ballot=self.name, counts=table, result="tie", targets=top))
        if self.round == 1:
            ctx.push(*(defense(seat) for seat in top), Ballot(candidates=top, round=2))
        else:
            ctx.push(TieBreak(top))


@dataclass(frozen=True, slots=True)
class TieBreak(Step):
    """After a second tie: remove all tied players or nobody (``tie_policy``)."""

    tied: tuple[int, ...]

    def run(self, ctx: CityCtx) -> None:
        policy = ctx.options.tie_policy
        hands = voters(ctx.state)
        if policy == "vote_all_or_none" and hands:
            for voter in hands:
                ctx.ask(voter, "remove_all", [plain_option(YES), plain_option(NO)], default=NO, group="remove_all")
            return
        self._settle(ctx, policy == "all")

    def resolve(self, ctx: CityCtx, answers: Answers) -> None:
        yes = 0
        for decision, choice in answers:
            yes += choice.option == YES
            ctx.emit(VoteCast(seat=decision.seat, ballot="remove_all", option=choice.option))
        no = len(answers) - yes
        removed = 2 * yes > len(answers)
        ctx.emit(
            VoteTally(
                ballot="remove_all",
                counts=(count_pair(YES, yes), count_pair(NO, no)),
                result="all_removed" if removed else "none_removed",
                targets=self.tied if removed else (),
            )
        )
        self._settle(ctx, removed)

    def _settle(self, ctx: CityCtx, removed: bool) -> None:
        value = "all_removed" if removed else "none_removed"
        ctx.emit(Announcement(key="tie_resolved", seats=self.tied, value=value))
        if removed:
            ctx.push(Eliminate(self.tied))


@dataclass(frozen=True, slots=True)
class Eliminate(Step):
    """Voted out: roles stay hidden except the Maniac's; the game may end before the last words."""

    seats: tuple[int, ...]

    def run(self, ctx: CityCtx) -> None:
        for seat in self.seats:
            ctx.set_seat(seat, alive=False)
            ctx.emit_god(Died(seat=seat, cause="vote"))
        ctx.emit(
            DeathsAnnounced(
                deaths=tuple(
                    AnnouncedDeath(seat=s, cause="vote", role=MANIAC if ctx.state.seat(s).role == MANIAC else None)
                    for s in self.seats
                ),
                moment="vote",
            )
        )
        ctx.push(CheckWin(), *(last_words(seat) for seat in self.seats))
