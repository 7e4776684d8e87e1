"""Roles, seats, phases, outcomes, configuration and the immutable game state."""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields, replace
from operator import attrgetter
from typing import Any, Generic, Literal, TypeVar

from .decisions import Choice, Decision
from .rng import Rng
from .step import Step

D = TypeVar("D")
O_ = TypeVar("O_")
T = TypeVar("T")

PhaseKind = Literal["setup", "night", "day", "end"]


@dataclass(frozen=True, slots=True)
class RoleInfo:
    """Static facts about one role id."""

    id: str
    side: str
    power: bool = False
    description: str = ""


@dataclass(frozen=True, slots=True)
class Phase:
    kind: PhaseKind
    number: int = 0
    label: str = field(init=False, repr=False, compare=False)
    """``night:2``, ``day:1``, ``setup``, ``end`` (computed once; used for every record)."""

    def __post_init__(self) -> None:
        label = f"{self.kind}:{self.number}" if self.kind in ("night", "day") else self.kind
        object.__setattr__(self, "label", sys.intern(label))  # one string per label, however many records


SETUP = Phase("setup")


@dataclass(frozen=True, slots=True)
class Seat:
    """One player at the table. ``role`` is the current card, ``start_role`` the dealt one."""

    index: int
    name: str
    role: str
    start_role: str
    alive: bool = True


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winning seats, the winning side(s) and why."""

    winners: tuple[int, ...]
    sides: tuple[str, ...]
    reason: str


@dataclass(frozen=True, slots=True)
class GameConfig:
    """Everything needed to start a game deterministically.

    ``roles`` fixes the deal seat by seat (scenario files); otherwise ``deck``
    (or the variant's standard board for ``len(names)`` players) is shuffled
    with the game's RNG. ``extra`` fixes the extra/center cards of a fixed deal.
    """

    variant: str
    names: tuple[str, ...]
    seed: int = 0
    language: str | None = None
    roles: tuple[str, ...] | None = None
    extra: tuple[str, ...] = ()
    deck: tuple[str, ...] | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    transition: type[Any] | None = None
    """The class every transition of the game runs in (``None``: ``engine.Ctx``; typed ``Any`` since the
    engine sits above the state). A reader of an older log format gives a subclass of ``engine.Ctx`` that
    logs as that format did (``transcript.schema_one``)."""


@dataclass(slots=True, unsafe_hash=True)
class GameState(Generic[D, O_]):
    """The whole state of a game.

    Immutable by discipline, not by ``frozen=True``: a state that has been handed out (by
    ``submit``, ``advance`` or ``new_game``) is never written again. Inside one transition the
    engine makes one private copy (:meth:`_clone`) and writes that copy in place
    (``engine.Ctx``); tests/rules/test_immutability.py checks on whole games that no handed-out
    state changes afterwards.
    """

    variant: str
    language: str
    seats: tuple[Seat, ...]
    extra: tuple[str, ...]
    options: O_
    data: D
    phase: Phase = SETUP
    agenda: tuple[Step, ...] = ()
    waiting: Step | None = None
    pending: tuple[Decision, ...] = ()
    answers: tuple[tuple[int, Choice], ...] = ()
    rng: Rng = Rng(0)  # noqa: RUF009  (immutable, safe as a default)
    next_decision_id: int = 0
    seq: int = 0
    outcome: Outcome | None = None
    days_played: int = 0
    transition: type[Any] | None = None
    """See :attr:`GameConfig.transition`; fixed for the whole game."""

    # -- read helpers -------------------------------------------------------
    def seat(self, index: int) -> Seat:
        return self.seats[index]

    def living(self) -> tuple[int, ...]:
        return tuple([s.index for s in self.seats if s.alive])

    def is_alive(self, index: int) -> bool:
        return self.seats[index].alive

    def with_role(self, role: str, *, alive_only: bool = True) -> tuple[int, ...]:
        return tuple([s.index for s in self.seats if s.role == role and (s.alive or not alive_only)])

    def first_with_role(self, role: str, *, alive_only: bool = True) -> int | None:
        for s in self.seats:
            if s.role == role and (s.alive or not alive_only):
                return s.index
        return None

    def roles(self) -> tuple[str, ...]:
        return tuple([s.role for s in self.seats])

    def iter_living(self) -> Iterator[Seat]:
        return (s for s in self.seats if s.alive)

    @property
    def over(self) -> bool:
        return self.outcome is not None

    # -- functional updates -------------------------------------------------
    def evolve(self, **changes: Any) -> GameState[D, O_]:
        """A copy with ``changes`` applied (a faster ``dataclasses.replace`` for the hot loop)."""
        unknown = changes.keys() - STATE_FIELD_SET
        if unknown:
            raise TypeError(f"GameState has no field(s) {', '.join(sorted(unknown))}")
        new = self._clone()
        for name, value in changes.items():
            setattr(new, name, value)
        return new

    def _clone(self) -> GameState[D, O_]:
        """A shallow copy, field by field (the engine's one private copy per transition)."""
        new: GameState[D, O_] = object.__new__(GameState)
        new.variant = self.variant
        new.language = self.language
        new.seats = self.seats
        new.extra = self.extra
        new.options = self.options
        new.data = self.data
        new.phase = self.phase
        new.agenda = self.agenda
        new.waiting = self.waiting
        new.pending = self.pending
        new.answers = self.answers
        new.rng = self.rng
        new.next_decision_id = self.next_decision_id
        new.seq = self.seq
        new.outcome = self.outcome
        new.days_played = self.days_played
        new.transition = self.transition
        return new

    def with_seat(self, index: int, **changes: Any) -> GameState[D, O_]:
        seats = list(self.seats)
        seats[index] = fast_replace(seats[index], changes)
        return self.evolve(seats=tuple(seats))


_INIT_FIELDS: dict[type, tuple[tuple[str, ...], frozenset[str], attrgetter[Any] | None]] = {}
"""Per dataclass: its init fields' names, as a tuple and a set, and one getter of all their values."""


def fast_replace(obj: T, changes: Mapping[str, Any]) -> T:
    """``dataclasses.replace(obj, **changes)`` for the hot loop: the class's ``__init__`` with
    the current values of its init fields (names cached per class), ``changes`` applied."""
    cls = type(obj)
    cached = _INIT_FIELDS.get(cls)
    if cached is None:
        names = tuple(f.name for f in fields(cls) if f.init)  # type: ignore[arg-type]
        cached = _INIT_FIELDS[cls] = (names, frozenset(names), attrgetter(*names) if names else None)
    names, known, values = cached
    if not changes.keys() <= known:
        return replace(obj, **changes)  # type: ignore[type-var]  # its own error for a bad name
    if values is None:
        kwargs: dict[str, Any] = {}
    elif len(names) == 1:
        kwargs = {names[0]: values(obj)}  # a getter of one name gives the value, not a tuple
    else:
        kwargs = dict(zip(names, values(obj), strict=True))
    kwargs.update(changes)
    return cls(**kwargs)


STATE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(GameState))
STATE_FIELD_SET: frozenset[str] = frozenset(STATE_FIELDS)
