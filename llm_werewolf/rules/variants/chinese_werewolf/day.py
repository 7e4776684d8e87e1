"""Day steps: the dawn's deaths, the speaking order, the exile vote (with the PK switch)."""

from __future__ import annotations

from dataclasses import dataclass

from llm_werewolf.rules import SKIP, Answers, Step, plain_option, target_of
from llm_werewolf.rules.events import Announcement, DeathsAnnounced, VoteCast, VoteTally
from llm_werewolf.rules.voting import key_seat, tally

from .data import CWCtx, ballot_options
from .deaths import ResolveDeaths
from .talk import Talk, clockwise_after
from .units import VOTE_RULING_UNITS

CLOCKWISE = "clockwise"
COUNTERCLOCKWISE = "counterclockwise"
SHERIFF_WEIGHT = 1.5


def night_deaths(ctx: CWCtx) -> list[tuple[int, str]]:
    """The night's deaths from the wolves' victim, the guard, the antidote and the poison."""
    data = ctx.data
    deaths: dict[int, str] = {}
    victim = data.wolf_victim
    if victim is not None:
        guarded = data.guarded == victim
        if guarded and data.saved:
            if ctx.options.same_guard_same_save_dies:
                deaths[victim] = "guard_and_antidote"
        elif not guarded and not data.saved:
            deaths[victim] = "wolves"
    if data.poisoned is not None:
        deaths[data.poisoned] = "poison"
    return sorted(deaths.items())


@dataclass(frozen=True, slots=True)
class Dawn(Step):
    """天亮了: the moderator announces the night's dead (no cause)."""

    def run(self, ctx: CWCtx) -> None:
        deaths = [(s, c) for s, c in night_deaths(ctx) if ctx.state.is_alive(s)]
        ctx.update_data(wolf_victim=None, saved=False, poisoned=None, night_deaths=tuple(s for s, _ in deaths))
        if not deaths:
            ctx.emit(Announcement(key="peaceful_night"))
            ctx.emit(DeathsAnnounced(deaths=()))
            return
        policy = ctx.options.last_words
        last_words = policy == "all" or (policy == "first_night_and_day" and ctx.state.phase.number == 1)
        ctx.push(ResolveDeaths(tuple(deaths), "morning", last_words))


def speaking_order(ctx: CWCtx, anchor: int, direction: int, sheriff: int | None) -> tuple[int, ...]:
    seats = len(ctx.state.seats)
    order = [s for s in clockwise_after(anchor, seats, direction) if ctx.state.is_alive(s) and s != sheriff]
    if sheriff is not None:
        order.append(sheriff)
    return tuple(order)


@dataclass(frozen=True, slots=True)
class Discussion(Step):
    """Each living player speaks once.

    The first speaker sits next to the night's (lowest-numbered) dead player; a living
    sheriff chooses the direction and speaks last (with no death, the order starts
    next to the sheriff). Without a sheriff the order is clockwise; with neither a
    death nor a sheriff it starts at a seeded random living seat.
    """

    def run(self, ctx: CWCtx) -> None:
        sheriff = ctx.data.sheriff
        if sheriff is not None and ctx.state.is_alive(sheriff):
            options = [plain_option(CLOCKWISE), plain_option(COUNTERCLOCKWISE)]
            ctx.ask(sheriff, "sheriff_order", options, default=CLOCKWISE)
            return
        dead = ctx.data.night_deaths
        if dead:
            anchor = dead[0]
        else:
            living = ctx.state.living()
            anchor = living[ctx.randbelow(len(living))] - 1
        self._start(ctx, speaking_order(ctx, anchor, 1, None))

    def resolve(self, ctx: CWCtx, answers: Answers) -> None:
        decision, choice = answers.single()
        direction = -1 if choice.option == COUNTERCLOCKWISE else 1
        dead = ctx.data.night_deaths
        anchor = dead[0] if dead else decision.seat
        self._start(ctx, speaking_order(ctx, anchor, direction, decision.seat))

    @staticmethod
    def _start(ctx: CWCtx, order: tuple[int, ...]) -> None:
        ctx.emit(Announcement(key="speaking_order", seats=order))
        ctx.push(*(Talk(seat) for seat in order))


@dataclass(frozen=True, slots=True)
class ExileVote(Step):
    """Everyone alive points at once (abstaining and self-votes as the switches say); the sheriff's
    ballot weighs 1.5. Nothing happens on a day a werewolf self-destructed.

    ``candidates``/``voters`` are set for the PK revote (tie_policy=pk_revote_then_none).
    """

    round: int = 1
    candidates: tuple[int, ...] = ()
    voters: tuple[int, ...] = ()

    def run(self, ctx: CWCtx) -> None:
        if ctx.data.day_over:
            return
        data = ctx.data
        living = ctx.state.living()
        voters = self.voters or living
        for unit in VOTE_RULING_UNITS:
            voters = tuple([v for v in voters if unit.may_vote(data, v)])
        if not voters:  # every voter lost his vote (a revealed idiot)
            ctx.emit(Announcement(key="no_exile", value="no_votes"))
            return
        group = f"exile_{self.round}"
        self_vote = ctx.options.exile_self_vote
        abstain = ctx.options.exile_abstain
        pool = self.candidates or living
        for voter, options in zip(voters, ballot_options(pool, voters, self_vote, abstain), strict=True):
            if abstain:
                ctx.ask(voter, "exile_vote", options, default=SKIP, group=group)
            elif options:
                ctx.ask(voter, "exile_vote", options, group=group)

    def resolve(self, ctx: CWCtx, answers: Answers) -> None:
        ballot = f"exile_{self.round}"
        sheriff = ctx.data.sheriff
        ballots = []
        for decision, choice in answers:
            target = target_of(choice)
            weight = SHERIFF_WEIGHT if decision.seat == sheriff else 1.0
            ctx.emit(VoteCast(seat=decision.seat, ballot=ballot, option=choice.option, target=target, weight=weight))
            if target is not None:
                ballots.append((choice.option, weight))
        counts, top = tally(ballots)
        if len(top) == 1 and ctx.options.exile_needs_majority:
            share = sum(w for option, w in ballots if option == top[0])
            if share * 2 <= len(ctx.state.living()):
                ctx.emit(VoteTally(ballot=ballot, counts=counts, result="no_majority", targets=()))
                ctx.emit(Announcement(key="no_exile", value="no_majority"))
                return
        if len(top) == 1:
            exiled = key_seat(top[0])
            assert exiled is not None
            ctx.emit(VoteTally(ballot=ballot, counts=counts, result="exiled", targets=(exiled,)))
            last_words = ctx.options.last_words != "none"
            ctx.push(ResolveDeaths(((exiled, "exile"),), "exile", last_words))
            return
        if not top:
            ctx.emit(VoteTally(ballot=ballot, counts=counts, result="no_votes"))
            ctx.emit(Announcement(key="no_exile", value="no_votes"))
            return
        tied = tuple(sorted(s for s in map(key_seat, top) if s is not None))
        ctx.emit(VoteTally(ballot=ballot, counts=counts, result="tie", targets=tied))
        if self.round == 1 and ctx.options.tie_policy == "pk_revote_then_none":
            voters = tuple(s for s in ctx.state.living() if s not in tied)
            if voters:
                ctx.emit(Announcement(key="exile_pk", seats=tied))
                talks = (Talk(seat, "defense", "defense") for seat in tied)
                ctx.push(*talks, ExileVote(2, tied, voters))
                return
        ctx.emit(Announcement(key="no_exile", value="tie"))
