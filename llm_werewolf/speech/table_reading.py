"""One reading of a game's public speeches and ballots, shared by every seat of the table.

Every seat's view holds the same public records (a public record is visible to all), in the same
order, as the same objects. What the heuristic speakers read from them (who named whom, who
claimed what, which phrasings the table heard, which reasons were given) is therefore read once
per game, a record at a time as the game goes on, instead of once per seat and decision.

The reading holds public records only (``vis.scope == "public"``): nothing private to a seat
enters it, so sharing it tells no seat more than its own view shows. Each seat keeps a cursor
(how many of its records it has read, and the last of them); a view that does not continue the
seat's cursor (a replay, a resumed game) and a view whose public records differ from the
reading's are read afresh into a reading of their own. A reading is used by one thread (a
model's speech planned in a worker thread reads its own), so it never grows while it is read.

A reading lives as long as its game: the table finds it again through weak references, the seats
that use it hold it (:class:`SeatHold`: a heuristic agent keeps one for its game), and this module
holds the last reading each thread used only while a seat holds it too; once every seat holding a
finished game's reading is gone, so is the reading, with the per-game memos other readers keep on it
(:func:`game_memo`). A reading no seat ever held (a model seat's) is let go when its thread reads
another game.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Container, Iterator, Mapping, Sequence
from threading import get_ident
from typing import Any, NamedTuple
from weakref import ref

from ..rules.act_vocabulary import QUESTIONS
from ..rules.acts import Act
from ..rules.events import Announcement, Info, Record, SharedEventRecord, Speech, VoteCast
from ..rules.variant import get_ruleset
from ..rules.views import SeatView
from .repeats import templates_in

NAMING = frozenset({"accuse", "vote"})
"""Act kinds that name a target."""

Fact = tuple[str | None, int | None, int | None, str | None]
"""A reason's fact: (fact, target, other, role)."""

TIMES_STATED = 4
"""How often one fact is given as a reason in a game (the table remembers what was said)."""


class PublicSpeech(NamedTuple):
    """One public speech (``to is None``) as the table reads it."""

    seq: int
    phase: str
    speech: Speech
    named: int | None  # the target of its first accusation or vote
    naming: bool  # it accuses or votes (with or without a target)
    claimed: str | None  # the role its first claiming act claims
    says_something: bool  # named, claimed, reported or answered (more than a question)
    has_words: bool  # its text is not blank
    reasons: tuple[Fact, ...]  # the facts of its ``reason`` acts
    templates: frozenset[str]  # the bank's phrasings it says (``repeats.templates_in``)


class PublicVote(NamedTuple):
    """One public ballot: ``seat`` voted for ``target``."""

    seq: int
    seat: int
    target: int | None


def fact_of(act: Act) -> Fact:
    """The fact a ``reason`` act states."""
    return (act.fact, act.target, act.other, act.role)


def _read_speech(record: Record, speech: Speech, language: str, variant: str) -> PublicSpeech:
    named: int | None = None
    naming = False
    claimed: str | None = None
    talks = False  # an act other than a question
    reasons: list[Fact] = []
    for act in speech.acts:  # one pass over the acts
        kind = act.kind
        if kind == "ask":
            continue
        talks = True
        if kind in NAMING:
            if not naming:
                named, naming = act.target, True
        elif kind == "reason":
            reasons.append((act.fact, act.target, act.other, act.role))
        elif claimed is None and (kind == "claim" or (kind == "answer" and act.fact == "role")):
            claimed = act.role  # ``intent.claim_of``
    has_words = bool(speech.text.strip())
    return PublicSpeech(
        seq=record.seq,
        phase=record.phase,
        speech=speech,
        named=named,
        naming=naming,
        claimed=claimed,
        says_something=talks if speech.acts else has_words,
        has_words=has_words,
        reasons=tuple(reasons),
        templates=templates_in(language, variant, speech.text) if speech.text else frozenset(),
    )


