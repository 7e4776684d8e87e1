"""Typed events, each recorded with a visibility.

Every fact of a game is one record: a sequence number, the phase it happened in, who may
see it (:class:`Visibility`) and a typed event body. A record *is* its event (:data:`Record`
is :class:`EventBody`): the engine stamps ``seq``, ``phase`` and ``vis`` into slots of the
event it emits, and ``record.event`` returns the event itself, so a record costs one object,
not two. An event that must not be stamped (one shared by many records, such as a moderator
cue, or a :class:`PhaseStarted`, whose own ``phase`` field says night or day) is held by a
:class:`SharedEventRecord` instead. :func:`make_record` builds either.

The bodies are plain slotted dataclasses, not frozen (a frozen dataclass costs one
``object.__setattr__`` per field to build; these are built millions of times). They are
immutable by discipline: nothing writes to a record or an event after it is emitted
(tests/core/test_engine_fast_path.py checks it on whole games). Event equality compares
the event's fields only; :func:`record_key` compares whole records. The
transcript layer serialises them with a pydantic discriminated union on the
``kind`` field.

Conventions shared by every ruleset:

* ``Died`` is the *truth* (god only); ``DeathsAnnounced`` is what the table
  hears, with the cause and role only where the rules reveal them.
* ``Info`` carries private knowledge (a seer's result, a partner's seat, the
  witch being shown the victim); its visibility names who learns it.
* ``Cue`` marks a step the moderator voices ("the seer wakes"), even when the
  role is absent, so narration and humans can follow the night.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any, Literal, SupportsIndex

from .acts import Act

Scope = Literal["public", "team", "seats", "god"]


@dataclass(slots=True, unsafe_hash=True)
class Visibility:
    """Who may see a record. ``team`` records carry the members at emission time."""

    scope: Scope
    seats: tuple[int, ...] = ()
    team: str | None = None

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` may see the record (``None`` = a public spectator)."""
        if self.scope == "public":
            return True
        if seat is None:
            return False
        return seat in self.seats


PUBLIC = Visibility("public")
GOD = Visibility("god")


SEAT_VISIBILITIES = tuple(Visibility("seats", (i,)) for i in range(64))


_GROUP_VISIBILITIES: dict[tuple[str | None, tuple[int, ...]], Visibility] = {}
"""One shared ``Visibility`` per team (or seat group) and member list: a wolf ballot's records all
carry the same one, and a finished game keeps each once (visibilities are immutable by discipline)."""
_GROUP_VISIBILITIES_CAP = 4096


def _group_visibility(team: str | None, seats: tuple[int, ...] | list[int]) -> Visibility:
    members = tuple(sorted(set(seats)))
    key = (team, members)
    vis = _GROUP_VISIBILITIES.get(key)
    if vis is None:
        if len(_GROUP_VISIBILITIES) >= _GROUP_VISIBILITIES_CAP:
            _GROUP_VISIBILITIES.clear()
        vis = Visibility("seats", members) if team is None else Visibility("team", members, team)
        _GROUP_VISIBILITIES[key] = vis
    return vis


def to_seats(*seats: int) -> Visibility:
    if len(seats) == 1 and 0 <= seats[0] < len(SEAT_VISIBILITIES):
        return SEAT_VISIBILITIES[seats[0]]
    return _group_visibility(None, seats)


def to_team(team: str, seats: tuple[int, ...] | list[int]) -> Visibility:
    return _group_visibility(team, seats)


