"""The day: one discussion, one simultaneous vote, the Hunter's shot, the verdict."""

from __future__ import annotations

from dataclasses import dataclass

from llm_werewolf.rules import Answers, Option, Phase, Step, plain_option, target_of, to_seats
from llm_werewolf.rules.events import (
    AnnouncedDeath,
    Announcement,
    DeathsAnnounced,
    Died,
    Speech,
    VoteCast,
    VoteTally,
    WhisperNoticed,
)
from llm_werewolf.rules.voting import key_seat, tally

from .cards import OneCtx, other_seats
from .roles import HUNTER, seat_identity
from .win import judge

SPEECH_KIND = "speech"
VOTE_KIND = "vote"
SPEAK = "speak"
MIN_VOTES_TO_DIE = 2


@dataclass(frozen=True, slots=True)
class Dawn(Step):
    def run(self, ctx: OneCtx) -> None:
        ctx.update(days_played=1)
        ctx.start_phase(Phase("day", 1))
        ctx.cue("discussion")
        seats = range(len(ctx.state.seats))
        talks = [Talk(seat) for _ in range(ctx.options.discussion_rounds) for seat in seats]
        ctx.push(*talks, Vote())


@dataclass(frozen=True, slots=True)
class Talk(Step):
    """One turn of speech; with ``whispers`` on, the option ``seat:j`` whispers to seat j."""

    seat: int

    def run(self, ctx: OneCtx) -> None:
        options: list[Option] = [plain_option(SPEAK)]
        if ctx.options.whispers:
            options += [Option(o.id, "whisper", o.target) for o in other_seats(ctx.state, self.seat)]
        ctx.ask(self.seat, SPEECH_KIND, options, default=SPEAK, speech=True)

    def resolve(self, ctx: OneCtx, answers: Answers) -> None:
        _, choice = answers.single()
        to = target_of(choice)
        if to is None:
            ctx.emit(Speech(seat=self.seat, text=choice.text, claim=choice.claim, acts=choice.acts))
            return
        ctx.emit(
            Speech(seat=self.seat, text=choice.text, stage="whisper", claim=choice.claim, to=to, acts=choice.acts),
            to_seats(self.seat, to),
        )
        ctx.emit(WhisperNoticed(seat=self.seat, to=to))


@dataclass(frozen=True, slots=True)
class Vote(Step):
    """Everyone points at another player at the same time (no self-vote, no abstention)."""

    def run(self, ctx: OneCtx) -> None:
        ctx.cue("vote")
        for seat in ctx.state.seats:
            ctx.ask(seat.index, VOTE_KIND, other_seats(ctx.state, seat.index), group=VOTE_KIND)

    def resolve(self, ctx: OneCtx, answers: Answers) -> None:
        votes: list[int | None] = [None] * len(ctx.state.seats)
        for decision, choice in answers:
            target = target_of(choice)
            votes[decision.seat] = target
            ctx.emit(VoteCast(seat=decision.seat, ballot=VOTE_KIND, option=choice.option, target=target))
        ctx.update_data(votes=tuple(votes))
        counts, top = tally((choice.option, 1.0) for _, choice in answers)
        best = counts[0][1] if counts else 0.0
        dead: tuple[int, ...] = ()
        if best >= MIN_VOTES_TO_DIE:
            dead = tuple(sorted(s for s in (key_seat(k) for k in top) if s is not None))
        ctx.emit(VoteTally(ballot=VOTE_KIND, counts=counts, result="killed" if dead else "nobody", targets=dead))
        kill(ctx, dead, "vote")
        ctx.push(HunterShots(dead), Verdict())


def kill(ctx: OneCtx, seats: tuple[int, ...], cause: str) -> None:
    for seat in seats:
        ctx.set_seat(seat, alive=False)
        ctx.emit_god(Died(seat=seat, cause=cause))
    deaths = tuple(AnnouncedDeath(seat=s, cause=cause, role=ctx.state.seat(s).role) for s in seats)
    ctx.emit(DeathsAnnounced(deaths=deaths, moment=cause))


@dataclass(frozen=True, slots=True)
class HunterShots(Step):
    """Each newly dead Hunter (by what his card counts as) takes his vote target along, to a fixed point."""

    dead: tuple[int, ...]

    def run(self, ctx: OneCtx) -> None:
        state = ctx.state
        shot: list[int] = []
        for seat in self.dead:
            if seat_identity(state.seats, ctx.data, seat) != HUNTER:
                continue
            target = ctx.data.votes[seat]
            if target is not None and state.is_alive(target) and target not in shot:
                shot.append(target)
        if shot:
            kill(ctx, tuple(shot), "hunter")
            ctx.push(HunterShots(tuple(shot)))


@dataclass(frozen=True, slots=True)
class Verdict(Step):
    def run(self, ctx: OneCtx) -> None:
        state = ctx.state
        data = ctx.data
        if data.doppel_copy is not None:
            ctx.emit(Announcement(key="doppelganger_copied", value=data.doppel_copy))
        for seat, became in data.converted:
            ctx.emit(Announcement(key="investigator_became", seats=(seat,), value=became))
        identities = tuple(seat_identity(state.seats, data, s.index) for s in state.seats)
        dead = tuple(s.index for s in state.seats if not s.alive)
        ctx.finish(judge(identities, dead, ctx.options.minion_only_death_wolfless))
