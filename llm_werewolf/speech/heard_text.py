"""Which phrasings' fixed texts the seats of one table heard: what no seat heard needs no search.

A speaker says no sentence said earlier in the game while its bank has another phrasing
(``voice.voice``), so each act looks for a dozen filled phrasings in the speeches the speaker
heard. A one-sentence phrasing holds its template's longest fixed text (``repeats.fixed_text_of``),
and the seats of a table look for the same few hundred of them game long: where a fixed text is
in none of the speeches of the table, no phrasing of that template was said, and the speaker's
speeches need not be searched. :class:`HeardText` keeps each speech text any seat of the table
passed (once) and the fixed texts they hold (``repeats.fixed_texts_in``, read once per text).

It answers exactly: it has read every run of text (between NULs) of whatever a seat passed, and a
seat whose speeches do not go on from the last ones it passed (another game, a replay) passes all
of them again. It is kept per thread and table (seat names, language, ruleset) while the seats'
speeches go on from it; a seat whose latest speeches it lacks (another game), or a table past
:data:`MAX_TEXTS` texts, starts it afresh.
"""

from __future__ import annotations

from collections.abc import Hashable
from threading import get_ident

from .repeats import fixed_texts_in

MAX_TEXTS = 4096
"""Most texts kept for a table (a few long games); a seat that joins one with more starts it afresh."""

RECENT = 3
"""How many of a seat's latest speeches tell that the table's texts are of its game (:func:`heard_text`)."""

_NUL = "\x00"


class HeardText:
    """The texts the seats of one table passed, and the fixed texts of phrasings they hold."""

    __slots__ = ("_texts", "fixed", "language", "variant")

    def __init__(self, language: str, variant: str) -> None:
        self.language = language
        self.variant = variant
        self.fixed: set[str] = set()
        """Every fixed text (``repeats.fixed_text_of``) held by a text of :attr:`_texts`."""
        self._texts: set[str] = set()

    def knows(self, texts: list[str]) -> bool:
        """Whether any of ``texts`` was passed."""
        return any(text in self._texts for text in texts)

    def add(self, joined: str) -> None:
        """Read each run of ``joined`` between NULs not read yet."""
        kept = self._texts
        for text in joined.split(_NUL):
            if text not in kept:
                kept.add(text)
                self.fixed.update(fixed_texts_in(self.language, self.variant, text))


class _Seat:
    """What one seat last passed to its table's text."""

    __slots__ = ("joined", "table")

    def __init__(self, table: HeardText, joined: str) -> None:
        self.table = table
        self.joined = joined


_TABLES: dict[tuple[int, Hashable], HeardText] = {}
_SEATS: dict[tuple[int, Hashable, Hashable], _Seat] = {}
_MAX_SEATS = 512
"""Most seats remembered (all threads and tables); everything is forgotten when there are more."""


def heard_text(table: tuple[Hashable, str, str], seat: Hashable, joined: str) -> HeardText:
    """The texts of ``table`` (its seat names, language and ruleset), having read every run between
    NULs of ``joined`` (the speeches ``seat`` heard, joined with NUL)."""
    thread = get_ident()
    shared = _TABLES.get((thread, table))
    passed = _SEATS.get((thread, table, seat))
    if passed is not None and shared is not None and passed.table is shared:
        last = passed.joined
        if joined is last:
            return shared
        if len(joined) > len(last) and joined[len(last)] == _NUL and joined.startswith(last):
            shared.add(joined[len(last) + 1 :])  # the speeches heard since
            passed.joined = joined
            return shared
    if shared is None or len(shared._texts) > MAX_TEXTS or not shared.knows(joined.rsplit(_NUL, RECENT)[-RECENT:]):
        if len(_SEATS) >= _MAX_SEATS:
            _SEATS.clear()
            _TABLES.clear()
        shared = _TABLES[(thread, table)] = HeardText(table[1], table[2])
    shared.add(joined)
    _SEATS[(thread, table, seat)] = _Seat(shared, joined)
    return shared