class EventBody:
    """Base class of every event body; a recorded event is also its own log record.

    A plain class, so that subclasses may be plain or frozen dataclasses. Its three slots are
    the record's: ``seq``, ``phase`` (the phase label, e.g. ``"night 1"``) and ``vis``, unset
    until the event is recorded (the engine's ``emit`` or :func:`make_record` set them once).
    They are not dataclass fields: an event's equality, hash, ``repr`` and transcript JSON are
    its fields only.
    """

    __slots__ = ("phase", "seq", "vis")

    seq: int
    phase: str
    vis: Visibility

    @property
    def event(self) -> EventBody:
        """The record's event: the event itself (a :class:`SharedEventRecord` holds another)."""
        return self

    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[Any, ...]:
        # Pickle every set slot, the record's stamp included (a slotted dataclass's own
        # pickling keeps its fields only): records cross process pools.
        return (_restore_event, (type(self), tuple(_slot_items(self))))


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def field_names(event: EventBody) -> tuple[str, ...]:
    """The names of ``event``'s dataclass fields, in order: what it says, without the record's
    ``seq``/``phase``/``vis`` (``__slots__`` of an event class no longer lists every field: a
    :class:`PhaseStarted`'s ``phase`` is :class:`EventBody`'s slot)."""
    cls = type(event)
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls)) if is_dataclass(cls) else ()
    return names


_SLOT_NAMES: dict[type, tuple[str, ...]] = {}


def _slot_names(cls: type) -> tuple[str, ...]:
    names = _SLOT_NAMES.get(cls)
    if names is None:
        seen: list[str] = []
        for klass in reversed(cls.__mro__):
            slots = klass.__dict__.get("__slots__", ())
            for name in (slots,) if isinstance(slots, str) else slots:
                if name not in seen and name not in ("__dict__", "__weakref__"):
                    seen.append(name)
        names = _SLOT_NAMES[cls] = tuple(seen)
    return names


def _slot_items(obj: EventBody) -> list[tuple[str, Any]]:
    items = []
    for name in _slot_names(type(obj)):
        try:
            items.append((name, getattr(obj, name)))
        except AttributeError:  # an unset slot (an event not recorded yet)
            continue
    if hasattr(obj, "__dict__"):
        items.extend(vars(obj).items())
    return items


def _restore_event(cls: type[EventBody], items: tuple[tuple[str, Any], ...]) -> EventBody:
    obj = cls.__new__(cls)
    for name, value in items:
        object.__setattr__(obj, name, value)
    return obj


@dataclass(slots=True, kw_only=True, unsafe_hash=True)
class GameStarted(EventBody):
    kind: Literal["game_started"] = "game_started"
    variant: str
    language: str
    names: tuple[str, ...]
    deck: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict, hash=False)
    """The table's switches (JSON form), public like the deck: the rules every player is told."""


@dataclass(slots=True, kw_only=True, unsafe_hash=True)
class RoleAssigned(EventBody):
    """A seat learns (or is given) a role. ``reason``: deal, swap, conversion..."""

    kind: Literal["role_assigned"] = "role_assigned"
    seat: int
    role: str
    reason: str = "deal"


@dataclass(slots=True, kw_only=True, unsafe_hash=True)
class PhaseStarted(EventBody):
    kind: Literal["phase_started"] = "phase_started"
    phase: Literal["night", "day"]
    number: int


@dataclass(slots=True, kw_only=True, unsafe_hash=True)
class Cue(EventBody):
    """A step the moderator voices, e.g. ``wake`` / ``sleep`` of a role."""

    kind: Literal["cue"] = "cue"
    key: str
    role: str | None = None


@dataclass(slots=True, kw_only=True, unsafe_hash=True)
class Asked(EventBody):
    """A question put to a seat: logged only by games replaying a schema-1 transcript
    (``transcript.schema_one.AskedCtx``); since schema 2 the answering ``ChoiceMade`` carries its options."""

    kind: Literal["asked"] = "asked"
    decision_id: int
    seat: int
    decision: str
    options: tuple[str, ...]
    group: str | None = None