class TableReading:
    """The public speeches and ballots of one game read so far, with running counts."""

    __slots__ = (
        "__weakref__",
        "_cursors",
        "accused_by",
        "accuser",
        "agreeing",
        "asked",
        "by_phase",
        "by_seat",
        "claimed_last",
        "claimers",
        "first",
        "first_named",
        "first_naming",
        "holds",
        "language",
        "last_vote",
        "memos",
        "named_before",
        "named_last",
        "often_stated",
        "owed",
        "quiet",
        "reason_acts",
        "reasons_memo",
        "records",
        "reporter",
        "roles",
        "shown",
        "speeches",
        "spoke_up",
        "stated",
        "stated_by_phase",
        "variant",
        "votes",
        "worn_by_phase",
        "worn_by_seat",
        "worn_table",
    )

    def __init__(self, first: Record | None, language: str, variant: str) -> None:
        self.first = first
        self.language = language
        self.variant = variant
        self.records: list[Record] = []  # the public records read, in order (speeches, ballots, cards shown)
        self.roles: Container[str] | None = None  # the ruleset's roles, looked up when an announcement is read
        self.shown: set[int] = set()  # the seats whose card a public record showed to the whole table
        self.speeches: list[PublicSpeech] = []
        self.votes: list[PublicVote] = []
        self.by_seat: dict[int, list[PublicSpeech]] = {}  # each seat's public speeches
        self.by_phase: dict[str, list[PublicSpeech]] = {}  # each phase's public speeches
        self.first_named: dict[str, PublicSpeech] = {}  # each phase's first speech that named a target
        self.first_naming: dict[str, int] = {}  # the speaker of each phase's first speech that accuses or votes
        self.claimers: dict[str, list[int]] = {}  # the speakers of each phase's claims, in order
        self.agreeing: dict[str, int] = {}  # how many of each phase's speeches agree with a seat
        self.last_vote: dict[int, PublicVote] = {}  # each seat's latest ballot for another seat
        # what ``grounding.reasons_about`` reads of each seat's speeches, kept as they are read:
        self.claimed_last: dict[int, PublicSpeech] = {}  # its latest speech that claims a role
        self.named_last: dict[int, PublicSpeech] = {}  # its latest speech that names a target
        self.named_before: dict[int, PublicSpeech] = {}  # its latest that names another target than that one
        self.quiet: dict[tuple[int, str], list[int]] = {}  # (seat, phase): its speeches with words that say nothing
        self.spoke_up: set[tuple[int, str]] = set()  # (seat, phase): it said something with words in that phase
        self.stated: Counter[Fact] = Counter()  # how often each fact was given as a reason
        self.often_stated: frozenset[Fact] = frozenset()  # the facts given :data:`TIMES_STATED` times or more
        self.owed: set[int] = set()  # seats asked a question since their own last public speech
        # what was said to or about each seat since its own last public speech:
        self.asked: dict[int | None, dict[int, str]] = {}  # the questions put to it (asker -> question)
        self.accuser: dict[int | None, int] = {}  # the latest seat to accuse it or vote for it
        self.reporter: dict[int | None, tuple[int, bool]] = {}  # the latest to report a result on it (seat, bad)
        self.accused_by: dict[int | None, list[tuple[int, int]]] = {}  # (seat, seq): each speech naming it, in order
        self.reasons_memo: dict[tuple[int | None, str, int], list[Act]] = {}  # ``grounding.reasons_about``, as read now
        self.reason_acts: dict[tuple[int, str, int | None, str | None, tuple[int, ...]], Act] = {}  # :meth:`reason`
        self.stated_by_phase: dict[str, Counter[str | None]] = {}  # ... each kind of fact, in each phase
        self.worn_table: Counter[str] = Counter()  # how often the table heard each phrasing
        self.worn_by_seat: dict[int, Counter[str]] = {}  # ... said by each seat
        self.worn_by_phase: dict[str, Counter[str]] = {}  # ... said in each phase
        self._cursors: dict[int | None, tuple[int, Record, int]] = {}
        self.memos: defaultdict[str, dict[Any, Any]] = defaultdict(dict)  # :func:`game_memo`
        self.holds = 0  # the seats that hold it (:class:`SeatHold`)

    def _take(self, record: Record) -> None:
        event = record.event
        kind = type(event)
        if kind is Speech:
            assert isinstance(event, Speech)
            if event.to is not None:
                return
            said = _read_speech(record, event, self.language, self.variant)
            self._address(event, record.seq)
            self.speeches.append(said)
            self.by_seat.setdefault(event.seat, []).append(said)
            self.by_phase.setdefault(record.phase, []).append(said)
            if said.named is not None and record.phase not in self.first_named:
                self.first_named[record.phase] = said
            self._follow(record.phase, said)
            self._index(event.seat, record.phase, said)
            if said.reasons:
                self._state(record.phase, said.reasons)
            if event.text and said.templates:
                self.worn_table.update(said.templates)
                self.worn_by_seat.setdefault(event.seat, Counter()).update(said.templates)
                self.worn_by_phase.setdefault(record.phase, Counter()).update(said.templates)
        elif kind is VoteCast:
            assert isinstance(event, VoteCast)
            vote = PublicVote(record.seq, event.seat, event.target)
            self.votes.append(vote)
            if event.target is not None and event.target != event.seat:
                self.last_vote[event.seat] = vote
        elif kind is Info or kind is Announcement:
            seat = self.showing(record)
            if seat is None:
                return
            self.shown.add(seat)
        else:
            return
        self.records.append(record)
        if self.reasons_memo:
            self.reasons_memo.clear()

    def showing(self, record: Record) -> int | None:
        """The seat whose card ``record`` shows to the whole table (a public ``Info`` about its role, or an
        announcement that shows its card: the idiot, the knight's duel, the amnesiac's card), else ``None``."""
        if record.vis.scope != "public":
            return None
        event = record.event if type(record) is SharedEventRecord else record  # a plain record is its event
        if type(event) is Info:
            assert isinstance(event, Info)
            return event.subject if event.fact == "role" else None
        assert isinstance(event, Announcement)
        return event.seats[0] if event.seats and event.value in (self.roles or self._roles()) else None

    def _roles(self) -> Container[str]:
        """The ruleset's roles (looked up once, when the first announcement is read)."""
        self.roles = get_ruleset(self.variant).roles
        return self.roles

    def reason(self, target: int, fact: str, refs: tuple[int, ...], other: int | None, role: str | None) -> Act:
        """The ``reason`` act of a fact, made once per game (acts are immutable; a fact is offered again and again)."""
        key = (target, fact, other, role, refs)
        act = self.reason_acts.get(key)
        if act is None:
            act = self.reason_acts[key] = Act("reason", target=target, other=other, role=role, fact=fact, refs=refs)
        return act

    def _address(self, speech: Speech, seq: int) -> None:
        """What ``speech`` says to or about the other seats, kept until each of them speaks (what was said to
        or about its speaker is answered now); the seats its questions name now owe an answer; and the
        speech (``seq``) joins :attr:`accused_by` of each other seat it accuses or means to vote for."""
        speaker = speech.seat
        named: list[int | None] = []
        self.owed.discard(speaker)
        self.asked.pop(speaker, None)
        self.accuser.pop(speaker, None)
        self.reporter.pop(speaker, None)
        for act in speech.acts:
            target = act.target
            kind = act.kind
            if kind == "ask":
                if target is not None:
                    self.owed.add(target)
                if target == speaker:
                    continue
                questions = self.asked.setdefault(target, {})
                questions.pop(speaker, None)  # the latest question of each asker, in the order last asked
                questions[speaker] = act.fact if act.fact in QUESTIONS else "vote"
            elif target == speaker:
                continue
            elif kind in NAMING:
                self.accuser[target] = speaker
                if target not in named:
                    named.append(target)
            elif kind == "result" and act.value in ("bad", "good"):
                self.reporter[target] = (speaker, act.value == "bad")
        for target in named:
            self.accused_by.setdefault(target, []).append((speaker, seq))

    def _follow(self, phase: str, said: PublicSpeech) -> None:
        """Who took a side in ``phase``: the first to accuse or vote, the claimers, the speeches that agree."""
        if said.naming and phase not in self.first_naming:
            self.first_naming[phase] = said.speech.seat
        if said.claimed is not None:
            self.claimers.setdefault(phase, []).append(said.speech.seat)
        if any(a.kind == "agree" for a in said.speech.acts):
            self.agreeing[phase] = self.agreeing.get(phase, 0) + 1

    def _index(self, seat: int, phase: str, said: PublicSpeech) -> None:
        """What ``said`` changes in the seat's facts that ``grounding.reasons_about`` reads (its latest claim,
        its latest speeches that named a target, whether it spoke up in ``phase`` or only asked)."""
        if said.has_words:
            if said.says_something:
                self.spoke_up.add((seat, phase))
            else:
                self.quiet.setdefault((seat, phase), []).append(said.seq)
        if said.claimed is not None:
            self.claimed_last[seat] = said
        if said.named is not None:
            last = self.named_last.get(seat)
            if last is not None and last.named != said.named:
                self.named_before[seat] = last
            self.named_last[seat] = said

    def _state(self, phase: str, reasons: tuple[Fact, ...]) -> None:
        """Count the facts a speech gives as reasons (those given often enough join :attr:`often_stated`),
        and each kind of fact given in ``phase``."""
        stated = self.stated
        kinds = self.stated_by_phase.get(phase)
        if kinds is None:
            kinds = self.stated_by_phase[phase] = Counter()
        for fact in reasons:
            times = stated.get(fact, 0) + 1
            stated[fact] = times
            if times == TIMES_STATED:
                self.often_stated = self.often_stated | {fact}
            kinds[fact[0]] = kinds.get(fact[0], 0) + 1

    def advance(self, view: SeatView) -> bool:
        """Read the public records of ``view`` not read yet; ``False`` when ``view`` does not agree with
        the reading (its public records are not the ones read, in order) or lags behind it."""
        records = view.records
        cursor = self._cursors.get(view.seat)
        start, taken = 0, 0
        if cursor is not None:
            size, last, count = cursor
            if 0 < size <= len(records) and records[size - 1] is last:
                start, taken = size, count
        for record in records[start:]:
            kind = type(record)  # a record is its own event, but a shared record (no property call for the others)
            if kind is SharedEventRecord:
                kind = type(record.event)
            if kind is not Speech and kind is not VoteCast:
                if kind is Announcement:  # read here, not by a call: every announcement is public
                    event = record.event if type(record) is SharedEventRecord else record
                    assert isinstance(event, Announcement)
                    if not event.seats or event.value not in (self.roles or self._roles()):
                        continue
                    if record.vis.scope != "public":
                        continue
                elif kind is not Info or record.vis.scope != "public" or self.showing(record) is None:
                    continue
            elif record.vis.scope != "public":
                continue
            if taken < len(self.records):
                if self.records[taken] is not record:
                    return False
            else:
                self._take(record)
            taken += 1
        if records:
            self._cursors[view.seat] = (len(records), records[-1], taken)
        return taken == len(self.records)


