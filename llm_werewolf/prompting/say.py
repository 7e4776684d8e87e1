"""The words of the shared history and macro templates: ``say(key, slot=...)``.

``prompts/common/history.j2`` and ``prompts/common/macros.j2`` are one skeleton for every language;
their words are the ``history`` group of ``prompts/<lang>/common/vocabulary.yaml`` (a regional
language such as ``ar-LB`` reads its base language's file first, as the describer's vocabulary does).
A phrase has ``$slots``; a phrase may be a mapping ``{one: ..., other: ...}`` chosen by the ``count``
slot. User packs are searched first, file by file, like every other prompt file.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..texts import TextDataError
from .packs import merged_yaml

GROUP = "history"
_SLOT = re.compile(r"\$(\w+)", re.ASCII)


def vocabulary_files(language: str) -> list[str]:
    """The common vocabulary files of ``language``, most general first (``ar`` before ``ar-LB``)."""
    base = language.split("-")[0]
    chain = [base, language] if base != language else [language]
    return [f"{lang}/common/vocabulary.yaml" for lang in chain]


def history_words(roots: Sequence[Path], language: str) -> dict[str, Any]:
    merged = merged_yaml(roots, vocabulary_files(language))
    group = merged.get(GROUP) or {}
    if not isinstance(group, dict):
        raise TextDataError(f"prompts/{language}/common/vocabulary.yaml: `{GROUP}` must be a mapping")
    return group


class Say:
    """``say(key, **slots)`` for one language: the phrase with its slots filled in."""

    def __init__(self, words: Mapping[str, Any], language: str) -> None:
        self.words = words
        self.language = language

    def __call__(self, key: str, /, **slots: Any) -> str:
        phrase = self.words.get(key)
        if isinstance(phrase, Mapping):
            count = slots.get("count")
            phrase = phrase.get("one" if count == 1 else "other")
        if not isinstance(phrase, str):
            raise TextDataError(f"prompts/{self.language}/common/vocabulary.yaml has no `{GROUP}.{key}` phrase")

        def fill(match: re.Match[str]) -> str:
            name = match.group(1)
            if name not in slots:
                raise TextDataError(
                    f"prompts/{self.language}/common/vocabulary.yaml: `{GROUP}.{key}` asks for ${name}, "
                    f"which the template does not give ({', '.join(sorted(slots)) or 'no slots'})"
                )
            return str(slots[name])

        return _SLOT.sub(fill, phrase)