@dataclass(slots=True, kw_only=True, unsafe_hash=True)
class ChoiceMade(EventBody):
    kind: Literal["choice"] = "choice"
    decision_id: int
    seat: int
    decision: str
    option: str
    text: str = ""
    claim: str | None = None
    acts: tuple[Act, ...] = ()
    options: tuple[str, ...] = ()
    """The option ids the seat was offered (one shared tuple per distinct list); empty in
    transcripts of schema version 1, where an ``Asked`` record before it held them."""
    group: str | None = None
    """The decision's group (decisions put together), as ``Asked.group``."""


def choice_made(
    decision_id: int,
    seat: int,
    decision: str,
    option: str,
    text: str,
    claim: str | None,
    acts: tuple[Act, ...],
    options: tuple[str, ...],
    group: str | None,
) -> ChoiceMade:
    """``ChoiceMade(decision_id=..., ...)`` with every field given, its slots written directly (about half
    the cost of the dataclass ``__init__``'s keywords on the engine's hot path, one per decision);
    tests/core/test_engine_fast_path.py checks that it writes every field."""
    made: ChoiceMade = _new_event(ChoiceMade)
    made.kind = "choice"
    made.decision_id = decision_id
    made.seat = seat
    made.decision = decision
    made.option = option
    made.text = text
    made.claim = claim
    made.acts = acts
    made.options = options
    made.group = group
    return made


_new_event = object.__new__


@dataclass(slots=True, kw_only=True, unsafe_hash=True)
class ActionTaken(EventBody):
    """A night action as it was carried out (visible to god, or to a team)."""

    kind: Literal["action"] = "action"
    seat: int
    action: str
    targets: tuple[int, ...] = ()
    value: str | None = None


@dataclass(slots=True, kw_only=True, unsafe_hash=True)
class Info(EventBody):
    """Private knowledge handed to the seats in the record's visibility."""

    kind: Literal["info"] = "info"
    fact: str
    subject: int | None = None
    value: str | None = None
    seats: tuple[int, ...] = ()


@dataclass(slots=True, kw_only=True, unsafe_hash=True)
class Speech(EventBody):
    """Something a player said. ``to`` is set for a whisper (seen by two seats)."""

    kind: Literal["speech"] = "speech"
    seat: int
    text: str
    stage: str = "discussion"
    claim: str | None = None
    to: int | None = None
    acts: tuple[Act, ...] = ()


@dataclass(slots=True, kw_only=True, unsafe_hash=True)
class WhisperNoticed(EventBody):
    kind: Literal["whisper_noticed"] = "whisper_noticed"
    seat: int
    to: int


@dataclass(slots=True, kw_only=True, unsafe_hash=True)
class VoteCast(EventBody):
    kind: Literal["vote"] = "vote"
    seat: int
    ballot: str
    option: str
    target: int | None = None
    weight: float = 1.0


@dataclass(slots=True, kw_only=True, unsafe_hash=True)
class VoteTally(EventBody):
    kind: Literal["tally"] = "tally"
    ballot: str
    counts: tuple[tuple[str, float], ...]
    result: str
    targets: tuple[int, ...] = ()


@dataclass(slots=True, kw_only=True, unsafe_hash=True)
class Died(EventBody):
    """The truth about a death (normally god-only)."""

    kind: Literal["died"] = "died"
    seat: int
    cause: str


@dataclass(slots=True, unsafe_hash=True)
class AnnouncedDeath:
    seat: int
    cause: str | None = None
    role: str | None = None


@dataclass(slots=True, kw_only=True, unsafe_hash=True)
class DeathsAnnounced(EventBody):
    """What the table is told about deaths; an empty tuple means nobody died."""

    kind: Literal["deaths_announced"] = "deaths_announced"
    deaths: tuple[AnnouncedDeath, ...]
    moment: str = "morning"


@dataclass(slots=True, kw_only=True, unsafe_hash=True)
class StatusChanged(EventBody):
    """A lasting status of a seat changed (sheriff badge, lover, silenced...)."""

    kind: Literal["status"] = "status"
    seat: int
    status: str
    value: str | None = None


