"""The rulesets by id: registered by each ruleset's package, the built-in ones imported on first use.

The registry sits below the ruleset class (:mod:`.variant`, which builds on the engine), so the
engine and the act checks can find a game's ruleset by its id without importing that class:
they see it as a :class:`RegisteredRuleset`, what they ask of it. ``variant.get_ruleset``
gives the same object typed as the full ``Ruleset``.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Protocol

from . import errors
from .act_kinds import Vocabulary
from .model import Outcome, RoleInfo


class RegisteredRuleset(Protocol):
    """What the rules core below the ruleset class asks of a ruleset (``variant.Ruleset`` has it all)."""

    @property
    def id(self) -> str: ...

    @property
    def roles(self) -> Mapping[str, RoleInfo]: ...

    @property
    def center_cards(self) -> bool: ...

    @property
    def act_vocabulary(self) -> Vocabulary: ...

    def claimable_roles(self) -> frozenset[str]: ...

    def draw(self, reason: str = "day_limit") -> Outcome: ...


_REGISTRY: dict[str, RegisteredRuleset] = {}

# Built-in rulesets, imported on first use (each module calls ``variant.register``).
BUILTIN_MODULES: dict[str, str] = {
    "chinese_werewolf": "llm_werewolf.rules.variants.chinese_werewolf",
    "lebanese_ghouls": "llm_werewolf.rules.variants.lebanese_ghouls",
    "one_night": "llm_werewolf.rules.variants.one_night",
    "city_mafia": "llm_werewolf.rules.variants.city_mafia",
    "online_mafia": "llm_werewolf.rules.variants.online_mafia",
}


def add(ruleset: RegisteredRuleset) -> None:
    _REGISTRY[ruleset.id] = ruleset


def _load_builtin(variant: str) -> bool:
    module = BUILTIN_MODULES.get(variant)
    if module is None:
        return False
    try:
        importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name != module:
            raise
        return False
    return variant in _REGISTRY


def find(variant: str) -> RegisteredRuleset:
    """The ruleset registered as ``variant`` (a built-in one is imported now); :class:`UnknownVariant` if none."""
    ruleset = _REGISTRY.get(variant)
    if ruleset is not None:
        return ruleset
    if _load_builtin(variant):
        return _REGISTRY[variant]
    known = ", ".join(v.id for v in every()) or "none"
    raise errors.UnknownVariant(f"unknown variant {variant!r} (known: {known})")


def every() -> tuple[RegisteredRuleset, ...]:
    """Every ruleset, the built-in ones imported, by id."""
    for variant in BUILTIN_MODULES:
        if variant not in _REGISTRY:
            _load_builtin(variant)
    return tuple(_REGISTRY[k] for k in sorted(_REGISTRY))
