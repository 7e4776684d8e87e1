"""The results a seat can truthfully report, read from its own view (never the game state).

Used by every player that speaks through acts: a heuristic seer reports her real
checks, a base model is offered its real results in the act picker (and a bad-side
seat a few plausible fakes, because lying is the game).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from functools import cache
from typing import NamedTuple

from ..rules.act_legality import SpeechChecker
from ..rules.act_vocabulary import vocabulary
from ..rules.acts import Act
from ..rules.events import ChoiceMade, Info, Record, RoleAssigned, SharedEventRecord
from ..rules.views import SeatView
from .table_reading import game_memo

_BINARY = {"yes": "bad", "no": "good", "suspicious": "bad", "innocent": "good"}


def _held(view: SeatView) -> list[str]:
    held = [r.event.role for r in view.records if isinstance(r.event, RoleAssigned) and r.event.seat == view.seat]
    return held or ([view.role] if view.role else [])


_READ = frozenset({ChoiceMade, RoleAssigned, Info})
"""The records :func:`known_results` reads (event classes are never subclassed; a test checks it)."""

SAVE_OPTIONS = frozenset({"antidote", "elixir"})
VICTIM_FACTS = frozenset({"wolf_victim", "ghoul_victim"})


def saved_seats(records: Iterable[Record], seat: int) -> list[int]:
    """The seats ``seat`` saved: each night it used its antidote (or elixir), the victim it was
    told of *that night* — not every victim it was ever told of."""
    saved: list[int] = []
    _read_saves(records, seat, {}, saved)
    return saved


def _read_saves(records: Iterable[Record], seat: int, victims: dict[str, int], saved: list[int]) -> None:
    """:func:`saved_seats` of ``records`` read on from ``victims`` (each night's victim told so far) and
    ``saved`` (the seats saved so far, in order), which it updates."""
    for record in records:
        event = record.event
        if isinstance(event, Info) and event.fact in VICTIM_FACTS and event.subject is not None:
            if record.vis.visible_to(seat):
                victims[record.phase] = event.subject
        elif isinstance(event, ChoiceMade) and event.seat == seat and event.option in SAVE_OPTIONS:
            victim = victims.get(record.phase)
            if victim is not None and victim not in saved:
                saved.append(victim)


class _Known(NamedTuple):
    """One seat's results after reading ``size`` records (the first and last of them kept to check a
    later view continues them) at the table the view showed then."""

    first: Record
    size: int
    last: Record
    table: tuple[object, ...]  # what else the reading depends on: role, deck, names (a death changes no result)
    acts: tuple[Act, ...]
    scan: _Scan  # what the records read so far hold, to read on from


KNOWN_RESULTS = "known_results"
"""The game memo (``table_reading.game_memo``) of each seat's results after its last view (:class:`_Known`)."""


def known_results(view: SeatView) -> list[Act]:
    """Every result act the seat's own records support, oldest first, without repeats.

    A seat's views only grow, and the results change only with a record that can hold one (an
    ``Info``, a card the seat is dealt, or the seat's own answer to a night decision): the results
    of the seat's last view are kept (per seat and game, checked by record identity and the table)
    and given again while the records added since hold none of those; otherwise the view is read
    whole, as before.
    """
    me = view.seat
    records = view.records
    if me is None or not records:
        return _known_results(view)
    kept: dict[int, _Known] = game_memo(view, KNOWN_RESULTS)  # per seat, gone with the game
    table = (view.variant, view.role, view.deck, view.names)  # results are checked against the seat count only
    known = kept.get(me)
    if (
        known is not None
        and known.first is records[0]
        and known.size <= len(records)
        and records[known.size - 1] is known.last
        and known.table == table
    ):
        if not _may_report(records, known.size, me, view.variant):
            acts, scan = known.acts, known.scan
        else:  # read on from the records read, unless the seat was dealt a card since (its results change)
            scan = known.scan.copy()
            if not scan.read_on(view, _readable(records[known.size :])):
                scan = _Scan(view, _readable(records))
            acts = tuple(scan.results(view))
    else:
        scan = _Scan(view, _readable(records))
        acts = tuple(scan.results(view))
    kept[me] = _Known(records[0], len(records), records[-1], table, acts, scan)
    return list(acts)


