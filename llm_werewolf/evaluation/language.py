"""Language fidelity and speech validity, per public utterance (verdicts from :mod:`.validity`).

*Fidelity* is the share of public utterances that are valid speech in the
game's language: a placeholder, template tokens or a loop count against it,
never for it, and so does an utterance in another language or (zh-Hant) in
Simplified characters. Utterances with nothing to judge (empty: a silent
pass) are left out of fidelity and counted under validity.

*Validity* counts every public utterance by verdict, per model, with the
invalid share (anything but ``valid``) and its Wilson interval.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .facts import GameFacts
from .tally import Grouped, Share
from .validity import VERDICTS

METHOD = (
    "per utterance: lingua language identification (script check below 6 letters), OpenCC for "
    "Traditional vs Simplified Chinese; placeholder, template, degenerate and off-language utterances count "
    "as misses; empty utterances are left out"
)


def language_fidelity(games: Sequence[GameFacts]) -> dict[str, Any]:
    """By model and by game language."""
    by_model: Grouped[str] = Grouped()
    by_language: Grouped[str] = Grouped()
    for game in games:
        for speech in game.speeches:
            if not speech.public:
                continue
            verdict = game.verdict(speech)
            if verdict == "empty":
                continue
            ok = verdict == "valid"
            by_model[game.models[speech.seat]].add(ok)
            by_language[game.language].add(ok)
    return {"method": METHOD, "by_model": by_model.as_dict(), "by_language": by_language.as_dict()}


def speech_validity(games: Sequence[GameFacts]) -> dict[str, Any]:
    """Per model: public utterances by verdict, and the invalid share with its interval."""
    counts: dict[str, dict[str, int]] = {}
    for game in games:
        for speech in game.speeches:
            if not speech.public:
                continue
            row = counts.setdefault(game.models[speech.seat], dict.fromkeys(VERDICTS, 0))
            row[game.verdict(speech)] += 1
    out: dict[str, Any] = {}
    for model in sorted(counts):
        row = counts[model]
        total = sum(row.values())
        invalid = Share(float(total - row["valid"]), total)
        out[model] = {"utterances": total, **row, "invalid": invalid.as_dict()}
    return {"verdicts": list(VERDICTS), "by_model": out}
