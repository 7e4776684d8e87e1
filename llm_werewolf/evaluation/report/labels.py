"""Display names for report rows: roles in the ruleset's own language next to their ids."""

from __future__ import annotations

from ...rules import get_ruleset
from ...rules.errors import UnknownVariant
from ...texts import TextDataError, role_name


def role_label(key: str) -> str:
    """``chinese_werewolf/seer`` -> ``預言家 (seer)``: the source-language name, then the id."""
    variant, _, role = key.partition("/")
    if not role:
        return key
    try:
        language = get_ruleset(variant).source_language
        name = role_name(language, variant, role)
    except (UnknownVariant, TextDataError):
        return key
    return role if name == role else f"{name} ({role})"