@dataclass(slots=True, kw_only=True, unsafe_hash=True)
class Announcement(EventBody):
    """A fact the moderator states (``key`` names it; narration packs voice it)."""

    kind: Literal["announcement"] = "announcement"
    key: str
    seats: tuple[int, ...] = ()
    value: str | None = None


@dataclass(slots=True, kw_only=True, unsafe_hash=True)
class GameEnded(EventBody):
    kind: Literal["game_ended"] = "game_ended"
    winners: tuple[int, ...]
    sides: tuple[str, ...]
    reason: str


@dataclass(slots=True, kw_only=True, unsafe_hash=True)
class RolesRevealed(EventBody):
    kind: Literal["roles_revealed"] = "roles_revealed"
    roles: tuple[str, ...]
    start_roles: tuple[str, ...]
    extra: tuple[str, ...] = ()


RulesEvent = (
    GameStarted
    | RoleAssigned
    | PhaseStarted
    | Cue
    | Asked
    | ChoiceMade
    | ActionTaken
    | Info
    | Speech
    | WhisperNoticed
    | VoteCast
    | VoteTally
    | Died
    | DeathsAnnounced
    | StatusChanged
    | Announcement
    | GameEnded
    | RolesRevealed
)


Record = EventBody
"""One line of the event log: an event with its ``seq``, ``phase`` and ``vis`` stamped in, or a
:class:`SharedEventRecord`. Build one with :func:`make_record`."""


class SharedEventRecord(EventBody):
    """A record that holds its event instead of being it: for an event shared by many records
    (``Ctx.cue``'s and ``Ctx.start_phase``'s, one object per value), an event already recorded
    elsewhere, and a :class:`PhaseStarted` (its field ``phase`` would clash with the record's)."""

    __slots__ = ("event",)

    event: EventBody

    def __init__(self, seq: int, phase: str, vis: Visibility, event: EventBody) -> None:
        self.seq = seq
        self.phase = phase
        self.vis = vis
        self.event = event

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not SharedEventRecord:
            return NotImplemented
        assert isinstance(other, SharedEventRecord)
        return (self.seq, self.phase, self.vis, self.event) == (other.seq, other.phase, other.vis, other.event)

    def __hash__(self) -> int:
        return hash((self.seq, self.phase, self.vis, self.event))

    def __repr__(self) -> str:
        return f"SharedEventRecord(seq={self.seq!r}, phase={self.phase!r}, vis={self.vis!r}, event={self.event!r})"


def make_record(seq: int, phase: str, vis: Visibility, event: EventBody) -> Record:
    """The record of ``event`` at ``seq``, in ``phase``, seen by ``vis``.

    A fresh event is stamped and returned (it becomes the record). An event that is a record
    already (stamped, or a :class:`SharedEventRecord`, whose event is taken) is left as it is and
    held by a new :class:`SharedEventRecord`, as is every :class:`PhaseStarted`. Frozen events are
    stamped too. An event shared by many records must not be passed fresh: wrap it in a
    :class:`SharedEventRecord` (as ``Ctx.cue`` does).
    """
    if isinstance(event, SharedEventRecord):
        return SharedEventRecord(seq, phase, vis, event.event)
    if type(event) is PhaseStarted or hasattr(event, "seq"):
        return SharedEventRecord(seq, phase, vis, event)
    object.__setattr__(event, "seq", seq)
    object.__setattr__(event, "phase", phase)
    object.__setattr__(event, "vis", vis)
    return event


def record_key(record: Record) -> tuple[int, str, Visibility, EventBody]:
    """What makes two records equal: ``seq``, ``phase``, ``vis`` and the event's fields (``==``
    between two recorded events compares their fields only)."""
    return (record.seq, record.phase, record.vis, record.event)


def same_records(a: Iterable[Record], b: Iterable[Record]) -> bool:
    """Whether two logs hold the same records, in the same order (:func:`record_key`)."""
    return [record_key(r) for r in a] == [record_key(r) for r in b]
