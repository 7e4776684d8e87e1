"""The rules a seat reads, rendered from the table: the deck that was dealt and the switches that were set.

``prompts/<lang>/<variant>/rules.j2`` describes only the roles of the deck (``has.<role>``) and
reads the switches (``rules.<switch>``). The sentence that states a switch comes from
``prompts/<lang>/<variant>/rules.yaml`` ``switches``: one Jinja template per value (``true``/``false``,
the enum value, or ``other``), or a single template that uses ``value``. The renderer passes the
chosen sentences to ``rules.j2`` as ``told.<switch>``, so the wording always follows the value.

:data:`SWITCH_ROLES` says which roles a switch needs before it matters (the witch's self-save is
not told when there is no witch); :data:`UNTOLD` lists the switches deliberately left out of the
rules text, each with its reason. ``tests/prompting/test_rules_text.py`` checks that every switch of
every options model is one or the other, so a new switch cannot be forgotten.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from jinja2 import TemplateError
from pydantic import ValidationError

from ..role_texts import role_rules
from ..rules import SeatView, get_ruleset
from ..rules.events import GameStarted
from ..texts import TextDataError
from .environment import string_template
from .packs import merged_yaml

BASE_UNTOLD: Mapping[str, str] = {
    "max_days": "a safety limit of the table, not a rule of the game",
    "max_speech_chars": "the answer format states the speech limit",
}

UNTOLD: Mapping[str, Mapping[str, str]] = {
    "chinese_werewolf": {
        "with_cupid": "board building: the dealt deck shows it",
        "with_thief": "board building: the dealt deck shows it",
        "with_little_girl": "board building: the dealt deck shows it",
        "with_guard": "board building: the dealt deck shows it",
        "require_seer": "a deck check before the deal",
        "require_villager": "a deck check before the deal",
    },
    "lebanese_ghouls": {},
    "one_night": {},
    "city_mafia": {},
    "online_mafia": {"preset": "the lobby's role list: the dealt deck shows it"},
}
"""Per ruleset, the switches the rules text does not state (besides :data:`BASE_UNTOLD`), with why."""

SWITCH_ROLES: Mapping[str, Mapping[str, tuple[str, ...]]] = {
    "chinese_werewolf": {
        "thief_must_take_wolf": ("thief",),
        "same_guard_same_save_dies": ("guard", "witch"),
        "witch_self_save": ("witch",),
        "little_girl_caught_probability": ("little_girl",),
        "witch_told_victim": ("witch",),
        "guard_same_twice": ("guard",),
        "hunter_shot_timing": ("hunter",),
        "mixed_lovers": ("cupid",),
    },
    "lebanese_ghouls": {"jara_caught_probability": ("jara",), "hunter_shoots_on": ("sayyad",)},
    "one_night": {"minion_only_death_wolfless": ("minion",)},
    "city_mafia": {"leaderless_disagreement": ("mafia",)},
    "online_mafia": {},
}
"""Per ruleset, the roles a switch needs in the deck before it changes anything (all of them)."""


class RulesTextError(TextDataError):
    """``rules.yaml`` is malformed or one of its sentences failed to render."""


def untold(variant: str) -> dict[str, str]:
    """Every switch of ``variant`` the rules text leaves out, with the reason."""
    return {**BASE_UNTOLD, **UNTOLD.get(variant, {})}


def applies(variant: str, switch: str, deck: Sequence[str] | frozenset[str]) -> bool:
    """Whether ``switch`` can change anything with this deck (its roles are all dealt)."""
    cards = set(deck)
    return all(role in cards for role in SWITCH_ROLES.get(variant, {}).get(switch, ()))


def table_options(variant: str, raw: Mapping[str, Any] | None) -> dict[str, Any]:
    """Every switch of the table in JSON form, defaults filled in (unknown or bad values: defaults)."""
    model = get_ruleset(variant).options_model
    given = dict(raw or {})
    try:
        return model.model_validate(given).model_dump(mode="json")
    except ValidationError:
        pass
    kept: dict[str, Any] = {}
    for name, value in given.items():
        if name not in model.model_fields:
            continue
        try:
            model.model_validate({**kept, name: value})
        except ValidationError:
            continue
        kept[name] = value
    return model.model_validate(kept).model_dump(mode="json")


def view_options(view: SeatView) -> dict[str, Any]:
    """The table's switches as the seat was told them (the ``GameStarted`` record), defaults filled."""
    for record in view.records[:3]:
        if isinstance(record.event, GameStarted):
            return table_options(view.variant, record.event.options)
    return table_options(view.variant, {})


def value_key(value: Any) -> str:
    """The ``rules.yaml`` key of a switch value: ``true``/``false``, the enum value, a number."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, list | tuple):
        return ",".join(str(v) for v in value)
    return str(value)


def switch_entries(roots: tuple[Path, ...], language: str, variant: str) -> dict[str, Any]:
    """``rules.yaml`` ``switches`` of one ruleset × language (empty when there is no such file)."""
    data = merged_yaml(roots, [f"{language}/{variant}/rules.yaml"])
    entries = data.get("switches") or {}
    if not isinstance(entries, dict):
        raise RulesTextError(f"prompts/{language}/{variant}/rules.yaml: `switches` must be a mapping")
    return entries


def sentence_source(entry: Any, value: Any) -> str:
    """The template that states ``value`` ("" when the entry has none for it)."""
    if isinstance(entry, str):
        return entry
    if isinstance(entry, dict):
        source = entry.get(value_key(value), entry.get("other"))
        return source if isinstance(source, str) else ""
    return ""


def render_sentence(roots: tuple[Path, ...], source: str, context: Mapping[str, Any], where: str) -> str:
    try:
        return string_template(roots, source).render(context).strip()
    except TemplateError as exc:
        raise RulesTextError(f"{where}: {type(exc).__name__}: {exc}") from None


def told_switches(
    roots: tuple[Path, ...], language: str, variant: str, rules: Mapping[str, Any], context: Mapping[str, Any]
) -> dict[str, str]:
    """``told.<switch>``: the sentence stating each switch as set ("" for a switch without one)."""
    told = dict.fromkeys(rules, "")
    for name, entry in switch_entries(roots, language, variant).items():
        value = rules.get(name)
        source = sentence_source(entry, value)
        if source:
            where = f"prompts/{language}/{variant}/rules.yaml switches.{name}"
            told[name] = render_sentence(roots, source, {**context, "value": value}, where)
    return told


def role_flags(variant: str, deck: Sequence[str]) -> dict[str, bool]:
    """``has.<role>`` for every role of the ruleset: whether the deck (extra cards included) holds it."""
    cards = set(deck)
    return {role: role in cards for role in get_ruleset(variant).roles}


def dealt_role_rules(
    roots: tuple[Path, ...], language: str, variant: str, deck: Sequence[str], context: Mapping[str, Any]
) -> list[str]:
    """The ``rules`` sentences of the dealt roles' role files (``prompts/<lang>/<variant>/roles/``), rendered.

    ``common/system.j2`` prints them right after ``rules.j2``: a role added in one role file is
    explained without editing the ruleset's rules text.
    """
    cards = set(deck)
    sentences = []
    for role, source in role_rules(roots, language, variant).items():
        if role in cards:
            where = f"prompts/{language}/{variant}/roles/{role}.yaml rules"
            sentences.append(render_sentence(roots, source, context, where))
    return [s for s in sentences if s]