_READINGS: dict[tuple[int, int], ref[TableReading]] = {}
"""The readings of the games being played, per thread and first record: weak references, so that a
game's reading goes with the last seat that holds it."""
_READINGS_MAX = 16  # threads whose last reading this module holds (a tournament runs a few side by side)


def table_reading(view: SeatView) -> TableReading:
    """The shared reading of ``view``'s game, read up to ``view`` (a reading of its own when the
    view does not continue the shared one)."""
    thread = get_ident()
    last = _LAST.get(thread)
    if last is not None and last[0] is view:  # the planner asks several times about one view
        return last[1]
    reading = _reading(view, thread)
    if thread not in _LAST and len(_LAST) >= _READINGS_MAX:
        _LAST.clear()
    _LAST[thread] = (view, reading)
    return reading


def game_memo(view: SeatView, name: str) -> dict[Any, Any]:
    """The memo ``name`` of ``view``'s game: what a reader of the records keeps for the rest of the game
    (keyed by record identity and checked, so it holds whatever the reading has read), gone with the game.
    Kept on the game's reading, without reading on."""
    records = view.records
    thread = get_ident()
    last = _LAST.get(thread)
    if last is not None and records and last[1].first is records[0]:
        return last[1].memos[name]
    if not records:
        return {}
    reading = _registered(view, thread)
    if thread not in _LAST and len(_LAST) >= _READINGS_MAX:
        _LAST.clear()
    _LAST[thread] = (None, reading)
    return reading.memos[name]