def _may_report(records: Sequence[Record], start: int, me: int, variant: str) -> bool:
    """Whether a record from ``start`` on is one :func:`_known_results` reads (any other changes nothing)."""
    decisions = _report_decisions(variant)
    for index in range(start, len(records)):
        event = records[index]  # a record is its own event, but a shared record, which holds one
        kind = type(event)
        if kind is SharedEventRecord:
            event = event.event
            kind = type(event)
        if kind not in _READ:
            continue
        if kind is Info or (isinstance(event, RoleAssigned) and event.seat == me):
            return True
        if (
            isinstance(event, ChoiceMade)
            and event.seat == me
            and (event.decision in decisions or event.option in SAVE_OPTIONS)
        ):
            return True
    return False


@cache
def _report_decisions(variant: str) -> frozenset[str]:
    """The decisions whose answers :func:`_from_choices` reads (of every result of ``variant``)."""
    return frozenset(kind for fact in vocabulary(variant).facts for kind in fact.decisions)


def _known_results(view: SeatView) -> list[Act]:
    """:func:`known_results` from the whole view."""
    if view.seat is None:
        return []
    return _Scan(view, _readable(view.records)).results(view)


def _readable(records: Sequence[Record]) -> list[Record]:
    """The records of ``records`` that :class:`_Scan` reads (:data:`_READ`)."""
    return [r for r in records if type(r) in _READ or (type(r) is SharedEventRecord and type(r.event) in _READ)]


class _Scan:
    """What one seat's records hold, read on as they grow (:meth:`read_on`): the results its own records
    report (``found``, in order, without repeats), its answers to each decision, the victim it was told
    of each night and the seats it saved; :meth:`results` adds the results of its answers."""

    __slots__ = ("choices", "facts", "found", "held", "saved", "victims")

    def __init__(self, view: SeatView, records: Sequence[Record] | None = None) -> None:
        me = view.seat
        vocab = vocabulary(view.variant)
        self.held = [e.role for r in records or () if isinstance(e := r.event, RoleAssigned) and e.seat == me]
        self.facts = {f.id for role in self.held or ([view.role] if view.role else []) for f in vocab.facts_of(role)}
        self.found: list[Act] = []
        self.choices: dict[str, list[str]] = {}
        self.victims: dict[str, int] = {}
        self.saved: list[int] = []
        if records and self.facts:  # a seat whose cards report nothing has no result to read
            self._read(view, records)

    def copy(self) -> _Scan:
        other = _Scan.__new__(_Scan)
        other.held, other.facts, other.found = self.held, self.facts, list(self.found)
        other.choices = {decision: list(options) for decision, options in self.choices.items()}
        other.victims, other.saved = dict(self.victims), list(self.saved)
        return other

    def read_on(self, view: SeatView, records: Sequence[Record]) -> bool:
        """Read on over ``records`` (of :data:`_READ`, after the ones read); ``False`` (nothing read) when one
        deals the seat a card (the results its roles report change: read the whole view again)."""
        if any(isinstance(e := r.event, RoleAssigned) and e.seat == view.seat for r in records):
            return False
        if self.facts:
            self._read(view, records)
        return True

    def _read(self, view: SeatView, records: Sequence[Record]) -> None:
        me = view.seat
        assert me is not None
        vocab = vocabulary(view.variant)
        add = _adder(view, self.facts, self.found)
        choices = self.choices
        for record in records:
            event = record.event
            if isinstance(event, ChoiceMade) and event.seat == me:
                choices.setdefault(event.decision, []).append(event.option)
                continue
            if isinstance(event, RoleAssigned) and event.seat == me and event.reason == "insomniac":
                add(Act("result", fact="woke_as", value=event.role))
                continue
            if not isinstance(event, Info):
                continue
            fact, subject, value, seats = event.fact, event.subject, event.value, event.seats
            if fact == "role" and subject is not None and value:
                if subject == me:
                    continue
                add(Act("result", target=subject, fact="check", value="bad" if value in vocab.bad_roles else "good"))
                add(Act("result", target=subject, fact="saw_role", value=value))
                if value in vocab.bad_roles:
                    add(Act("result", target=subject, fact="saw_wolf"))
            elif fact in ("mafia", "detective") and subject is not None and value:
                add(Act("result", target=subject, fact="check", value=_BINARY.get(value, value)))
            elif fact == "sheriff" and subject is not None and value in ("yes", "no"):
                add(Act("result", target=subject, fact="sheriff_check", value=value))
            elif fact == "investigation" and subject is not None and value:
                add(Act("result", target=subject, fact="investigated", value=value))
            elif fact == "center_role" and subject is not None and value:
                add(Act("result", target=subject, fact="saw_center", value=value))
            elif fact == "visitors" and subject is not None:
                for seat in seats:
                    add(Act("result", target=subject, other=seat, fact="visited"))
            elif fact in ("mafia_visits", "guild", "wolves", "ghouls_seen") or (fact == "team" and value == "masons"):
                name = {"mafia_visits": "mafia_visited", "guild": "guild", "team": "saw_mason"}.get(fact, "saw_wolf")
                for seat in seats:
                    if seat != me:
                        add(Act("result", target=seat, fact=name))
        _read_saves(records, me, self.victims, self.saved)

    def results(self, view: SeatView) -> list[Act]:
        """The results read so far, then those of the seat's answers (:func:`_from_choices`)."""
        out = list(self.found)
        _from_choices(view, self.choices, self.saved, _adder(view, self.facts, out), self.facts)
        return out


