"""Per-seat views: the information set of one seat, built only from visible records.

Nothing here reads the game state. A prompt, a menu or a web page for seat ``i``
is rendered from ``build_view(records, i)`` and nothing else, so a secret that
was never in a record visible to ``i`` cannot reach it. ``seat=None`` gives
the view of a public spectator.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import compress
from typing import get_args

from .events import (
    ChoiceMade,
    DeathsAnnounced,
    GameEnded,
    GameStarted,
    PhaseStarted,
    Record,
    RoleAssigned,
    RolesRevealed,
    RulesEvent,
)

_RULES_EVENTS: frozenset[type] = frozenset(get_args(RulesEvent))
"""The events the rules emit; a table note (a narration line voicing an earlier phase, a model call) never
moves a view's phase."""


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat knows. ``records`` are every record visible to it, in order."""

    seat: int | None
    variant: str
    language: str
    names: tuple[str, ...]
    deck: tuple[str, ...]
    role: str | None
    alive: tuple[bool, ...]
    phase: str
    records: tuple[Record, ...]
    ended: bool = False

    @property
    def me(self) -> str | None:
        return None if self.seat is None else self.names[self.seat]

    def living(self) -> tuple[int, ...]:
        return tuple(compress(range(len(self.alive)), self.alive))  # the living seats, in seat order


class ViewBuilder:
    """Builds a seat's view incrementally (one record at a time, O(1) each)."""

    __slots__ = ("alive", "deck", "ended", "language", "names", "phase", "records", "role", "seat", "variant")

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.variant = ""
        self.language = ""
        self.names: tuple[str, ...] = ()
        self.deck: tuple[str, ...] = ()
        self.role: str | None = None
        self.alive: list[bool] = []
        self.phase = "setup"
        self.records: list[Record] = []
        self.ended = False

    def add(self, record: Record) -> bool:
        """Take ``record`` if it is visible to this seat; returns whether it was taken."""
        if not record.vis.visible_to(self.seat):
            return False
        self.records.append(record)
        event = record.event
        if type(event) in _RULES_EVENTS:
            self.phase = record.phase
        if isinstance(event, GameStarted):
            self.variant = event.variant
            self.language = event.language
            self.names = event.names
            self.deck = event.deck
            self.alive = [True] * len(event.names)
        elif isinstance(event, RoleAssigned):
            if event.seat == self.seat:
                self.role = event.role
        elif isinstance(event, DeathsAnnounced):
            for death in event.deaths:
                self.alive[death.seat] = False
        elif isinstance(event, RolesRevealed):
            if self.seat is not None:
                self.role = event.roles[self.seat]
        elif isinstance(event, GameEnded):
            self.ended = True
        elif isinstance(event, (PhaseStarted, ChoiceMade)):
            pass
        return True

    def extend(self, records: Iterable[Record]) -> None:
        for record in records:
            self.add(record)

    def view(self) -> SeatView:
        return SeatView(
            seat=self.seat,
            variant=self.variant,
            language=self.language,
            names=self.names,
            deck=self.deck,
            role=self.role,
            alive=tuple(self.alive),
            phase=self.phase,
            records=tuple(self.records),
            ended=self.ended,
        )


def build_view(records: Iterable[Record], seat: int | None) -> SeatView:
    builder = ViewBuilder(seat)
    builder.extend(records)
    return builder.view()
