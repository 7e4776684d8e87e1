"""Which phrasings of the bank a text already used, with any names: the table's memory of templates.

The table remembers the whole game: a speaker picks the phrasing of an act said least (none said
today, then none it said itself in the game, then the one the table heard least; ``voice.voice``'s
``worn``), and leaves an opening or closing line out once the game has heard all of its phrasings.
The table-talk audit counts the sentences that repeat a phrasing anyway ("same template, another
name"). A phrasing is found in a text by a pattern made from
it: its literal parts as they are, each placeholder as any short run of text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from .phrases import phrase_bank

_SLOT = re.compile(r"\{([a-z_]+)(?::([^{}]*))?\}")
_AGREEING = frozenset({"g", "t", "o"})


def template_pattern(template: str) -> re.Pattern[str]:
    """A pattern that matches ``template`` said with any names, roles and agreeing forms."""
    return re.compile(_pattern_text(template))


_ANY = ".{1,40}?"
"""What a placeholder for a name or a role matches: any short run of text."""


def _pattern_text(template: str) -> str:
    parts: list[str] = []
    at = 0
    for match in _SLOT.finditer(template):
        parts.append(re.escape(template[at : match.start()]))
        slot, arg = match.group(1), match.group(2)
        if slot in _AGREEING and arg:
            parts.append("(?:" + "|".join(re.escape(form) for form in arg.split("|")) + ")")
        else:
            parts.append(_ANY)
        at = match.end()
    parts.append(re.escape(template[at:]))
    return "".join(parts)


class _Phrasing(NamedTuple):
    """A phrasing :func:`templates_in` looks for: its template, its longest fixed run, its pattern, and
    for a pattern that opens with a placeholder, the pattern of the rest (see :func:`_span`)."""

    template: str
    literal: str
    pattern: re.Pattern[str]
    rest: re.Pattern[str] | None


def _phrasing(template: str) -> _Phrasing:
    text = _pattern_text(template)
    rest = text[len(_ANY) :]
    opens_with_name = text.startswith(_ANY) and bool(rest) and not rest.startswith(_ANY)
    after = re.compile(rest) if opens_with_name else None
    return _Phrasing(template, _longest_literal(template), re.compile(text), after)


def _span(phrasing: _Phrasing, text: str) -> tuple[int, int] | None:
    """Where ``phrasing.pattern.search(text)`` matches, without trying the opening placeholder at every
    position of the text: for a pattern ``.{1,40}?REST`` and a text without newlines, the leftmost
    match ends where the first match of REST from position 1 ends, and starts 40 characters before
    that match (or at 0): the lazy placeholder takes the fewest characters that reach REST."""
    if phrasing.rest is None or "\n" in text:
        found = phrasing.pattern.search(text)
        return None if found is None else found.span()
    rest = phrasing.rest.search(text, 1)
    return None if rest is None else (max(0, rest.start() - 40), rest.end())


def _longest_literal(template: str) -> str:
    """The longest run of ``template``'s fixed text between placeholders: any text that says the
    phrasing contains it, so a text without it need not be searched with the pattern."""
    return max(_SLOT.split(template)[:: _SLOT.groups + 1], key=len)


@lru_cache(maxsize=64)
def _patterns(language: str, variant: str) -> tuple[_Phrasing, ...]:
    """Each phrasing of the bank that :func:`templates_in` looks for."""
    bank = phrase_bank(language, variant)
    out: list[_Phrasing] = []
    for key, templates in bank.acts.items():
        if key == "pass":
            continue
        for template in templates:
            if _SLOT.search(template) and len(_SLOT.sub("", template).strip()) >= 6:
                out.append(_phrasing(template))
    return tuple(out)


GRAM = 3
"""Characters in the runs of text the phrasings without a whole word are indexed by (:func:`_search_index`)."""

FEW_WITHOUT_WORDS = 32
"""Up to this many phrasings of a bank without a whole word are each looked for in every text (their
fixed text, one search in C each) rather than indexed by runs of characters, which takes reading
every run of the text (a bank of a language written without blanks has hundreds)."""


class _SearchIndex(NamedTuple):
    """The phrasings of :func:`_patterns` (by position) filed under what a text that says them must hold."""

    by_word: dict[str, tuple[int, ...]]
    """Under one whole word of their longest fixed text (:func:`_whole_words`), the word fewest phrasings
    share: a text that holds the fixed text has that word between blanks, so among ``text.split()``."""
    by_gram: dict[str, tuple[int, ...]]
    """Those without a whole word, where a bank has more than :data:`FEW_WITHOUT_WORDS`: under one
    :data:`GRAM`-character run of their longest fixed text, the run fewest of them share."""
    short: tuple[int, ...]
    """The others: looked for in every text."""


def _whole_words(literal: str) -> list[str]:
    """The words of ``literal`` with a blank on both sides in it: wherever ``literal`` is said, each of
    them is one of the text's ``split()`` words (the first and last word may run on into a name)."""
    words = literal.split()
    if words and not literal[:1].isspace():
        words = words[1:]
    if words and not literal[-1:].isspace():
        words = words[:-1]
    return words


def _rarest(keys: list[set[str]]) -> list[str | None]:
    """For each set of ``keys``, the key fewest of the sets hold (the first in sorted order on a tie)."""
    shared: dict[str, int] = {}
    for own in keys:
        for key in own:
            shared[key] = shared.get(key, 0) + 1
    return [min(sorted(own), key=lambda key: shared[key]) if own else None for own in keys]


