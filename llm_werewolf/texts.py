"""Player-facing text as data: where the prompts/ and personas/ folders live, and YAML loading.

Text never lives in Python: role names, canned speeches, narration lines and
prompt templates are files under ``prompts/<lang>/`` and ``personas/``. In a
source checkout they are read from the repository; in an installed wheel from
``llm_werewolf/_data/``.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Literal

import yaml

from .role_texts import TextDataError as TextDataError  # the error of every text loader, here and there
from .role_texts import layered

SafeLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's safe loader when PyYAML was built with it (about ten times faster; every data file loads to
the same value, ``tests/test_texts_loader.py``), else the pure-Python one."""

DataKind = Literal["prompts", "personas"]

LANGUAGES: tuple[str, ...] = ("en", "zh-Hant", "ar-LB", "ar", "ru", "he")
RTL_LANGUAGES = frozenset({"ar-LB", "ar", "he"})


@cache
def data_root(kind: DataKind) -> Path:
    """The folder holding ``prompts`` or ``personas`` (packaged copy first, then the checkout)."""
    package_dir = Path(__file__).resolve().parent
    packaged = package_dir / "_data" / kind
    if packaged.is_dir():
        return packaged
    checkout = package_dir.parent / kind
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(f"cannot find the {kind}/ folder (looked in {packaged} and {checkout})")


@lru_cache(maxsize=512)
def load_yaml(kind: DataKind, relative: str) -> Any:
    """Parse one YAML file under ``prompts/`` or ``personas/`` (cached)."""
    path = data_root(kind) / relative
    if not path.is_file():
        raise TextDataError(f"missing data file {kind}/{relative}")
    try:
        with path.open(encoding="utf-8") as handle:
            return yaml.load(handle, Loader=SafeLoader)  # a safe loader
    except yaml.YAMLError as exc:
        raise TextDataError(f"{kind}/{relative}: {exc}") from None


def optional_yaml(kind: DataKind, relative: str) -> Any:
    """Like :func:`load_yaml` but ``None`` when the file does not exist."""
    if not (data_root(kind) / relative).is_file():
        return None
    return load_yaml(kind, relative)


@lru_cache(maxsize=256)
def terms(language: str, variant: str) -> dict[str, Any]:
    """Vocabulary for one ruleset in one language: ``roles``, ``sides``, ``causes``...

    Merges ``prompts/<lang>/common/terms.yaml`` with ``prompts/<lang>/<variant>/terms.yaml``
    (the variant file wins) and the role files' ``terms`` (:mod:`llm_werewolf.role_texts`).
    """
    merged: dict[str, Any] = {}
    for relative in (f"{language}/common/terms.yaml", f"{language}/{variant}/terms.yaml"):
        merge_mapping(merged, optional_yaml("prompts", relative), f"prompts/{relative}")
    return layered(merged, (data_root("prompts"),), language, variant, "terms")


def merge_mapping(merged: dict[str, Any], data: Any, where: str) -> None:
    """Layer one YAML mapping over ``merged`` (nested mappings merge one level deep; ``None`` adds nothing)."""
    if data is None:
        return
    if not isinstance(data, dict):
        raise TextDataError(f"{where} must be a mapping")
    for key, value in data.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = {**merged[key], **value}
        else:
            merged[key] = value


def default_names(language: str, players: int) -> tuple[str, ...]:
    """Seat names in the game's language (``prompts/<lang>/common/names.yaml``), ``P<n>`` past the list."""
    data = optional_yaml("prompts", f"{language}/common/names.yaml") or load_yaml("prompts", "en/common/names.yaml")
    names = [str(n) for n in data.get("names", [])]
    names += [f"P{i + 1}" for i in range(len(names), players)]
    return tuple(names[:players])


def role_name(language: str, variant: str, role: str) -> str:
    """The localized name of a role (the role id when no name is on file)."""
    names = terms(language, variant).get("roles", {})
    name = names.get(role) if isinstance(names, dict) else None
    return name if isinstance(name, str) else role
