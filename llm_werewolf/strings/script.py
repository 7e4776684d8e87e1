"""Is an utterance in the game's language? A cheap check by writing system.

The check counts letters only (digits, punctuation and emoji are neutral) and
asks that most of them belong to the language's script. It cannot tell Lebanese
from Modern Standard Arabic, nor traditional from simplified Chinese; it stops
an English answer in a Russian game, which is what the re-ask switch is for.
"""

from __future__ import annotations

import unicodedata

_SCRIPT_PREFIX: dict[str, tuple[str, ...]] = {
    "en": ("LATIN",),
    "ru": ("CYRILLIC",),
    "he": ("HEBREW",),
    "ar": ("ARABIC",),
    "ar-LB": ("ARABIC",),
    "zh-Hant": ("CJK", "KANGXI", "IDEOGRAPHIC"),
}


def letter_share(text: str, language: str) -> float | None:
    """Share of the letters of ``text`` in ``language``'s script (``None``: no letters, or an unknown language)."""
    prefixes = _SCRIPT_PREFIX.get(language)
    if prefixes is None:
        return None
    letters = matching = 0
    for char in text:
        if not char.isalpha():
            continue
        letters += 1
        if unicodedata.name(char, "").startswith(prefixes):
            matching += 1
    return matching / letters if letters else None


def script_share(text: str, language: str) -> float:
    """Like :func:`letter_share`, but 1.0 when there is nothing to judge (the agent's re-ask check)."""
    share = letter_share(text, language)
    return 1.0 if share is None else share


def in_language(text: str, language: str, threshold: float = 0.6) -> bool:
    return script_share(text, language) >= threshold
