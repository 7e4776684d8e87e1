"""Display names for report rows: roles, sides, rulesets and languages in the report's language.

An English report names a role in its ruleset's own language next to its id (``預言家 (seer)``), as a
reader of many rulesets needs; a report in another language names roles, sides and rulesets in that
language where the ruleset is played in it (in the same language family: an Arabic report names the
Lebanese ghouls' cards in Lebanese Arabic), else rulesets and sides by the report's own words
(``rulesets``, ``sides`` in report.yaml) and roles in the ruleset's own language; never an id.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...describe import vocabulary
from ...rules import get_ruleset
from ...rules.errors import UnknownVariant
from ...texts import RTL_LANGUAGES, TextDataError
from .words import ENGLISH, ReportWords

FSI, PDI = "\u2068", "\u2069"


def table_language(variant: str, language: str) -> str | None:
    """The language ``variant``'s words are shown in for a reader of ``language``; ``None``: no such ruleset."""
    try:
        ruleset = get_ruleset(variant)
    except UnknownVariant:
        return None
    if language in ruleset.languages:
        return language
    base = language.split("-")[0]
    related = [lang for lang in ruleset.languages if lang.split("-")[0] == base]
    return related[0] if related else ruleset.source_language


def role_label(key: str, *, isolate: bool = False, language: str = ENGLISH) -> str:
    """``chinese_werewolf/seer`` -> ``預言家 (seer)`` in English; the card's name alone in another language.

    With ``isolate`` a right-to-left name is bidi-isolated (FSI…PDI), so a table cell reads
    ``اللص (robber)`` and not ``(robber) اللص``; plots draw labels themselves and leave it off.
    """
    variant, _, role = key.partition("/")
    if not role:
        return key
    shown = table_language(variant, ENGLISH if language == ENGLISH else language)
    if shown is None:
        return key
    if language == ENGLISH:
        shown = get_ruleset(variant).source_language
    try:
        name = vocabulary(shown, variant).role(role)
    except TextDataError:
        return key
    if language != ENGLISH:
        return name
    if name == role:
        return role
    if isolate and shown in RTL_LANGUAGES:
        name = f"{FSI}{name}{PDI}"
    return f"{name} ({role})"


def ruleset_label(variant: str, language: str) -> str:
    """A ruleset's name for the reader (its id in an English report)."""
    shown = table_language(variant, language)
    if language == ENGLISH or shown is None:
        return variant
    if shown.split("-")[0] != language.split("-")[0]:  # not played in the reader's language: the report's words
        named = ReportWords(language).optional("rulesets", variant)
        if named is not None:
            return named
    return vocabulary(shown, variant).game_title()


def side_label(side: str, variants: Iterable[str], language: str) -> str:
    """A side's name (``village``) in the first ruleset of ``variants`` that has it, the reader's rulesets first."""
    if language == ENGLISH:
        return side
    ordered = sorted(variants, key=lambda v: table_language(v, language) != language)
    for variant in ordered:
        shown = table_language(variant, language)
        if shown is None:
            continue
        if shown.split("-")[0] != language.split("-")[0]:  # not played in the reader's language
            named = ReportWords(language).optional("sides", side)
            if named is not None:
                return named
        words = vocabulary(shown, variant)
        if words.has("sides", side) or words.has("factions", side):
            return words.side(side)
    return side.replace("_", " ")


def ruleset_side_label(key: str, words: ReportWords) -> str:
    """``one_night/village`` (a side effect of the ratings): the side's name within its ruleset."""
    if words.language == ENGLISH:
        return key
    variant, _, side = key.partition("/")
    return words.text(
        "markers.side_of_ruleset",
        ruleset=ruleset_label(variant, words.language),
        side=side_label(side, [variant], words.language),
    )


def language_label(language: str, words: ReportWords) -> str:
    """A table language's name (``zh-Hant`` in an English report stays its code)."""
    if words.language == ENGLISH:
        return language
    return words.optional("languages", language) or language
