"""What a seat's own speeches today commit it to: the seat it said it votes for, the seats it gave
grounds against, the seats it said it trusts; and the public events that release a commitment.

A model seat keeps its word within a day (docs/speech-acts.md, "Commitments"):

* its vote at the day's vote goes to the seat its latest speech today named
  (:func:`vote_commitment`: the proposed vote, else the vote its answer gave, else the seat it
  accused, else the seat a result it reported found bad, else the seat its first reason gave grounds
  against), when that seat is among the
  ballot's options; the commitment decides, the model is not asked (on city_mafia's yes/no ballots,
  one nominee at a time: yes on that seat, no on the nominees before it);
* a speech that also nominates (city_mafia) nominates that seat when it is offered
  (:func:`nomination`); the model's own pick stands otherwise;
* a seat it said it trusts today (or cleared with a result it reported) is neither accused, voted for,
  nor given grounds against in its later speeches that day (:func:`trusted_today`), nor offered on its
  ballot; a seat it went against today is not the one it names when asked whom it trusts
  (:func:`opposed_today`).

Either holds unless a public event after the speech gives a reason to change (:func:`release`):
the seat in question made a new claim, someone reported a result that takes its other side, or (for
trust) it went after the speaker (accused it, said it votes for it, cast a ballot against it). A seat
whose vote was released says so the next time it speaks (:func:`released_vote`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..rules.acts import Act
from ..rules.decisions import Decision, Option
from ..rules.events import PUBLIC, Speech, VoteCast
from ..rules.variant import SeatBallot, get_ruleset
from ..rules.views import SeatView
from .intent import claim_of
from .stance import Stance, stance

DAY_VOTES = frozenset({"vote", "exile_vote", "nominate"})
"""Decision kinds of a day's ballot on a seat (one_night and lebanese_ghouls ``vote``, chinese_werewolf
``exile_vote``, online_mafia ``nominate``); a ballot whose options name no seat (city_mafia's yes/no
``vote``) is left to the model."""


@dataclass(frozen=True, slots=True)
class Commitment:
    """The seat a speech (record ``seq``) committed its speaker to vote for."""

    seat: int
    seq: int


def _own_speeches_today(view: SeatView) -> Iterator[tuple[int, Speech]]:
    for record in view.records:
        event = record.event
        if record.phase == view.phase and type(event) is Speech and event.seat == view.seat and event.to is None:
            yield record.seq, event


def voted_seat(acts: tuple[Act, ...], variant: str = "") -> int | None:
    """The seat a speech's acts commit its vote to (module doc; a result that finds a seat bad comes
    before the reasons when ``variant`` is given), or ``None``."""
    for kind in ("vote", "answer", "accuse"):
        for act in acts:
            if act.kind != kind:
                continue
            if kind == "answer":
                if act.fact == "vote" and act.other is not None:
                    return act.other
            elif act.target is not None:
                return act.target
    for act in acts:
        side = stance(act, variant) if variant and act.kind == "result" else None
        if side is not None and side[1] == "against":
            return side[0]
    for act in acts:
        if act.kind == "reason" and act.fact != "claimed" and act.target is not None:
            return act.target
    return None


def trusted_seats(acts: tuple[Act, ...], me: int | None, variant: str = "") -> set[int]:
    """Seats a speech's acts vouch for (``defend`` another seat, the answer to "whom do you trust?", and,
    when ``variant`` is given, a result the speaker reported that clears a seat: a seat does not vote for
    the seat its own check found good)."""
    out: set[int] = set()
    for act in acts:
        if act.kind == "defend" and act.target is not None and act.target != me:
            out.add(act.target)
        elif act.kind == "answer" and act.fact == "trust" and act.other is not None:
            out.add(act.other)
        elif variant and act.kind == "result" and act.target is not None and _clears(act, variant, me):
            out.add(act.target)
    return out


def release(view: SeatView, since: int, seat: int, held: Stance) -> int | None:
    """The first public record after record ``since`` that gives the speaker a reason to change the side
    it took on ``seat`` (``held``: ``for`` it, trust; ``against`` it, a vote): its sequence number, or
    ``None``. Any new claim by ``seat`` is one; a result reported on it is one when it takes the other
    side (a clearing result against a vote, a damning one against trust); ``seat`` going after the
    speaker (accusing it, saying it votes for it, casting a ballot against it) is one against trust."""
    me = view.seat
    claimed = {claim_of(a) for _, speech in _speeches_of(view, seat, until=since) for a in speech.acts} - {None}
    for record in view.records:
        if record.seq <= since or record.vis != PUBLIC:
            continue
        event = record.event
        if type(event) is VoteCast:
            if held == "for" and event.seat == seat and event.target == me:
                return record.seq
            continue
        if type(event) is not Speech or event.seat == me or event.to is not None:
            continue
        for act in event.acts:
            role = claim_of(act)
            if event.seat == seat and role is not None and role not in claimed:
                return record.seq
            went_after_me = act.kind in ("accuse", "vote") and act.target == me
            if held == "for" and event.seat == seat and went_after_me:
                return record.seq
            side = stance(act, view.variant) if act.kind == "result" else None
            if side is not None and side[0] == seat and side[1] != held:
                return record.seq
    return None


@dataclass(frozen=True, slots=True)
class Released:
    """A vote commitment (the speech ``seq`` said the speaker votes for ``seat``) that the public record
    ``by`` released, and why: ``claim`` (``seat`` claimed a card) or ``result`` (a result took its side)."""

    seat: int
    seq: int
    by: int
    why: str


def released_vote(view: SeatView) -> Released | None:
    """The speaker's vote commitment today when a public event released it and the speaker has not spoken
    since: its next speech says it takes that vote back (a seat that speaks again before the ballot:
    one_night's second round of talk; online_mafia's discussion gives each seat one speech before the
    nomination, so a seat released there has no turn to say so)."""
    committed = vote_commitment(view)
    if committed is None:
        return None
    by = release(view, committed.seq, committed.seat, "against")
    if by is None or any(seq > by for seq, _ in _own_speeches_today(view)):
        return None
    event = next(r.event for r in view.records if r.seq == by)
    claimed = type(event) is Speech and event.seat == committed.seat and any(claim_of(a) for a in event.acts)
    return Released(committed.seat, committed.seq, by, "claim" if claimed else "result")


def _speeches_of(view: SeatView, seat: int, until: int) -> Iterator[tuple[int, Speech]]:
    for record in view.records:
        event = record.event
        if record.seq <= until and type(event) is Speech and event.seat == seat and event.to is None:
            yield record.seq, event


def vote_commitment(view: SeatView) -> Commitment | None:
    """The seat the latest of the speaker's speeches today that names one committed its vote to."""
    found: Commitment | None = None
    for seq, speech in _own_speeches_today(view):
        seat = voted_seat(speech.acts, view.variant)
        if seat is not None:
            found = Commitment(seat, seq)
    return found


