"""Language fidelity: the share of public utterances written in the game's language/script.

A letter-count check by Unicode script (digits, punctuation and emoji are
neutral). It cannot tell Lebanese from Standard Arabic nor traditional from
simplified Chinese; it does catch an English answer in a Russian game.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any

from .facts import GameFacts
from .tally import Grouped

SCRIPTS: dict[str, tuple[str, ...]] = {
    "en": ("LATIN",),
    "ru": ("CYRILLIC",),
    "he": ("HEBREW",),
    "ar": ("ARABIC",),
    "ar-LB": ("ARABIC",),
    "zh-Hant": ("CJK", "KANGXI", "IDEOGRAPHIC"),
}
THRESHOLD = 0.6


def script_share(text: str, language: str) -> float | None:
    """Share of the letters of ``text`` in ``language``'s script (``None``: no letters or unknown language)."""
    prefixes = SCRIPTS.get(language)
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


def in_language(text: str, language: str, threshold: float = THRESHOLD) -> bool | None:
    share = script_share(text, language)
    return None if share is None else share >= threshold


def language_fidelity(games: Sequence[GameFacts], threshold: float = THRESHOLD) -> dict[str, Any]:
    """By model and by game language; utterances without letters are left out."""
    by_model: Grouped[str] = Grouped()
    by_language: Grouped[str] = Grouped()
    for game in games:
        for speech in game.speeches:
            if not speech.public:
                continue
            ok = in_language(speech.text, game.language, threshold)
            if ok is None:
                continue
            by_model[game.models[speech.seat]].add(ok)
            by_language[game.language].add(ok)
    return {"threshold": threshold, "by_model": by_model.as_dict(), "by_language": by_language.as_dict()}
