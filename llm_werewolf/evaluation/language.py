"""Language fidelity: the share of public utterances written in the game's language/script.

A letter-count check by Unicode script (digits, punctuation and emoji are
neutral). It cannot tell Lebanese from Standard Arabic nor traditional from
simplified Chinese; it does catch an English answer in a Russian game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..prompting.script import letter_share
from .facts import GameFacts
from .tally import Grouped

THRESHOLD = 0.6


def in_language(text: str, language: str, threshold: float = THRESHOLD) -> bool | None:
    """Whether ``text`` is in ``language``'s script (``None`` when it has no letters to judge)."""
    share = letter_share(text, language)
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
