"""Display names for report rows: roles in the ruleset's own language next to their ids."""

from __future__ import annotations

from ...describe import vocabulary
from ...rules import get_ruleset
from ...rules.errors import UnknownVariant
from ...texts import RTL_LANGUAGES, TextDataError

FSI, PDI = "\u2068", "\u2069"


def role_label(key: str, *, isolate: bool = False) -> str:
    """``chinese_werewolf/seer`` -> ``預言家 (seer)``: the source-language name, then the id.

    With ``isolate`` a right-to-left name is bidi-isolated (FSI…PDI), so a table cell reads
    ``اللص (robber)`` and not ``(robber) اللص``; plots draw labels themselves and leave it off.
    """
    variant, _, role = key.partition("/")
    if not role:
        return key
    try:
        language = get_ruleset(variant).source_language
        name = vocabulary(language, variant).role(role)
    except (UnknownVariant, TextDataError):
        return key
    if name == role:
        return role
    if isolate and language in RTL_LANGUAGES:
        name = f"{FSI}{name}{PDI}"
    return f"{name} ({role})"
