"""Narration packs: the moderator's lines for one ruleset in one language, as data.

``prompts/<lang>/common/narration.yaml`` holds generic lines; the ruleset's
``prompts/<lang>/<variant>/narration.yaml`` adds and overrides them. Each key
names a moment (see :mod:`.keys`); each value is a Jinja template string or a
list of alternatives. Two non-line keys shape every line: ``seat_label`` (how
a seat is named, with ``name`` and ``number``) and ``list_separator``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..texts import TextDataError, optional_yaml

FORMAT_KEYS = frozenset({"seat_label", "list_separator", "storyteller"})


@dataclass(frozen=True)
class NarrationPack:
    language: str
    variant: str
    lines: dict[str, tuple[str, ...]]
    seat_label: str
    list_separator: str
    storyteller: str

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


@lru_cache(maxsize=64)
def load_pack(language: str, variant: str) -> NarrationPack:
    """The merged pack of (language, variant); raises if the language has no common pack."""
    common = _read(f"{language}/common/narration.yaml")
    if not common:
        raise TextDataError(f"missing narration pack prompts/{language}/common/narration.yaml")
    merged = {**common, **_read(f"{language}/{variant}/narration.yaml")}
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
    )