def nomination(view: SeatView, decision: Decision, acts: tuple[Act, ...]) -> str | None:
    """The option of a speech decision whose options name seats (city_mafia's nomination) that the
    speech's own acts commit it to: the seat it says it votes for (:func:`voted_seat`) when offered, else
    (that seat is nominated already) the one option that names no seat."""
    if not decision.speech or not any(o.kind == "seat" for o in decision.options):
        return None
    seat = voted_seat(acts, view.variant)
    if seat is None:
        return None
    offered = next((o.id for o in decision.options if o.kind == "seat" and o.target == seat), None)
    if offered is not None:
        return offered
    # the seat is nominated already: no second nomination against the speech (the one option naming none)
    none = [o.id for o in decision.options if o.kind != "seat"]
    return none[0] if len(none) == 1 and seat != view.seat else None


def _clears(act: Act, variant: str, me: int | None) -> bool:
    """Whether the result ``act`` clears a seat other than ``me``."""
    side = stance(act, variant)
    return side is not None and side[1] == "for" and side[0] != me


def trusted_today(view: SeatView) -> dict[int, int]:
    """The seats the speaker said it trusts in its speeches today, with the speech's sequence number,
    less those a later public event released (:func:`release`)."""
    trusted: dict[int, int] = {}
    for seq, speech in _own_speeches_today(view):
        for seat in trusted_seats(speech.acts, view.seat, view.variant):
            trusted[seat] = seq
    return {seat: seq for seat, seq in trusted.items() if release(view, seq, seat, "for") is None}


