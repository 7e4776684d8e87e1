"""What the narrator remembers of a game, from public records only: who is still at the table, the
last exile, what each seat claimed and whether a shown card later proved it.

Everything here is built from records whose visibility is ``public`` (a private record is ignored),
so a line that refers back can say nothing the table was not told.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..rules.events import DeathsAnnounced, GameStarted, Record, RolesRevealed, Speech

EXILE_MOMENTS = frozenset({"vote", "execution", "exile"})
"""``DeathsAnnounced.moment`` values that send a seat away by the table's own vote."""


@dataclass(frozen=True, slots=True)
class Departure:
    """A seat that left, as the table was told: the moment, and the card shown with it (or ``None``)."""

    seat: int
    moment: str
    role: str | None


@dataclass
class PublicMemory:
    """The public story so far. ``add`` ignores every record that is not public."""

    seats: int = 0
    departed: list[Departure] = field(default_factory=list)
    claims: dict[int, str] = field(default_factory=dict)
    """Seat -> the last role it claimed in a public speech."""
    revealed: bool = False

    def add(self, record: Record) -> None:
        if record.vis.scope != "public":
            return
        e = record.event
        if isinstance(e, GameStarted):
            self.seats = len(e.names)
        elif isinstance(e, DeathsAnnounced):
            gone = {d.seat for d in self.departed}
            for death in e.deaths:
                if death.seat not in gone:
                    self.departed.append(Departure(death.seat, e.moment, death.role))
        elif isinstance(e, Speech) and e.to is None and e.claim:
            self.claims[e.seat] = e.claim
        elif isinstance(e, RolesRevealed):
            self.revealed = True

    @property
    def alive(self) -> int:
        return max(0, self.seats - len(self.departed))

    def living(self) -> list[int]:
        gone = {d.seat for d in self.departed}
        return [s for s in range(self.seats) if s not in gone]

    def last_exile(self) -> Departure | None:
        for departure in reversed(self.departed):
            if departure.moment in EXILE_MOMENTS:
                return departure
        return None

    def claim_proved(self, departure: Departure) -> bool | None:
        """Whether the departed seat's public claim matched the card shown as it left (``None``: no claim
        or no card shown)."""
        claim = self.claims.get(departure.seat)
        if claim is None or departure.role is None:
            return None
        return claim == departure.role

    def stage(self) -> str:
        """How far the table has shrunk: ``full`` (more than two thirds left), ``thinning``, ``last``
        (at most a third, or three seats), ``two`` (the last two standing)."""
        alive = self.alive
        if self.seats == 0:
            return "full"
        if alive <= 2:
            return "two"
        if alive <= 3 or alive * 3 <= self.seats:
            return "last"
        if alive * 3 <= self.seats * 2:
            return "thinning"
        return "full"
