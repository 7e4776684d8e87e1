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

from ..rules.views import SeatView
from .grounding import NAMING
from .table_reading import table_reading


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
    """Whether ``seat``'s card was shown to the whole table (module doc): indexed as the game's public
    records are read (``TableReading.shown``), instead of walking the view's records at each question."""
    return seat in table_reading(view).shown
