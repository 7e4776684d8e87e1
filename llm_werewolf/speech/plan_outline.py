"""The discourse plan shown to capable models: what one speech owes and may cite, as structure.

A chat model writes its own speech and sends its acts (``speech.model_speech.acts_schema``); the
prompt (``prompts/<lang>/common/plan.j2``) shows it the plan's slots filled from its view: the
questions put to it (``react``: answer each, naming the asker), who went after it (``react``:
rebut), its claim so far (``state``: keep it), and the public facts it may cite with their record
numbers (``reason``: an act's ``refs``), so that a ``reason`` it sends can be checked against the
records (``speech.grounding.check_reason``). The numbers a prompt shows count the seat's own records
(:func:`shown_number`), never the game's sequence numbers: those count hidden records too, so they
would tell how much happened out of the seat's sight.
"""

from __future__ import annotations

from typing import Any

from ..rules.acts import Act
from ..rules.events import Asked
from ..rules.views import SeatView
from ..texts import role_name
from .grounding import reasons_about
from .phrases import phrase_bank
from .picker import own_record
from .planner import questions_to, rebuttal
from .voice import Speaker, fill, phrase_key, seat_gender

SLOTS: tuple[str, ...] = ("react", "state", "reason", "propose", "ask")
"""The plan's slots, in the order a speech takes them (the ``slot`` of an act in a JSON answer)."""
OUTLINE_REASONS = 4
"""Most public facts the prompt lists (the records' most telling first, one seat after another)."""


def plan_outline(view: SeatView) -> dict[str, Any]:
    """The plan's slots for ``view``'s next speech, as template data (names, not seats)."""
    assert view.seat is not None
    names = view.names
    bank = phrase_bank(view.language, view.variant)
    speaker = Speaker(seat=view.seat, names=names, language=view.language, variant=view.variant)

    def female(seat: int) -> bool:
        return seat_gender(bank, speaker, seat) == "female"

    questions = [
        {"asker": names[a], "question": q, "female": female(a)} for a, q in questions_to(view) if view.alive[a]
    ]
    rebut = [
        {"name": names[a.target], "female": female(a.target)}
        for a in rebuttal(view, None)
        if a.kind == "disagree" and a.target is not None
    ]
    claim = own_record(view).claim
    facts: list[dict[str, Any]] = []
    for seat in view.living():
        if seat == view.seat or len(facts) >= OUTLINE_REASONS:
            continue
        for reason in reasons_about(view, seat)[:1]:
            refs = [shown_number(view, seq) for seq in reason.refs]
            facts.append({"refs": refs, "fact": reason.fact, "text": _said(reason, speaker, bank)})
    return {
        "slots": list(SLOTS),
        "questions": questions,
        "rebut": rebut,
        "claim": role_name(view.language, view.variant, claim) if claim else None,
        "facts": facts,
    }


def _numbered(view: SeatView) -> list[int]:
    """The sequence numbers of the records a prompt may cite, in order: those ``view`` holds, less the
    decision bookkeeping of schema-1 logs (``asked``), so that both schemas number alike."""
    return [record.seq for record in view.records if type(record.event) is not Asked]


def shown_number(view: SeatView, seq: int) -> int:
    """The number a prompt shows for record ``seq``: its place among the records ``view`` holds, from 1."""
    return _numbered(view).index(seq) + 1


def record_seq(view: SeatView, number: int) -> int:
    """The record a shown number names (:func:`shown_number`); -1, which no record has, for any other number."""
    seqs = _numbered(view)
    return seqs[number - 1] if 1 <= number <= len(seqs) else -1


def _said(act: Act, speaker: Speaker, bank: Any) -> str:
    key = next((k for k in phrase_key(act) if bank.acts.get(k)), None)
    return fill(bank.acts[key][0], act, speaker, bank) if key else ""
