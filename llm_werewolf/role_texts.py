"""One role's text per language in one file: ``prompts/<lang>/<variant>/roles/<role>.yaml``.

A ruleset's text in a language is spread over ``terms.yaml`` (names), ``decisions.yaml``
(instructions), ``narration.yaml`` (the moderator's lines) and ``rules.j2`` (the rules
summary). A role added to a ruleset keeps all of its words in one role file instead, by the
file each part extends::

    name: 白癡                 # the role's name (terms.yaml roles.<role>)
    rules: "..."               # a Jinja sentence the rules text adds when the role is dealt
    terms: {...}               # more of terms.yaml: causes, statuses, announcements, cues, options
    decisions: {...}           # more of decisions.yaml: kinds (instructions), briefs, roles (tips), options
    narration: {...}           # more of narration.yaml: the lines of the role's moments
    vocabulary: {...}          # more of the ruleset's vocabulary.yaml (word forms: gender, cases), for
                               # the describer (llm_werewolf.describe) to lay over it the same way

Every loader of those files layers the role files over them (a role file wins), so nothing
else changes when a role is added. The role id is the file's stem. User prompt packs may
carry role files too (``<pack>/<lang>/<variant>/roles/<role>.yaml``; the first root that
has a role's file wins).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

ROLE_DIR = "roles"
SECTIONS = ("terms", "decisions", "narration", "vocabulary")
KEYS = frozenset({"name", "rules", *SECTIONS})


class TextDataError(ValueError):
    """A text data file is missing or malformed (raised by the loaders here and in :mod:`llm_werewolf.texts`)."""


def merge_deep(merged: dict[str, Any], data: Any, where: str) -> None:
    """Lay ``data`` over ``merged`` at every depth (a role file may add one line to a nested
    group, e.g. ``terms.cues.wake.<step>``, and keep the group's other lines)."""
    if data is None:
        return
    if not isinstance(data, dict):
        raise TextDataError(f"{where} must be a mapping")
    for key, value in data.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            inner = dict(merged[key])
            merge_deep(inner, value, where)
            merged[key] = inner
        else:
            merged[key] = value


def role_files(roots: Sequence[Path], language: str, variant: str) -> dict[str, Path]:
    """Role id -> its file for ``variant`` in ``language`` (the first root that has it wins), by id."""
    found: dict[str, Path] = {}
    for root in roots:
        directory = root / language / variant / ROLE_DIR
        if not directory.is_dir():
            continue
        for path in sorted(directory.glob("*.yaml")):
            found.setdefault(path.stem, path)
    return dict(sorted(found.items()))


@lru_cache(maxsize=256)
def _parsed(path: Path, mtime_ns: int) -> dict[str, Any]:
    try:
        with path.open(encoding="utf-8") as handle:
            data = yaml.safe_load(handle)
    except yaml.YAMLError as exc:
        raise TextDataError(f"{path}: {exc}") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise TextDataError(f"{path}: a role file must be a mapping ({', '.join(sorted(KEYS))})")
    unknown = sorted(str(k) for k in data if k not in KEYS)
    if unknown:
        raise TextDataError(f"{path}: unknown key {', '.join(unknown)} (a role file has {', '.join(sorted(KEYS))})")
    for key in ("name", "rules"):
        if key in data and not isinstance(data[key], str):
            raise TextDataError(f"{path}: {key!r} must be a string")
    for key in SECTIONS:
        if data.get(key) is not None and not isinstance(data[key], dict):
            raise TextDataError(f"{path}: {key!r} must be a mapping")
    return data


def role_file(path: Path) -> dict[str, Any]:
    """One role file, checked (cached while the file is unchanged)."""
    return _parsed(path, path.stat().st_mtime_ns)


def role_section(roots: Sequence[Path], language: str, variant: str, section: str) -> dict[str, Any]:
    """What the role files add to ``section`` (one of :data:`SECTIONS`), merged."""
    if section not in SECTIONS:
        raise ValueError(f"no role-file section {section!r}")
    merged: dict[str, Any] = {}
    for role, path in role_files(roots, language, variant).items():
        data = role_file(path)
        layer = dict(data.get(section) or {})
        if section == "terms" and "name" in data:
            names = layer.get("roles")
            layer["roles"] = {**(names if isinstance(names, dict) else {}), role: data["name"]}
        merge_deep(merged, layer, str(path))
    return merged


def role_rules(roots: Sequence[Path], language: str, variant: str) -> dict[str, str]:
    """Role id -> the Jinja sentence its file adds to the rules text (roles without one left out)."""
    rules: dict[str, str] = {}
    for role, path in role_files(roots, language, variant).items():
        source = role_file(path).get("rules")
        if isinstance(source, str) and source.strip():
            rules[role] = source
    return rules


def layered(merged: dict[str, Any], roots: Sequence[Path], language: str, variant: str, section: str) -> dict[str, Any]:
    """``merged`` (a ruleset's ``<section>.yaml`` as loaded) with the role files laid over it, in place."""
    merge_deep(merged, role_section(roots, language, variant, section), f"prompts/{language}/{variant}/{ROLE_DIR}")
    return merged