@lru_cache(maxsize=64)
def _search_index(language: str, variant: str) -> _SearchIndex:
    """Where :func:`_candidates` looks for the phrasings of :func:`_patterns`: a text can say a phrasing
    only if it holds the phrasing's key (a whole word, else a run of characters), so a text is searched
    only with the patterns filed under the keys it holds (one pass over the text instead of one per phrasing)."""
    patterns = _patterns(language, variant)
    words = [set(_whole_words(p.literal)) for p in patterns]
    by_word: dict[str, list[int]] = {}
    for position, word in enumerate(_rarest(words)):
        if word is not None:
            by_word.setdefault(word, []).append(position)
    rest = [position for position, own in enumerate(words) if not own]
    if len(rest) <= FEW_WITHOUT_WORDS:
        return _SearchIndex(_filed(by_word), {}, tuple(rest))
    grams = [{patterns[i].literal[at : at + GRAM] for at in range(len(patterns[i].literal) - GRAM + 1)} for i in rest]
    by_gram: dict[str, list[int]] = {}
    short: list[int] = []
    for position, gram in zip(rest, _rarest(grams), strict=True):
        if gram is None:
            short.append(position)
        else:
            by_gram.setdefault(gram, []).append(position)
    return _SearchIndex(_filed(by_word), _filed(by_gram), tuple(short))


def _filed(index: dict[str, list[int]]) -> dict[str, tuple[int, ...]]:
    return {key: tuple(positions) for key, positions in index.items()}


def _candidates(language: str, variant: str, text: str) -> list[int]:
    """Positions in :func:`_patterns`, in order, of the phrasings ``text`` may say (see :func:`_search_index`)."""
    index = _search_index(language, variant)
    found = list(index.short)
    for word in index.by_word.keys() & text.split():
        found.extend(index.by_word[word])
    if index.by_gram:
        by_gram = index.by_gram
        for gram in by_gram.keys() & {text[at : at + GRAM] for at in range(len(text) - GRAM + 1)}:
            found.extend(by_gram[gram])
    found.sort()
    return found


@lru_cache(maxsize=16384)
def _holding(language: str, variant: str, text: str) -> tuple[int, ...]:
    """Positions in :func:`_patterns`, in order, of the phrasings whose longest fixed text ``text`` holds."""
    patterns = _patterns(language, variant)
    return tuple(i for i in _candidates(language, variant, text) if patterns[i].literal in text)


def fixed_texts_in(language: str, variant: str, text: str) -> frozenset[str]:
    """The longest fixed texts (:func:`fixed_text_of`) that ``text`` holds."""
    patterns = _patterns(language, variant)
    return frozenset(patterns[i].literal for i in _holding(language, variant, text))


@lru_cache(maxsize=64)
def fixed_text_of(language: str, variant: str) -> dict[str, str]:
    """Phrasing -> its longest fixed text (its longest text between placeholders, said in every sentence
    filled from it), for each phrasing of the bank that :func:`templates_in` looks for (and whose
    fixed text holds no NUL, the separator of joined speeches)."""
    return {p.template: p.literal for p in _patterns(language, variant) if "\x00" not in p.literal}


@lru_cache(maxsize=16384)
def templates_in(language: str, variant: str, text: str) -> frozenset[str]:
    """The bank's phrasings (with at least one placeholder) that ``text`` says, with any names.

    A phrasing whose match lies inside the match of a phrasing with more fixed words is not
    counted: «ל{target}: אני {role}.» is found inside «{target}, אני אגיד לך: אני {role}.», and
    the reader heard the second."""
    patterns = _patterns(language, variant)
    found = [
        (phrasing.template, span)
        for phrasing in [patterns[i] for i in _holding(language, variant, text)]
        if (span := _span(phrasing, text)) is not None
    ]
    if len(found) < 2:
        return frozenset(template for template, _ in found)
    return frozenset(
        template
        for template, (start, end) in found
        if not any(
            other != template and s <= start and end <= e and _fixed(other) > _fixed(template)
            for other, (s, e) in found
        )
    )


@lru_cache(maxsize=8192)
def _fixed(template: str) -> int:
    """How many characters of ``template`` are fixed text (not placeholders)."""
    return len(_SLOT.sub("", template))


def templates_said(language: str, variant: str, texts: Iterable[str]) -> frozenset[str]:
    """Every phrasing said in ``texts``."""
    found: set[str] = set()
    for text in texts:
        found |= templates_in(language, variant, text)
    return frozenset(found)


Wear = tuple[int, int, int]
"""How worn a phrasing is: (times said today, times said by the speaker in the game, times said at the table)."""


def templates_worn(language: str, variant: str, said: Iterable[tuple[bool, bool, str]]) -> dict[str, Wear]:
    """Every phrasing said in the game, with its :data:`Wear`: ``said`` holds each public speech of
    the game as (said today, said by the speaker, text). A speaker picks the least worn phrasing of
    an act (``voice.voice_act``): none said today, then none it said itself, then the one the
    table heard least."""
    worn: dict[str, Wear] = {}
    for today, own, text in said:
        for template in templates_in(language, variant, text):
            day, mine, table = worn.get(template, (0, 0, 0))
            worn[template] = (day + today, mine + own, table + 1)
    return worn