def _adder(view: SeatView, facts: Collection[str], out: list[Act]) -> Callable[[Act], None]:
    """What adds a result to ``out``: one of ``facts`` (the results the seat's roles report), not there yet,
    and legal on its own (``check_view_acts(view, [act])``)."""

    alone = SpeechChecker(view)  # takes no act: ``act_can_follow(view, (), act)``, the table read once

    def add(act: Act) -> None:
        if act.fact in facts and act not in out and alone.can_follow((), act):
            out.append(act)

    return add


def _seat(option: str) -> int | None:
    return int(option[5:]) if option.startswith("seat:") else None


def _from_choices(
    view: SeatView, choices: dict[str, list[str]], saved: list[int], add: Callable[[Act], None], facts: Collection[str]
) -> None:
    """The results of the seat's own answers; ``facts``: the results its roles report (``add`` takes no
    other: every act made here for a result carries that result's id as its fact)."""
    vocab = vocabulary(view.variant)
    for fact in vocab.facts:
        if fact.id not in facts or (fact.info is not None and fact.id not in ("saved",)):
            continue
        picked: list[str] = [o for kind in fact.decisions for o in choices.get(kind, [])]
        if not picked:
            continue
        if fact.id == "saved":
            for victim in saved:
                add(Act("result", target=victim, fact="saved"))
            continue
        if fact.target == "center":
            for option in picked:
                if option.startswith("center:"):
                    add(Act("result", target=int(option[7:]), fact=fact.id))
            continue
        seats = [s for s in map(_seat, picked) if s is not None]
        if fact.other:
            for first, second in zip(seats[::2], seats[1::2], strict=False):
                add(Act("result", target=first, other=second, fact=fact.id))
        elif fact.id == "robbed":
            held = _held(view)
            for seat in seats:
                if len(held) > 1:
                    add(Act("result", target=seat, fact="robbed", value=held[-1]))
        else:
            for seat in seats:
                add(Act("result", target=seat, fact=fact.id))
