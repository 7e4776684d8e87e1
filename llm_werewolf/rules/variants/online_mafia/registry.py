"""The role table, filled by :mod:`.roles` on import (kept apart to avoid import cycles)."""

from __future__ import annotations

from .model import RoleSpec

ROLES: dict[str, RoleSpec] = {}


def spec(role: str) -> RoleSpec:
    return ROLES[role]
