"""What the table has publicly been told, gathered record by record (public records only).

The LLM narrator and its checker read nothing else: a fact that no public
record states is not here, so it can neither be put into a prompt nor be
accepted in a narration.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ..rules.events import (
    Announcement,
    DeathsAnnounced,
    GameEnded,
    GameStarted,
    Record,
    RolesRevealed,
    Speech,
    StatusChanged,
)


@dataclass
class PublicFacts:
    """Public knowledge of one game. ``add`` ignores every record that is not public."""

    roles_known: frozenset[str] = frozenset()
    """Role ids of the ruleset (an announcement value naming one reveals a seat's card)."""
    names: tuple[str, ...] = ()
    dead: dict[int, str | None] = field(default_factory=dict)
    """Seat -> the cause the table was told (``None`` when no cause was announced)."""
    roles: dict[int, set[str]] = field(default_factory=dict)
    """Seat -> role ids the table was shown for it (a flipped card, a revealed role)."""
    statuses: dict[int, set[str]] = field(default_factory=dict)
    """Seat -> public statuses that are on (sheriff, blackmailed...)."""
    speeches: list[tuple[int, str]] = field(default_factory=list)
    ended: bool = False
    all_revealed: bool = False
    """Every card was turned over (the end of the game): nothing is secret any more."""
    winners: frozenset[int] = frozenset()
    sides: frozenset[str] = frozenset()

    def add(self, record: Record) -> None:
        if record.vis.scope != "public":
            return
        e = record.event
        if isinstance(e, GameStarted):
            self.names = tuple(e.names)
        elif isinstance(e, DeathsAnnounced):
            for death in e.deaths:
                self.dead[death.seat] = death.cause
                if death.role:
                    self.roles.setdefault(death.seat, set()).add(death.role)
        elif isinstance(e, Announcement):
            if e.value in self.roles_known and e.seats:  # a role-valued announcement shows its first seat's card
                self.roles.setdefault(e.seats[0], set()).add(str(e.value))
        elif isinstance(e, StatusChanged):
            on = self.statuses.setdefault(e.seat, set())
            if e.value == "off":
                on.discard(e.status)
            else:
                on.add(e.status)
        elif isinstance(e, Speech) and e.to is None:
            self.speeches.append((e.seat, e.text))
        elif isinstance(e, GameEnded):
            self.ended = True
            self.winners = frozenset(e.winners)
            self.sides = frozenset(e.sides)
        elif isinstance(e, RolesRevealed):
            self.all_revealed = True
            for seat, (role, start) in enumerate(zip(e.roles, e.start_roles, strict=False)):
                self.roles.setdefault(seat, set()).update((role, start))

    def extend(self, records: Iterable[Record]) -> None:
        for record in records:
            self.add(record)

    def alive(self, seat: int) -> bool:
        return seat not in self.dead

    def revealed_sides(self, seat: int, side_of_role: Mapping[str, str]) -> set[str]:
        """The sides the table knows ``seat`` plays for (its shown cards' sides, a win)."""
        sides = {side_of_role[r] for r in self.roles.get(seat, ()) if r in side_of_role}
        if seat in self.winners:
            sides |= self.sides
        return sides