def opposed_today(view: SeatView) -> dict[int, int]:
    """The seats the speaker went against in its speeches today (:func:`against`), with the speech's
    sequence number, less those a later public event released (a new claim, a clearing result)."""
    opposed: dict[int, int] = {}
    for seq, speech in _own_speeches_today(view):
        for act in speech.acts:
            seat = against(act)
            if seat is not None and seat != view.seat:
                opposed[seat] = seq
    return {seat: seq for seat, seq in opposed.items() if release(view, seq, seat, "against") is None}


def against(act: Act) -> int | None:
    """The seat ``act`` goes against in a speech: accused, voted for (also through an answer), or the
    subject of a reason given as grounds (a claim cited is no ground); ``None`` for any other act."""
    if act.kind in ("accuse", "vote", "disagree"):
        return act.target
    if act.kind == "answer" and act.fact == "vote":
        return act.other
    if act.kind == "reason" and act.fact != "claimed":
        return act.target
    if act.kind == "result" and act.value == "bad":
        return act.target
    return None


KEPT = "vote kept:"
"""Label of the private note when a commitment decided a ballot: ``vote kept: <seat> <speech seq>`` (seats from 0)."""
RELEASED = "vote released:"
"""Label of the private note when a public event released it: ``vote released: <seat> <speech seq> <event seq>``."""


@dataclass(frozen=True, slots=True)
class Ballot:
    """How a seat's ballot is taken: ``option`` decided by its commitment (``None``: the model picks
    among ``options``), and the private note that records which (``""``: no commitment)."""

    option: str | None
    options: tuple[Option, ...]
    note: str = ""


def ballot(view: SeatView, decision: Decision) -> Ballot:
    """The ballot of ``decision`` for a seat that keeps its word (module doc): the committed seat when it
    is an option and nothing public released it; else the options less the seats it trusts today
    (all of them when that would leave no seat)."""
    if decision.kind not in DAY_VOTES or view.seat is None:
        return Ballot(None, decision.options)
    seats = {o.target: o for o in decision.options if o.kind == "seat" and o.target is not None}
    if not seats:
        on = get_ruleset(view.variant).seat_ballot(view)
        return Ballot(None, decision.options) if on is None else _yes_or_no(view, decision, on)
    note = ""
    committed = vote_commitment(view)
    if committed is not None and committed.seat in seats:
        released = release(view, committed.seq, committed.seat, "against")
        if released is None:
            return Ballot(seats[committed.seat].id, decision.options, f"{KEPT} {committed.seat} {committed.seq}")
        note = f"{RELEASED} {committed.seat} {committed.seq} {released}"
    trusted = trusted_today(view)
    offered = tuple(o for o in decision.options if o.kind != "seat" or o.target not in trusted)
    if not any(o.kind == "seat" for o in offered):
        offered = decision.options
    return Ballot(None, offered, note)


def _yes_or_no(view: SeatView, decision: Decision, on: SeatBallot) -> Ballot:
    """A yes/no ballot on one seat (city_mafia): a seat committed to one of the ballot's nominees votes for
    it when it is voted on and against the nominees before it; else the model picks."""
    committed = vote_commitment(view)
    ids = {o.id for o in decision.options}
    if committed is None or committed.seat not in on.candidates or not {on.yes, on.no} <= ids:
        return Ballot(None, decision.options)
    released = release(view, committed.seq, committed.seat, "against")
    if released is not None:
        return Ballot(None, decision.options, f"{RELEASED} {committed.seat} {committed.seq} {released}")
    answer = on.yes if on.subject == committed.seat else on.no
    return Ballot(answer, decision.options, f"{KEPT} {committed.seat} {committed.seq}")
