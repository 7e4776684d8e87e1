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

from .phrases import phrase_bank

_SLOT = re.compile(r"\{([a-z_]+)(?::([^{}]*))?\}")
_AGREEING = frozenset({"g", "t", "o"})


def template_pattern(template: str) -> re.Pattern[str]:
    """A pattern that matches ``template`` said with any names, roles and agreeing forms."""
    parts: list[str] = []
    at = 0
    for match in _SLOT.finditer(template):
        parts.append(re.escape(template[at : match.start()]))
        slot, arg = match.group(1), match.group(2)
        if slot in _AGREEING and arg:
            parts.append("(?:" + "|".join(re.escape(form) for form in arg.split("|")) + ")")
        else:
            parts.append(".{1,40}?")
        at = match.end()
    parts.append(re.escape(template[at:]))
    return re.compile("".join(parts))


def _longest_literal(template: str) -> str:
    """The longest run of ``template``'s fixed text between placeholders: any text that says the
    phrasing contains it, so a text without it need not be searched with the pattern."""
    return max(_SLOT.split(template)[:: _SLOT.groups + 1], key=len)


@lru_cache(maxsize=64)
def _patterns(language: str, variant: str) -> tuple[tuple[str, str, re.Pattern[str]], ...]:
    """Each phrasing of the bank that :func:`templates_in` looks for, with its longest fixed run and its pattern."""
    bank = phrase_bank(language, variant)
    out: list[tuple[str, str, re.Pattern[str]]] = []
    for key, templates in bank.acts.items():
        if key == "pass":
            continue
        for template in templates:
            if _SLOT.search(template) and len(_SLOT.sub("", template).strip()) >= 6:
                out.append((template, _longest_literal(template), template_pattern(template)))
    return tuple(out)


@lru_cache(maxsize=16384)
def templates_in(language: str, variant: str, text: str) -> frozenset[str]:
    """The bank's phrasings (with at least one placeholder) that ``text`` says, with any names.

    A phrasing whose match lies inside the match of a phrasing with more fixed words is not
    counted: «ל{target}: אני {role}.» is found inside «{target}, אני אגיד לך: אני {role}.», and
    the reader heard the second."""
    found = [
        (template, m.span())
        for template, literal, pattern in _patterns(language, variant)
        if literal in text and (m := pattern.search(text))
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
