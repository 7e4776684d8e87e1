"""The words of the shared prompt templates: ``say(key, slot=...)`` and ``words("group.key", slot=...)``.

Every template under ``prompts/common/`` is one skeleton for every language. The words of
``history.j2`` and ``macros.j2`` are the ``history`` group of ``prompts/<lang>/common/vocabulary.yaml``
(``say``); those of ``system.j2``, ``turn.j2``, ``cue.j2`` and ``narrator.j2`` are
``prompts/<lang>/common/words.yaml``, one group per template (``words``). A regional language such as
``ar-LB`` reads its base language's file first and lays its own keys over it, as the describer's
vocabulary does. A phrase has ``$slots``; a phrase may be a mapping ``{one: ..., other: ...}`` chosen by
the ``count`` slot, or ``{male: ..., female: ...}`` chosen by the ``female`` slot. User packs are
searched first: ``vocabulary.yaml`` file by file, like every other prompt file; ``words.yaml`` key by key
(a pack may reword one phrase).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..texts import TextDataError
from .packs import load_yaml, merged_yaml

GROUP = "history"
WORDS_FILE = "words.yaml"
"""The words of the shared system, turn, cue and narrator templates, per language."""
_SLOT = re.compile(r"\$(\w+)", re.ASCII)


def language_chain(language: str) -> list[str]:
    """``language`` and its base language, most general first (``ar`` before ``ar-LB``)."""
    base = language.split("-")[0]
    return [base, language] if base != language else [language]


def vocabulary_files(language: str) -> list[str]:
    """The common vocabulary files of ``language``, most general first (``ar`` before ``ar-LB``)."""
    return [f"{lang}/common/vocabulary.yaml" for lang in language_chain(language)]


def template_words(roots: Sequence[Path], language: str) -> dict[str, dict[str, Any]]:
    """``words.yaml`` of ``language``, key by key within each group: the base language's file first, then the
    regional one; in each, the built-in file first, then the user packs' (a pack may reword one phrase)."""
    groups: dict[str, dict[str, Any]] = {}
    for lang in language_chain(language):
        for root in reversed(roots):
            path = root / lang / "common" / WORDS_FILE
            if path.is_file():
                _lay_over(groups, path)
    return groups


def _lay_over(groups: dict[str, dict[str, Any]], path: Path) -> None:
    data = load_yaml(path) or {}
    if not isinstance(data, dict) or not all(isinstance(group, dict) for group in data.values()):
        raise TextDataError(f"{path}: a mapping of groups (system, turn, cue, narrator) of phrases")
    for name, group in data.items():
        groups.setdefault(str(name), {}).update(group)


def words_for(roots: Sequence[Path], language: str) -> Say:
    """``words("group.key", slot=...)`` for the shared system, turn, cue and narrator templates."""
    groups = template_words(roots, language)
    flat = {f"{group}.{key}": phrase for group, entries in groups.items() for key, phrase in entries.items()}
    return Say(flat, language, f"{language}/common/{WORDS_FILE}", group="")


def history_words(roots: Sequence[Path], language: str) -> dict[str, Any]:
    merged = merged_yaml(roots, vocabulary_files(language))
    group = merged.get(GROUP) or {}
    if not isinstance(group, dict):
        raise TextDataError(f"prompts/{language}/common/vocabulary.yaml: `{GROUP}` must be a mapping")
    return group


class Say:
    """``say(key, **slots)`` for one language: the phrase with its slots filled in."""

    def __init__(self, words: Mapping[str, Any], language: str, file: str | None = None, group: str = GROUP) -> None:
        self.words = words
        self.language = language
        self.file = file or f"{language}/common/vocabulary.yaml"
        self.prefix = f"{group}." if group else ""

    def has(self, key: str) -> bool:
        return key in self.words

    def table(self, key: str) -> Mapping[str, Any]:
        """A mapping of phrases as it stands (the narrator's refusal reasons by code)."""
        found = self.words.get(key)
        if not isinstance(found, Mapping):
            raise TextDataError(f"prompts/{self.file} has no `{self.prefix}{key}` mapping")
        return found

    def __call__(self, key: str, /, **slots: Any) -> str:
        phrase = self.words.get(key)
        if isinstance(phrase, Mapping):
            if "female" in phrase or "male" in phrase:
                phrase = phrase.get("female" if slots.get("female") else "male")
            else:
                phrase = phrase.get("one" if slots.get("count") == 1 else "other")
        if not isinstance(phrase, str):
            raise TextDataError(f"prompts/{self.file} has no `{self.prefix}{key}` phrase")

        def fill(match: re.Match[str]) -> str:
            name = match.group(1)
            if name not in slots:
                raise TextDataError(
                    f"prompts/{self.file}: `{self.prefix}{key}` asks for ${name}, "
                    f"which the template does not give ({', '.join(sorted(slots)) or 'no slots'})"
                )
            return str(slots[name])

        return _SLOT.sub(fill, phrase)
