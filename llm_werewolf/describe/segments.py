"""A description as segments: plain words, seats and quoted player text, kept apart until a surface
lays them out (a console prints text, a web page isolates a seat in ``<bdi>``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

CASES: tuple[str, ...] = ("nom", "gen", "dat", "acc", "ins", "pre")
SLOT = re.compile(r"\$(\w+)(?::(nom|gen|dat|acc|ins|pre))?", re.ASCII)
"""A named slot of a phrase: ``$name``, or with a Russian case ``$name:acc``."""


@dataclass(frozen=True, slots=True)
class SeatRef:
    """A seat, shown with its number, name and persona (always bidi-isolated); ``case`` declines the name."""

    seat: int
    case: str = "nom"


@dataclass(frozen=True, slots=True)
class Quote:
    """Words a player or a model produced: untrusted, shown as quoted text in its own direction."""

    text: str


Segment = str | SeatRef | Quote


def fill(template: str, **values: Segment | Sequence[Segment]) -> list[Segment]:
    """Split a phrase into segments, putting ``values`` where its ``$slots`` are (``$name:dat`` declines a seat)."""
    out: list[Segment] = []
    position = 0
    for match in SLOT.finditer(template):
        if match.start() > position:
            out.append(template[position : match.start()])
        value = values.get(match.group(1))
        case = match.group(2)
        if value is None:
            out.append(match.group(0))
        elif isinstance(value, (str, SeatRef, Quote)):
            out.append(_declined(value, case))
        else:
            out.extend(_declined(v, case) for v in value)
        position = match.end()
    if position < len(template):
        out.append(template[position:])
    return out


def _declined(segment: Segment, case: str | None) -> Segment:
    if case and isinstance(segment, SeatRef):
        return SeatRef(segment.seat, case)
    return segment


def join(parts: Sequence[Sequence[Segment]], separator: str) -> list[Segment]:
    out: list[Segment] = []
    for index, part in enumerate(parts):
        if index:
            out.append(separator)
        out.extend(part)
    return out