class SeatHold:
    """A seat's hold on its game's reading (:func:`hold_reading`): the reading lives while a seat holds it,
    and when the last hold goes, this module lets go of the reading too."""

    __slots__ = ("reading",)

    def __init__(self, reading: TableReading) -> None:
        reading.holds += 1
        self.reading = reading

    def __del__(self) -> None:
        reading = self.reading
        reading.holds -= 1
        if not reading.holds:
            for thread, (_, held) in list(_LAST.items()):  # a copy: another thread may read a game meanwhile
                if held is reading:
                    _LAST.pop(thread, None)


def hold_reading(view: SeatView) -> SeatHold | None:
    """A hold on the reading of ``view``'s game that this thread uses, ``None`` when it uses none yet."""
    records = view.records
    if not records:
        return None
    found = _READINGS.get((get_ident(), id(records[0])))
    reading = found() if found is not None else None
    return SeatHold(reading) if reading is not None and reading.first is records[0] else None


_LAST: dict[int, tuple[SeatView | None, TableReading]] = {}
"""Per thread, the last view asked about and its reading (a view is immutable, and the reading
is only read on by a later view of the same thread, which replaces this entry); ``None`` for the
view when only a memo was asked for."""


def _registered(view: SeatView, thread: int) -> TableReading:
    """The registered reading of ``view``'s game in this thread (a new one when there is none)."""
    first = view.records[0]
    key = (thread, id(first))  # per thread: a model's speech may be planned in a worker thread
    found = _READINGS.get(key)
    reading = found() if found is not None else None
    if reading is None or reading.first is not first or reading.variant != view.variant:
        reading = TableReading(first, view.language, view.variant)
        _READINGS[key] = ref(reading, _forget(key))
    return reading


