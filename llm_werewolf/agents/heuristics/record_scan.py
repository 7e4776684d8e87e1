"""Incremental reading of a seat's records, remembered per agent.

A seat's views only grow: each new view holds the records of the previous one plus new ones.
A policy that folds the records into facts (who was shown with which card, who voted whom...)
need not read the whole game again at every decision. ``ScanMemory`` (one per agent) keeps,
per seat, the folded fields after the last scan together with the records it had read; the
next scan of the same seat restores them and reads only the records added since. It checks by
record identity (the first record, the count, the last record read), so a view of another game,
or a replayed one, is simply read from the start.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeVar

from ...rules import SeatView
from ...rules.events import Record

F = TypeVar("F")


_COPIED = frozenset({set, dict, list})  # folded containers are copied (facts are mutated); the rest is immutable


@cache
def _getter(fields: tuple[str, ...]) -> Callable[[object], tuple[Any, ...]]:
    """All ``fields`` of an object at once, as a tuple (even for one field): one compiled tuple display,
    a third of what ``operator.attrgetter`` of twenty names costs."""
    source = f"def get_fields(facts):\n    return ({_attributes(fields)})\n"
    getter: Callable[[object], tuple[Any, ...]] = _compiled(source, "get_fields")
    return getter


@cache
def _setter(fields: tuple[str, ...]) -> Callable[[object, tuple[Any, ...]], None]:
    """Sets all ``fields`` of an object from a tuple at once: one compiled assignment per field, which
    costs a fraction of a ``setattr`` call each (the way ``dataclasses`` writes its ``__init__``)."""
    source = f"def set_fields(facts, values):\n    {_attributes(fields)}= values\n"
    setter: Callable[[object, tuple[Any, ...]], None] = _compiled(source, "set_fields")
    return setter


def _attributes(fields: tuple[str, ...]) -> str:
    """``facts.a, facts.b, `` for ``fields`` (checked to be attribute names: they are compiled as code)."""
    if not fields or not all(name.isidentifier() for name in fields):
        raise ValueError(f"fields must be attribute names: {fields!r}")
    return "".join(f"facts.{name}, " for name in fields)


def _compiled(source: str, name: str) -> Any:
    namespace: dict[str, Any] = {}
    exec(source, namespace)  # attribute names only (``_attributes``)
    return namespace[name]


@dataclass(slots=True)
class _Scanned:
    first: Record
    count: int
    last: Record
    fields: tuple[Any, ...]


class ScanMemory:
    """What one agent's scans of each seat's records said so far (one entry per seat), and what a policy
    derived from the facts of each seat's last scan (:meth:`derive`)."""

    __slots__ = ("_derived", "_seats")

    def __init__(self) -> None:
        self._seats: dict[int | None, _Scanned] = {}
        self._derived: dict[tuple[int | None, str], tuple[Record, int, Record, Any]] = {}

    def resume(self, facts: object, records: Sequence[Record], seat: int | None, fields: tuple[str, ...]) -> int:
        """Restore ``fields`` of ``facts`` from this seat's last scan when ``records`` continue it.

        The remembered containers themselves are handed to ``facts`` and forgotten here (the scan
        changes them; :meth:`keep` then remembers copies), so each scan copies them once.
        Returns the index of the first record still to read (0 when nothing was restored).
        """
        known = self._seats.pop(seat, None)  # handed over: ``keep`` stores a copy of what the scan makes of it
        if known is None or not records:
            return 0
        count = known.count
        if known.first is not records[0] or count > len(records) or records[count - 1] is not known.last:
            return 0
        _setter(fields)(facts, known.fields)
        return count

    def keep(
        self, facts: object, records: Sequence[Record], seat: int | None, fields: tuple[str, ...], *, copy: bool = True
    ) -> None:
        """Remember ``fields`` of ``facts`` as what ``records`` said to ``seat`` (copies of the containers,
        or, with ``copy=False``, the containers themselves: nothing changes them after the scan)."""
        if not records:
            self._seats.pop(seat, None)
            return
        values = _getter(fields)(facts)
        saved = tuple([value.copy() if type(value) in _COPIED else value for value in values]) if copy else values
        self._seats[seat] = _Scanned(records[0], len(records), records[-1], saved)

    def derive(self, seat: int | None, name: str, records: Sequence[Record], value: Any) -> None:
        """Keep ``value``, derived from what ``records`` said to ``seat``, as ``name`` (one per seat and name)."""
        if records:
            self._derived[(seat, name)] = (records[0], len(records), records[-1], value)
        else:
            self._derived.pop((seat, name), None)

    def recall(self, seat: int | None, name: str, records: Sequence[Record]) -> tuple[int, Any]:
        """(count, value): what :meth:`derive` kept as ``name`` for ``seat`` from ``records[:count]``, when
        ``records`` continue those records; else ``(0, None)``."""
        kept = self._derived.get((seat, name))
        if kept is None:
            return 0, None
        first, count, last, value = kept
        if first is not records[0] or count > len(records) or records[count - 1] is not last:
            return 0, None
        return count, value

    def derived(self, seat: int | None, name: str, records: Sequence[Record], start: int) -> Any:
        """The value :meth:`derive` kept as ``name`` for ``seat`` from exactly ``records[:start]`` (a scan that
        resumed at ``start``), else ``None``: the caller then knows what the records added since can change."""
        count, value = self.recall(seat, name, records) if start else (0, None)
        return value if count == start else None


def scan_records(
    facts: F,
    view: SeatView,
    fields: tuple[str, ...],
    read: Callable[[F, Sequence[Record], int], None],
    memory: ScanMemory | None,
    *,
    read_only_after: bool = False,
) -> int:
    """Fold ``view``'s records into ``facts`` with ``read(facts, records, start)``; returns ``start`` (0 when
    every record was read, else the count of records the memory's last scan of this seat had read).

    With a ``memory`` only the records added since this seat's last scan are read (``fields``
    are the attributes ``read`` fills); without one every record is read. ``read_only_after``: no
    code changes the containers of ``fields`` once the scan is done (a policy that needs another
    value assigns a new container), so the memory keeps them without copying them.
    """
    records = view.records
    start = memory.resume(facts, records, view.seat, fields) if memory is not None else 0
    read(facts, records, start)
    if memory is not None:
        memory.keep(facts, records, view.seat, fields, copy=not read_only_after)
    return start
