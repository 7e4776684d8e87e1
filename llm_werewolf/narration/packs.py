"""Narration packs: the moderator's lines for one ruleset in one language, as data.

``prompts/<lang>/common/narration.yaml`` holds generic lines; the ruleset's
``prompts/<lang>/<variant>/narration.yaml`` and its role files (``roles/<role>.yaml``
``narration``) add and override them. Each key
names a moment (see :mod:`.moments`); each value is a Jinja template string or a
list of alternatives; an empty string is a deliberate silence (another record
voices the same moment). Non-line keys: ``seat_label`` (how a seat is named,
with ``name`` and ``number``), ``list_separator``, ``storyteller`` (the persona
of the LLM narrator) and ``checker`` (word lists for the LLM narration checker:
``seat_patterns``, ``death_words``, ``victory_words``; merged key by key).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..role_texts import layered
from ..texts import TextDataError, data_root, optional_yaml

FORMAT_KEYS = frozenset({"seat_label", "list_separator", "storyteller", "checker"})


@dataclass(frozen=True)
class NarrationPack:
    language: str
    variant: str
    lines: dict[str, tuple[str, ...]]
    seat_label: str
    list_separator: str
    storyteller: str
    checker: dict[str, tuple[str, ...]]

    def find(self, *keys: str) -> tuple[str, tuple[str, ...]] | None:
        """The first of ``keys`` the pack has, with its alternatives."""
        for key in keys:
            found = self.lines.get(key)
            if found:
                return key, found
        return None


def _read(relative: str) -> dict[str, Any]:
    data = optional_yaml("prompts", relative)
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise TextDataError(f"prompts/{relative} must be a mapping of moments to lines")
    return data


def _checker(language: str, variant: str, *sections: Any) -> dict[str, tuple[str, ...]]:
    merged: dict[str, tuple[str, ...]] = {}
    for section in sections:
        if section is None:
            continue
        if not isinstance(section, dict):
            raise TextDataError(f"narration pack {language}/{variant}: 'checker' must be a mapping of word lists")
        for key, value in section.items():
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise TextDataError(f"narration pack {language}/{variant}: checker.{key} must be a list of strings")
            merged[str(key)] = (*merged.get(str(key), ()), *value)
    return merged


@lru_cache(maxsize=64)
def load_pack(language: str, variant: str) -> NarrationPack:
    """The merged pack of (language, variant); raises if the language has no common pack."""
    common = _read(f"{language}/common/narration.yaml")
    if not common:
        raise TextDataError(f"missing narration pack prompts/{language}/common/narration.yaml")
    own = _own(language, variant)
    merged = {**common, **own}
    lines: dict[str, tuple[str, ...]] = {}
    for key, value in merged.items():
        if key in FORMAT_KEYS:
            continue
        if isinstance(value, str):
            lines[key] = (value,)
        elif isinstance(value, list) and all(isinstance(v, str) for v in value) and value:
            lines[key] = tuple(value)
        else:
            raise TextDataError(f"narration pack {language}/{variant}: {key!r} must be a string or a list of strings")
    return NarrationPack(
        language=language,
        variant=variant,
        lines=lines,
        seat_label=str(merged.get("seat_label", "{{ name }}")),
        list_separator=str(merged.get("list_separator", ", ")),
        storyteller=str(merged.get("storyteller", "")),
        checker=_checker(language, variant, common.get("checker"), own.get("checker")),
    )


def own_keys(language: str, variant: str) -> frozenset[str]:
    """The moment keys the ruleset's own pack defines (not inherited from the common pack)."""
    return frozenset(k for k in _own(language, variant) if k not in FORMAT_KEYS)


def _own(language: str, variant: str) -> dict[str, Any]:
    """The ruleset's pack with its role files' ``narration`` laid over it (:mod:`llm_werewolf.role_texts`)."""
    own = dict(_read(f"{language}/{variant}/narration.yaml"))  # a copy: the parsed file is cached
    return layered(own, (data_root("prompts"),), language, variant, "narration")
