"""Shared immutable values for the event log (flyweights), so a long log keeps each value once.

A finished game keeps every record it emitted. Many of those records hold values that repeat:
the same moderator cue every night, the same sequence numbers in every game, the same team
visibility on every wolf ballot. Records and events are immutable by discipline (nothing writes
to them once emitted), so equal values may be one object. Nothing here changes what a record
says: only how many copies of a value the process keeps.

* :func:`seq_int` gives one process-wide ``int`` object per sequence number or decision id
  (CPython shares only -5..256 by itself; every other ``int`` costs 28 bytes each time it is made).
  The table grows to the longest log the process has seen, at most :data:`SEQ_INTS_CAP` entries.
* :func:`share_event` gives one object per distinct value of the event types in
  :data:`SHARED_EVENT_TYPES`: small events that repeat within a game and across games. The cache
  is emptied when it reaches :data:`SHARED_EVENTS_CAP` entries, so memory stays bounded.
"""

from __future__ import annotations

from .events import (
    ActionTaken,
    Announcement,
    Cue,
    Died,
    EventBody,
    Info,
    PhaseStarted,
    RoleAssigned,
    StatusChanged,
    VoteCast,
)

SEQ_INTS_CAP = 1 << 16
"""Sequence numbers past this are left as they come (a game that long is an outlier)."""

SEQ_INTS: list[int] = list(range(1024))
"""``SEQ_INTS[n] == n`` for every index; only ever extended (the hot path indexes it directly)."""


def seq_int(n: int) -> int:
    """The process's one ``int`` object equal to ``n`` (``n`` itself past the cap or below 0)."""
    ints = SEQ_INTS
    if 0 <= n < len(ints):
        return ints[n]
    if n < 0 or n >= SEQ_INTS_CAP:
        return n
    ints.extend(range(len(ints), min(SEQ_INTS_CAP, max(n + 1, 2 * len(ints)))))
    return ints[n]


SHARED_EVENT_TYPES: frozenset[type] = frozenset(
    {ActionTaken, Announcement, Cue, Died, Info, PhaseStarted, RoleAssigned, StatusChanged, VoteCast}
)
"""Events made only of seat numbers, role and option names and short keys, so that the same
values recur within a game and across games. (Not speech, whose text is free, nor tallies.)"""

SHARED_EVENTS_CAP = 4096

_SHARED_EVENTS: dict[EventBody, EventBody] = {}


def share_event(event: EventBody) -> EventBody:
    """The shared object equal to ``event`` (``event`` itself the first time it is seen)."""
    shared = _SHARED_EVENTS.setdefault(event, event)
    if len(_SHARED_EVENTS) > SHARED_EVENTS_CAP:
        _SHARED_EVENTS.clear()
    return shared
