"""Which phrasings of the bank a text already used, with any names: the table's memory of templates.

A speaker does not reuse a phrasing said earlier the same day (by anyone) while the bank has
another (``voice.voice``'s ``avoid``); the table-talk audit counts the sentences that do
anyway ("same template, another name"). A phrasing is found in a text by a pattern made from
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


@lru_cache(maxsize=64)
def _patterns(language: str, variant: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    bank = phrase_bank(language, variant)
    out: list[tuple[str, re.Pattern[str]]] = []
    for key, templates in bank.acts.items():
        if key == "pass":
            continue
        for template in templates:
            if _SLOT.search(template) and len(_SLOT.sub("", template).strip()) >= 6:
                out.append((template, template_pattern(template)))
    return tuple(out)


@lru_cache(maxsize=16384)
def templates_in(language: str, variant: str, text: str) -> frozenset[str]:
    """The bank's phrasings (with at least one placeholder) that ``text`` says, with any names."""
    return frozenset(template for template, pattern in _patterns(language, variant) if pattern.search(text))


def templates_said(language: str, variant: str, texts: Iterable[str]) -> frozenset[str]:
    """Every phrasing said in ``texts``."""
    found: set[str] = set()
    for text in texts:
        found |= templates_in(language, variant, text)
    return frozenset(found)
