"""Helpers shared by CLI commands."""

from __future__ import annotations

import json
from typing import Any

from ..texts import default_names


class UsageError(Exception):
    """A bad argument: printed as one line, exit code 2."""


def parse_options(items: list[str] | None) -> dict[str, Any]:
    """``["tie_policy=none", "max_days=5"]`` -> ``{"tie_policy": "none", "max_days": 5}``."""
    out: dict[str, Any] = {}
    for item in items or []:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"bad --option {item!r}: write NAME=VALUE")
        try:
            value: Any = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        out[key.strip()] = value
    return out


def seat_names(language: str, players: int) -> tuple[str, ...]:
    """Default seat names in the game's language."""
    return default_names(language, players)
