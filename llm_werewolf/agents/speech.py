"""Short canned speeches for non-LLM agents, read from ``prompts/<lang>/.../canned.yaml``.

Lines are :class:`string.Template` strings (``$target``, ``$role``): simple
substitution only, never evaluated.
"""

from __future__ import annotations

import random
from string import Template
from typing import Any

from ..rules import SeatView
from ..texts import TextDataError, optional_yaml, role_name


def _lines(language: str, variant: str, key: str) -> list[str]:
    for relative in (f"{language}/{variant}/canned.yaml", f"{language}/common/canned.yaml"):
        data: Any = optional_yaml("prompts", relative)
        if isinstance(data, dict) and isinstance(data.get(key), list) and data[key]:
            return [str(line) for line in data[key]]
    raise TextDataError(f"no canned speech {key!r} for {language}/{variant}")


def canned_speech(
    view: SeatView,
    key: str,
    rng: random.Random,
    *,
    target: int | None = None,
    role: str | None = None,
    result: str | None = None,
) -> str:
    """One canned line in the view's language. ``target`` is a seat index, ``role`` a role id."""
    line = rng.choice(_lines(view.language, view.variant, key))
    values = {
        "target": view.names[target] if target is not None else "",
        "role": role_name(view.language, view.variant, role) if role else "",
        "result": result or "",
        "me": view.me or "",
    }
    return Template(line).safe_substitute(values)
