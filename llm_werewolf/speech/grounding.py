"""Grounded reasons: public game facts a speech offers as grounds, with the records behind them.

A ``reason`` act asserts one fact of the public record about a seat (``target``) and carries
``refs``, the sequence numbers of the records that support it:

* ``voted``: the seat cast a public ballot for ``other`` (one ``VoteCast``);
* ``accused``: the seat accused or meant to vote for ``other`` in a speech (one ``Speech``);
* ``claimed``: the seat claimed ``role`` in a speech (one ``Speech``);
* ``named_first``: the seat was the first of its phase to name a target, ``other`` (one
  ``Speech``; no earlier public speech of that phase named anyone);
* ``quiet``: the seat spoke in this phase but named nobody (every one of its speeches of the phase
  with words; a seat that said nothing at all is not called quiet).

:func:`reasons_about` finds the facts a seat's view supports (what a truthful speaker is
offered); :func:`check_reason` validates a reason against the records (what evaluation
runs over the god view); :func:`classify` tells a grounded act from a lie (the speaker knew
better: a deliberate, marked fabrication, or a claim or result against its own knowledge)
and from a hallucination (a reference that does not hold, said by a seat that meant no lie).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Literal

from ..rules.acts import Act
from ..rules.events import Record, Speech, VoteCast
from ..rules.views import SeatView
from .intent import claim_of
from .table_reading import TableReading, table_reading
from .truth import consistent

NAMING = frozenset({"accuse", "vote"})
"""Act kinds that name a target (what ``named_first``, ``accused`` and ``quiet`` read)."""

Grounding = Literal["grounded", "lie", "hallucination", "opinion"]


def _public_speech(record: Record) -> Speech | None:
    event = record.event
    if type(event) is Speech and event.to is None and record.vis.scope == "public":
        return event
    return None


def _named(speech: Speech) -> int | None:
    return next((a.target for a in speech.acts if a.kind in NAMING), None)


def _says_something(speech: Speech) -> bool:
    """Whether a speech named a seat, claimed, reported or answered (a question alone is not taking a side)."""
    if not speech.acts:
        return bool(speech.text.strip())
    return any(a.kind not in ("ask",) for a in speech.acts)


def reasons_about(view: SeatView, seat: int) -> list[Act]:
    """Every reason about ``seat`` that ``view``'s public records support, most telling first
    (read from the table's shared reading of the public records, :mod:`.table_reading`; a speech asks
    about one seat several times, so the reasons are kept with the reading until it reads on)."""
    reading = table_reading(view)
    key = (view.seat, view.phase, seat)
    known = reading.reasons_memo.get(key)
    if known is None:
        known = reading.reasons_memo[key] = _reasons_in(reading, view.seat, view.phase, seat)
    return list(known)


def _reasons_in(reading: TableReading, viewer: int | None, today: str, seat: int) -> list[Act]:
    """Every reason about ``seat`` that ``reading`` supports, for ``viewer`` on day ``today`` (from the
    reading's index of each seat's speeches, :meth:`TableReading._index`)."""
    found: list[Act] = []
    quiet = reading.quiet.get((seat, today))
    accused = reading.named_last.get(seat)
    if accused is not None and accused.named == viewer:  # the latest that names another seat than the viewer
        accused = reading.named_before.get(seat)
    claimed = reading.claimed_last.get(seat)
    first = reading.first_named.get(today)
    if first is not None and first.speech.seat == seat:
        found.append(reading.reason(seat, "named_first", (first.seq,), first.named, None))
    if quiet and (seat, today) not in reading.spoke_up:
        found.append(reading.reason(seat, "quiet", tuple(quiet), None, None))
    vote = reading.last_vote.get(seat)
    if vote is not None:
        found.append(reading.reason(seat, "voted", (vote.seq,), vote.target, None))
    if claimed is not None:
        found.append(reading.reason(seat, "claimed", (claimed.seq,), None, claimed.claimed))
    if accused is not None and not any(a.fact == "named_first" and a.other == accused.named for a in found):
        found.append(reading.reason(seat, "accused", (accused.seq,), accused.named, None))
    return found


def by_seq(records: Iterable[Record]) -> dict[int, Record]:
    """The records keyed by sequence number (what :func:`check_reason` looks references up in)."""
    return {record.seq: record for record in records}


def check_reason(act: Act, records: Mapping[int, Record], at: int) -> bool:
    """Whether a ``reason`` said at sequence number ``at`` holds: every reference exists, came
    before ``at``, is public, and says what the reason says (``named_first`` and ``quiet``
    also hold against the other public speeches of the phase)."""
    if act.kind != "reason" or not act.refs or act.target is None:
        return False
    refs = [records.get(seq) for seq in act.refs]
    if any(r is None or r.seq >= at or r.vis.scope != "public" for r in refs):
        return False
    held = [r for r in refs if r is not None]
    if act.fact == "voted":
        event = held[0].event
        return len(held) == 1 and type(event) is VoteCast and event.seat == act.target and event.target == act.other
    speeches = [_public_speech(r) for r in held]
    if any(s is None or s.seat != act.target for s in speeches):
        return False
    said = [s for s in speeches if s is not None]
    if act.fact == "accused":
        return len(said) == 1 and any(a.kind in NAMING and a.target == act.other for a in said[0].acts)
    if act.fact == "claimed":
        return len(said) == 1 and any(claim_of(a) == act.role for a in said[0].acts)
    phase = held[0].phase
    before = [r for seq, r in sorted(records.items()) if seq < at and r.phase == phase and _public_speech(r)]
    if act.fact == "named_first":
        if len(said) != 1 or _named(said[0]) != act.other:
            return False
        earlier = [r for r in before if r.seq < held[0].seq]
        return all(_named(s) is None for r in earlier if (s := _public_speech(r)) is not None)
    if act.fact == "quiet":
        own = {
            r.seq for r in before if (s := _public_speech(r)) is not None and s.seat == act.target and s.text.strip()
        }
        return own == set(act.refs) and not any(_says_something(s) for s in said)
    return False


def fabricated(acts: Sequence[Act], records: Sequence[Record], speaker: int, variant: str) -> list[int]:
    """Indices of the acts in ``acts`` that the speaker knows to be false (from its own records):
    a claim or a result against its card and its night results, or a reason that does not hold."""
    table = by_seq(records)
    at = (records[-1].seq + 1) if records else 0
    out: list[int] = []
    for index, act in enumerate(acts):
        if act.kind == "reason":
            if not check_reason(act, table, at):
                out.append(index)
        elif act.kind in ("claim", "result", "answer") and _consistent(act, records, speaker, variant) is False:
            out.append(index)
    return out


def _consistent(act: Act, records: Sequence[Record], speaker: int, variant: str) -> bool | None:
    """``truth.consistent``, with an answer that names the speaker's role read as the claim it is."""
    role = claim_of(act)
    if act.kind == "answer":
        return None if role is None else consistent(Act("claim", role=role), records, speaker, variant)
    return consistent(act, records, speaker, variant)


def classify(act: Act, records: Sequence[Record], speaker: int, variant: str, at: int, marked: bool) -> Grounding:
    """What evaluation makes of one act said at ``at``: ``grounded`` (a fact that holds, or a
    claim or result the speaker believes), ``lie`` (the speaker knew better: ``marked`` as a
    fabrication in its private note, or a claim or result against its own knowledge),
    ``hallucination`` (a reason whose references do not hold, not marked as a lie), or
    ``opinion`` (an act that asserts no fact: an accusation, a vote intention, a question)."""
    if act.kind == "reason":
        if check_reason(act, by_seq(records), at):
            return "grounded"
        return "lie" if marked else "hallucination"
    if act.kind in ("claim", "result") or claim_of(act) is not None:
        known = [r for r in records if r.seq < at]
        said = _consistent(act, known, speaker, variant)
        if said is False:
            return "lie"
        return "grounded"
    return "opinion"
