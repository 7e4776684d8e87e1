"""What a seat has already told the table, so that nobody asks it again.

A question (``rules.act_kinds.QUESTIONS``) is answered for a seat when the table heard the answer:

* ``role``: in this game the seat claimed a card (a ``claim`` act, or a speech whose text named its
  card: ``Speech.claim``), reported a result of its card (a ``result`` act: only a card with a power
  learns one), answered a role question, or its card was shown to everyone while it lives (a public
  ``Info`` about its role, or an announcement that shows its card: the idiot, the knight's duel, the
  amnesiac's remembered card);
* ``vote``: today the seat named whom it votes for or accuses, or answered a vote question;
* ``trust``: today the seat answered a trust question.

An answer counts as given even when it was "not yet" (the seat was asked and answered; asking it
again repeats the question). Only public records are read.
"""

from __future__ import annotations

from collections.abc import Container, Sequence

from ..rules.events import Announcement, Info, Record, SharedEventRecord
from ..rules.variant import get_ruleset
from ..rules.views import SeatView
from .grounding import NAMING
from .table_reading import game_memo, table_reading


def answered(view: SeatView, seat: int, question: str) -> bool:
    """Whether ``seat`` has already told the table the answer to ``question`` (module doc)."""
    said = table_reading(view).by_seat.get(seat, ())
    if question == "role":
        if any(s.claimed is not None or s.speech.claim is not None for s in said):
            return True
        told = any(a.kind == "result" or (a.kind == "answer" and a.fact == "role") for s in said for a in s.speech.acts)
        return told or _shown(view, seat)
    today = [s.speech for s in said if s.phase == view.phase]
    if question == "vote":
        return any(a.kind in NAMING or (a.kind == "answer" and a.fact == "vote") for s in today for a in s.acts)
    return any(a.kind == "answer" and a.fact == question for s in today for a in s.acts)


def _shown(view: SeatView, seat: int) -> bool:
    """Whether ``seat``'s card was shown to the whole table (module doc): the seats shown in the view's
    public records, read on from the records this seat's last view held (one index per seat and game)."""
    return seat in _shown_seats(view)


Shown = tuple[int, Record, set[int]]
"""(records read, the last of them, the seats whose card those records showed to the table)."""


def _shown_seats(view: SeatView) -> set[int]:
    records = view.records
    if not records:
        return set()
    kept: dict[int | None, Shown] = game_memo(view, "shown_cards")  # per seat, gone with the game
    known = kept.get(view.seat)
    if known is not None and known[0] <= len(records) and records[known[0] - 1] is known[1]:
        start, shown = known[0], known[2]  # this seat's index only, so it is extended in place
    else:
        start, shown = 0, set()
    if start < len(records):
        _read_shown(records, start, get_ruleset(view.variant).roles, shown)
        kept[view.seat] = (len(records), records[-1], shown)
    return shown


def _read_shown(records: Sequence[Record], start: int, roles: Container[str], shown: set[int]) -> None:
    """Add to ``shown`` the seats whose card a public record from ``start`` on shows to the table."""
    for index in range(start, len(records)):
        record = records[index]
        if record.vis.scope != "public":
            continue
        event = record.event if type(record) is SharedEventRecord else record  # a plain record is its event
        kind = type(event)
        if kind is Info:
            assert isinstance(event, Info)
            if event.fact == "role" and event.subject is not None:
                shown.add(event.subject)
        elif kind is Announcement:
            assert isinstance(event, Announcement)
            if event.value in roles and event.seats:
                shown.add(event.seats[0])
