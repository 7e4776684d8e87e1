"""Shared immutable values for the event log (flyweights), so a long log keeps each value once.

A finished game keeps every record it emitted. Many of those records hold values that repeat:
the same moderator cue every night, the same sequence numbers in every game, the same team
visibility on every wolf ballot. Records and events are immutable by discipline (nothing writes
to them once emitted), so equal values may be one object. Nothing here changes what a record
says: only how many copies of a value the process keeps.

* :func:`seq_int` gives one process-wide ``int`` object per sequence number or decision id
  (CPython shares only -5..256 by itself; every other ``int`` costs 28 bytes each time it is made).
  The table grows to the longest log the process has seen, at most :data:`SEQ_INTS_CAP` entries.
* :func:`shared_cue` and :func:`shared_phase_started` give one object per distinct cue and phase
  start (``Ctx.cue`` and ``Ctx.start_phase`` emit them): the same ones recur every night of
  every game. They look the value up *before* building an event, so sharing costs less than
  building. Each cache is emptied when it reaches :data:`SHARED_EVENTS_CAP` entries.

Not shared: events that would have to be built first and then looked up by value (votes, deaths,
statuses...): hashing a dataclass by value on every emit cost more instructions per decision than
the engine may spend (docs/performance.md, "Memory per game").
"""

from __future__ import annotations

from typing import Literal

from .events import Cue, PhaseStarted

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


SHARED_EVENTS_CAP = 4096

_CUES: dict[tuple[str, str | None], Cue] = {}
_PHASES: dict[tuple[str, int], PhaseStarted] = {}


def shared_cue(key: str, role: str | None = None) -> Cue:
    """The one ``Cue(key=key, role=role)`` (looked up before one is built: a cue is emitted for
    every role at every night, so sharing it costs less than building it)."""
    found = _CUES.get((key, role))
    if found is None:
        if len(_CUES) >= SHARED_EVENTS_CAP:
            _CUES.clear()
        found = _CUES[key, role] = Cue(key=key, role=role)
    return found


def shared_phase_started(phase: Literal["night", "day"], number: int) -> PhaseStarted:
    """The one ``PhaseStarted(phase=phase, number=number)``."""
    found = _PHASES.get((phase, number))
    if found is None:
        if len(_PHASES) >= SHARED_EVENTS_CAP:
            _PHASES.clear()
        found = _PHASES[phase, number] = PhaseStarted(phase=phase, number=number)
    return found
