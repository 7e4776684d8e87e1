"""Phrasings that announce what the speech will say, and whether a speech keeps the announcement.

A phrase bank tags the phrasings that announce content (``promises`` in ``prompts/<lang>/common/phrases.yaml``):
an opening line «Quick summary from my seat.», a persona tic «Point one.», a claim «... and I can prove it».
Voicing says such a phrasing only in a speech whose acts keep every promise it makes (:func:`unkept`);
otherwise it picks a neutral one. What each promise asks of the speech's acts (the opening and closing
lines aside):

* ``summary``: two facts of the table at least (``reason`` acts);
* ``facts``: one fact of the table at least (a ``reason`` act);
* ``read``: a stance on another seat (an accusation, a defence, a vote, an agreement or a disagreement,
  grounds against a seat, or an answer that names a seat);
* ``suspicion``: something against a seat (an accusation, a vote, grounds, a disagreement);
* ``points``: two acts at least;
* ``question``: a question (an ``ask`` act);
* ``question_next``: a question said first (no opening line, the first act an ``ask``);
* ``proof``: a night result (a ``result`` act);
* ``earlier``: the speaker spoke at this table before («As I said before.»).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.acts import Act
from ..rules.views import SeatView
from .phrases import PhraseBank
from .table_reading import table_reading

_READ = frozenset({"accuse", "defend", "vote", "agree", "disagree", "reason"})
_SUSPICION = frozenset({"accuse", "vote", "reason", "disagree"})


class _Tagged:
    """A bank's tagged phrasings with the promises each makes, and the phrasings withheld for each
    combination of kept and unkept promises met so far (at most 2 ** promises of them)."""

    __slots__ = ("bank", "promises", "tagged", "withheld")

    def __init__(self, bank: PhraseBank) -> None:
        tags: dict[str, list[str]] = {}
        for promise, lines in bank.promises.items():
            for line in lines:
                tags.setdefault(line, []).append(promise)
        self.bank = bank
        self.promises = tuple(bank.promises)
        self.tagged = tuple((line, tuple(promises)) for line, promises in tags.items())
        self.withheld: dict[tuple[bool, ...], frozenset[str]] = {}

    def unkept_lines(self, kept: tuple[bool, ...]) -> frozenset[str]:
        lines = self.withheld.get(kept)
        if lines is None:
            keeps = dict(zip(self.promises, kept, strict=True))
            lines = frozenset(line for line, promises in self.tagged if not all(keeps[p] for p in promises))
            self.withheld[kept] = lines
        return lines


_TAGGED: dict[tuple[str, str], _Tagged] = {}


def _by_phrasing(bank: PhraseBank) -> _Tagged:
    """The tagged phrasings of ``bank`` (read once per bank)."""
    key = (bank.language, bank.variant)
    known = _TAGGED.get(key)
    if known is None or known.bank is not bank:
        known = _TAGGED[key] = _Tagged(bank)
    return known


def keeps(acts: Sequence[Act], seat: int, led: bool, spoke: bool) -> dict[str, bool]:
    """Whether a speech of ``acts`` keeps each promise (module doc), read in one pass over the acts."""
    facts = 0
    read = suspicion = question = proof = False
    for act in acts:
        kind = act.kind
        if kind == "reason":
            facts += 1
        elif kind == "ask":
            question = True
            continue
        elif kind == "result":
            proof = True
            continue
        elif kind == "answer":
            if act.fact in ("vote", "trust") and act.other is not None:
                read = True
            continue
        if kind in _READ:
            target = act.target
            if target is not None and target != seat:
                read = True
                if kind in _SUSPICION:
                    suspicion = True
    return {
        "summary": facts >= 2,
        "facts": facts >= 1,
        "read": read,
        "suspicion": suspicion,
        "points": len(acts) >= 2,
        "question": question,
        "question_next": not led and bool(acts) and acts[0].kind == "ask",
        "proof": proof,
        "earlier": spoke,
    }


def unkept(bank: PhraseBank, acts: Sequence[Act], seat: int, *, led: bool, spoke_before: bool) -> frozenset[str]:
    """The phrasings of ``bank`` that announce what a speech of ``acts`` does not say (not to be said in it).

    ``seat``: the speaker; ``led``: an opening line precedes the acts; ``spoke_before``: the speaker spoke
    at this table before."""
    tagged = _by_phrasing(bank)
    if not tagged.tagged:
        return frozenset()
    kept = keeps(acts, seat, led, spoke_before)
    return tagged.unkept_lines(tuple([kept[p] for p in tagged.promises]))


def spoke_before(view: SeatView) -> bool:
    """Whether the seat of ``view`` said something with words at this table before (a public speech)."""
    return view.seat is not None and any(said.has_words for said in table_reading(view).by_seat.get(view.seat, ()))
