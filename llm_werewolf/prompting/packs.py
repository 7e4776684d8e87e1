"""Prompt packs: where prompt files are found, what a (ruleset, language) needs, and a hash of it.

A *pack* is a folder laid out like the built-in ``prompts/`` folder::

    <root>/common/system.j2 turn.j2 plan.j2 cue.j2 narrator.j2 history.j2 macros.j2
                                                                         one skeleton for every language
    <root>/<lang>/common/words.yaml vocabulary.yaml                      its words in this language
    <root>/<lang>/common/decisions.yaml                                  shared option labels and phrases
    <root>/<lang>/<variant>/rules.j2                                     rules summary
    <root>/<lang>/<variant>/decisions.yaml                               one instruction per decision kind,
                                                                         role tips, event phrases
    <root>/<lang>/<variant>/terms.yaml                                   role/side/cause names
    <root>/<lang>/<variant>/roles/<role>.yaml                            one added role's words (role_texts)

User packs are searched before the built-in folder, file by file, so a pack may
override a single template.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from ..texts import TextDataError, data_root, merge_mapping

COMMON_TEMPLATES = ("macros.j2", "history.j2", "system.j2", "turn.j2", "plan.j2", "cue.j2")
SHARED_TEMPLATES = ("macros.j2", "history.j2", "system.j2", "turn.j2", "plan.j2", "cue.j2", "narrator.j2")
"""One skeleton for every language in ``<root>/common/`` (words: ``history`` in vocabulary.yaml for the
first two, words.yaml for the others); a language folder may still hold its own copy, which is found first."""
VARIANT_FILES = ("rules.j2", "decisions.yaml")


class MissingPromptFile(TextDataError):
    """A ruleset × language lacks a prompt file; the message names the file."""


def builtin_root() -> Path:
    return data_root("prompts")


def search_roots(extra: Sequence[str | Path] = ()) -> tuple[Path, ...]:
    roots = [Path(p).expanduser().resolve() for p in extra]
    for root in roots:
        if not root.is_dir():
            raise TextDataError(f"prompt pack folder not found: {root}")
    return (*roots, builtin_root())


def find_file(roots: Sequence[Path], relative: str) -> Path | None:
    for root in roots:
        path = root / relative
        if path.is_file():
            return path
    return None


def find_common(roots: Sequence[Path], language: str, name: str) -> Path | None:
    """The language's own ``common/<name>``, else the shared skeleton's for a shared template."""
    found = find_file(roots, f"{language}/common/{name}")
    if found is None and name in SHARED_TEMPLATES:
        found = find_file(roots, f"common/{name}")
    return found


def require_pack(roots: Sequence[Path], language: str, variant: str) -> None:
    """Raise :class:`MissingPromptFile` naming the first file this ruleset × language lacks."""
    for name in COMMON_TEMPLATES:
        relative = f"{language}/common/{name}"
        if find_common(roots, language, name) is None:
            raise MissingPromptFile(f"missing prompt file prompts/{relative} (the shared layer for {language})")
    for name in VARIANT_FILES:
        relative = f"{language}/{variant}/{name}"
        if find_file(roots, relative) is None:
            raise MissingPromptFile(
                f"missing prompt file prompts/{relative}: the {variant} ruleset has no {language} prompts yet"
            )


def has_pack(roots: Sequence[Path], language: str, variant: str) -> bool:
    try:
        require_pack(roots, language, variant)
    except MissingPromptFile:
        return False
    return True


@lru_cache(maxsize=256)
def _load_yaml(path: Path, mtime_ns: int) -> Any:
    try:
        with path.open(encoding="utf-8") as handle:
            return yaml.safe_load(handle)
    except yaml.YAMLError as exc:
        raise TextDataError(f"{path}: {exc}") from None


def load_yaml(path: Path) -> Any:
    return _load_yaml(path, path.stat().st_mtime_ns)


def merged_yaml(roots: Sequence[Path], relatives: Sequence[str]) -> dict[str, Any]:
    """Merge mappings from ``relatives`` in order (later files win, one level deep).

    For each relative path the first root that has it is used.
    """
    merged: dict[str, Any] = {}
    for relative in relatives:
        path = find_file(roots, relative)
        if path is None:
            continue
        merge_mapping(merged, load_yaml(path), str(path))
    return merged


def pack_files(roots: Sequence[Path], language: str, variant: str) -> list[tuple[str, Path]]:
    """Every file the prompts of ``variant`` in ``language`` read, as (relative path, resolved path)."""
    files: dict[str, Path] = {}
    for folder in ("common", f"{language}/common", f"{language}/{variant}", f"{language}/{variant}/roles"):
        for root in reversed(roots):  # the first root wins: let it overwrite
            directory = root / folder
            if not directory.is_dir():
                continue
            for path in sorted(directory.iterdir()):
                if path.is_file() and path.suffix in (".j2", ".yaml"):
                    files[f"{folder}/{path.name}"] = path
    return sorted(files.items())


def pack_hash(roots: Sequence[Path], language: str, variant: str) -> str:
    """A digest of every prompt file a game in ``variant`` × ``language`` reads (sha256, 16 hex)."""
    digest = hashlib.sha256()
    for relative, path in pack_files(roots, language, variant):
        digest.update(relative.encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()[:16]
