"""Rules versions: the numbered versions of a ruleset and the switch defaults each one changed.

Every ruleset starts at version 1 (its rules as first released). A later version is one
:class:`RulesVersion` in the ruleset's ``history`` (oldest first, numbered 2, 3, ...): what
changed, the switch defaults it changed (:class:`DefaultChange`) and the changes no switch
can undo. From the history, :func:`defaults_at` gives the switch defaults of any version,
which is what a scenario written for an older version relies on (``llm-werewolf check
--pinned``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from pydantic import BaseModel

from . import errors

FIRST_VERSION = 1


class Versioned(Protocol):
    """What the versions read of a ruleset (``variant.Ruleset`` has it): its id, switches and history."""

    @property
    def id(self) -> str: ...

    @property
    def options_model(self) -> type[BaseModel]: ...

    @property
    def history(self) -> tuple[RulesVersion, ...]: ...


@dataclass(frozen=True, slots=True)
class DefaultChange:
    """One switch whose default a version changed."""

    switch: str
    before: Any
    """The value that plays the rules as they were before (for a switch the version added:
    the value that reproduces the older rules)."""
    after: Any


@dataclass(frozen=True, slots=True)
class RulesVersion:
    """One version of a ruleset after the first."""

    version: int
    summary: str
    """What changed, in one sentence (``llm-werewolf variants``)."""
    defaults: tuple[DefaultChange, ...] = ()
    unswitched: tuple[str, ...] = ()
    """Changes of the rules that no switch restores (pinned defaults cannot undo them)."""


def current_version(ruleset: Versioned) -> int:
    """The ruleset's version now: its last history entry's, else 1."""
    return ruleset.history[-1].version if ruleset.history else FIRST_VERSION


def check_version(ruleset: Versioned, version: int) -> None:
    """Raise :class:`OptionsError` unless ``version`` is one of the ruleset's versions."""
    latest = current_version(ruleset)
    if not FIRST_VERSION <= version <= latest:
        raise errors.OptionsError(f"{ruleset.id} has rules versions {FIRST_VERSION}-{latest}, not {version}")


def defaults_now(ruleset: Versioned) -> dict[str, Any]:
    """Every switch of the ruleset with its current default."""
    return {name: field.default for name, field in ruleset.options_model.model_fields.items()}


def changes_since(ruleset: Versioned, version: int) -> tuple[RulesVersion, ...]:
    """The versions after ``version``, oldest first."""
    check_version(ruleset, version)
    return tuple(entry for entry in ruleset.history if entry.version > version)


def defaults_at(ruleset: Versioned, version: int) -> dict[str, Any]:
    """Every switch with its default in ``version`` (later changes undone, newest first)."""
    defaults = defaults_now(ruleset)
    for entry in reversed(changes_since(ruleset, version)):
        for change in entry.defaults:
            defaults[change.switch] = change.before
    return defaults


def changed_defaults(ruleset: Versioned, version: int) -> dict[str, tuple[Any, Any, tuple[int, ...]]]:
    """Switches whose default differs now from ``version``'s: ``{switch: (then, now, versions)}``,
    ``versions`` being the versions that changed it (a default changed and changed back is left out)."""
    then = defaults_at(ruleset, version)
    now = defaults_now(ruleset)
    out: dict[str, tuple[Any, Any, tuple[int, ...]]] = {}
    for switch, value in now.items():
        if then[switch] != value:
            versions = tuple(
                entry.version
                for entry in changes_since(ruleset, version)
                if any(c.switch == switch for c in entry.defaults)
            )
            out[switch] = (then[switch], value, versions)
    return out


def left_at_default(ruleset: Versioned, options: Mapping[str, Any]) -> tuple[str, ...]:
    """The switches ``options`` does not set, in the options model's order."""
    return tuple(name for name in ruleset.options_model.model_fields if name not in options)