def _forget(key: tuple[int, int]) -> Callable[[ref[TableReading]], None]:
    """The callback that drops ``key``'s entry when its reading is gone (unless another took its place)."""

    def forget(gone: ref[TableReading]) -> None:
        if _READINGS.get(key) is gone:
            del _READINGS[key]

    return forget


def _reading(view: SeatView, thread: int) -> TableReading:
    records = view.records
    if not records:
        return TableReading(None, view.language, view.variant)
    reading = _registered(view, thread)
    if reading.language == view.language and reading.advance(view):
        return reading
    own = TableReading(records[0], view.language, view.variant)
    own.advance(view)
    return own


Wear = tuple[int, int, int]
"""(times said today, times said by the speaker in the game, times said at the table): ``repeats.Wear``."""


class Worn(Mapping[str, Wear]):
    """How worn each phrasing the table heard is, for one speaker on one day: ``repeats.templates_worn``
    of the game's public speeches, looked up in the reading's running counts when asked (a speech asks
    about a few phrasings; the game heard hundreds). It reads the reading as it is when asked."""

    __slots__ = ("_mine", "_table", "_today")

    def __init__(self, table: Counter[str], today: Counter[str], mine: Counter[str]) -> None:
        self._table, self._today, self._mine = table, today, mine

    def get(self, template: str, default: Any = None) -> Any:
        table = self._table.get(template)
        if table is None:
            return default
        return (self._today.get(template, 0), self._mine.get(template, 0), table)  # no Counter.__missing__ call

    def __getitem__(self, template: str) -> Wear:
        table = self._table.get(template)
        if table is None:
            raise KeyError(template)
        return (self._today.get(template, 0), self._mine.get(template, 0), table)

    @property
    def heard(self) -> Container[str]:
        """The phrasings the table heard: each is worn (said at the table at least once), the others unworn."""
        return self._table

    def wears(self, templates: Sequence[str]) -> list[Wear]:
        """The wear of each of ``templates`` (``(0, 0, 0)`` when unheard): :meth:`get` of each, in one call."""
        table, today, mine = self._table.get, self._today.get, self._mine.get
        return [_UNWORN if (n := table(t)) is None else (today(t, 0), mine(t, 0), n) for t in templates]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table)

    def __len__(self) -> int:
        return len(self._table)


def worn(reading: TableReading, phase: str, seat: int | None) -> Worn:
    """``repeats.templates_worn`` of the reading's public speeches, for speaker ``seat`` in ``phase``."""
    today = reading.worn_by_phase.get(phase, _NONE)
    mine = reading.worn_by_seat.get(seat, _NONE) if seat is not None else _NONE
    return Worn(reading.worn_table, today, mine)


_NONE: Counter[str] = Counter()
_UNWORN: Wear = (0, 0, 0)


def worn_in(view: SeatView) -> Worn:
    """How worn each phrasing said in ``view``'s game is, for its seat today (``repeats.templates_worn``
    of the game's public speeches: said today, said by the seat, said at the table)."""
    return worn(table_reading(view), view.phase, view.seat)
