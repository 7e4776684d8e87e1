"""UI labels for human players, read from ``prompts/<lang>/common/ui.yaml`` (English fills gaps)."""

from __future__ import annotations

from functools import cache
from typing import Any

from ..texts import RTL_LANGUAGES, TextDataError, optional_yaml

FALLBACK_LANGUAGE = "en"


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def _load(language: str) -> dict[str, Any]:
    data = optional_yaml("prompts", f"{language}/common/ui.yaml")
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise TextDataError(f"prompts/{language}/common/ui.yaml must be a mapping")
    return data


@cache
def ui_texts(language: str) -> dict[str, Any]:
    """Every UI label in ``language``, English where the language's file has no entry."""
    base = _load(FALLBACK_LANGUAGE)
    if not base:
        raise TextDataError(f"missing data file prompts/{FALLBACK_LANGUAGE}/common/ui.yaml")
    if language == FALLBACK_LANGUAGE:
        return base
    return _merge(base, _load(language))


def direction(language: str) -> str:
    """``rtl`` for Arabic and Hebrew, else ``ltr``."""
    return "rtl" if language in RTL_LANGUAGES else "ltr"


class _Blank(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return ""


def fill(template: str, **values: object) -> str:
    """``template`` with ``{name}`` placeholders filled; unknown placeholders become empty.

    Only the template is parsed: values (names, speeches) are inserted as they are.
    """
    try:
        text = template.format_map(_Blank({k: str(v) for k, v in values.items()}))
    except (ValueError, IndexError):
        return template
    return " ".join(text.split())


def label(language: str, *path: str, default: str | None = None) -> str:
    """The label at ``path`` (e.g. ``("feed_lines", "speech")``), or ``default``, or the last key."""
    node: Any = ui_texts(language)
    for key in path:
        if not isinstance(node, dict) or key not in node:
            return default if default is not None else path[-1]
        node = node[key]
    return node if isinstance(node, str) else (default if default is not None else path[-1])


LANGUAGE_PARENTS = {"ar-LB": "ar"}
"""A regional language reads its parent's host-page switch names where it has none of its own."""


@cache
def switch_labels(language: str) -> dict[str, dict[str, str]]:
    """The host page's names for rule switches and their values (``switches``, ``values``) and the
    switches' descriptions (``descriptions``: by switch name, or ``name@ruleset`` where a switch of
    that name means something else in each ruleset) from ``prompts/<lang>/common/host_switches.yaml``
    (or the parent language's); empty where there is none."""
    for lang in (language, LANGUAGE_PARENTS.get(language)):
        if lang is None:
            continue
        data = optional_yaml("prompts", f"{lang}/common/host_switches.yaml")
        if data is None:
            continue
        if not isinstance(data, dict):
            raise TextDataError(f"prompts/{lang}/common/host_switches.yaml must be a mapping")
        words = {part: {str(k): str(v) for k, v in (data.get(part) or {}).items()} for part in ("switches", "values")}
        words["descriptions"] = _descriptions(data.get("descriptions") or {}, lang)
        return words
    return {"switches": {}, "values": {}, "descriptions": {}}


def _descriptions(data: Any, lang: str) -> dict[str, str]:
    """``descriptions``: a switch's text, or a mapping of ruleset id to text (flattened to ``name@ruleset``)."""
    if not isinstance(data, dict):
        raise TextDataError(f"prompts/{lang}/common/host_switches.yaml: 'descriptions' must be a mapping")
    flat: dict[str, str] = {}
    for name, text in data.items():
        if isinstance(text, dict):
            flat.update({f"{name}@{ruleset}": str(line) for ruleset, line in text.items()})
        else:
            flat[str(name)] = str(text)
    return flat
