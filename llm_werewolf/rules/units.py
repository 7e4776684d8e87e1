"""Role units: a role added to a ruleset as one module, with its card and its vocabulary.

A ruleset that accepts role units has a ``units`` subpackage; every module in it defines
``UNIT``, an instance of the ruleset's :class:`RoleUnit` subclass (which adds the ruleset's
hooks: where the rules ask a unit, e.g. "does this death happen?"). :func:`discover` imports
them all, in module-name order, so a new role is one new file: the ruleset's role table and its
declared vocabulary (decision kinds, death causes, announcement keys, statuses, posthumous
kinds) take the units' in: the ruleset class names them (``units = UNITS``) and the base class
adds their vocabulary to its own (``variant.add_units``). Its words
are one role file per language (:mod:`llm_werewolf.role_texts`).

Every ruleset takes units; their unit classes: ``chinese_werewolf`` (``CWUnit``), ``city_mafia``
(``CityUnit``), ``one_night`` (``OneNightUnit``), ``online_mafia`` (``OMUnit``) and
``lebanese_ghouls`` (``LGUnit``), each in ``variants/<id>/unit.py`` with the hooks its rules ask
(docs/architecture.md, "How to add a role").
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import TypeVar

from .act_kinds import Fact
from .model import RoleInfo

U = TypeVar("U", bound="RoleUnit")


@dataclass(frozen=True)
class RoleUnit:
    """One role's card and what it adds to the ruleset's declared vocabulary."""

    role: RoleInfo
    decision_kinds: Mapping[str, str] = field(default_factory=dict)
    death_causes: Mapping[str, str] = field(default_factory=dict)
    announcement_keys: Mapping[str, str] = field(default_factory=dict)
    statuses: Mapping[str, str] = field(default_factory=dict)
    posthumous_kinds: frozenset[str] = frozenset()
    facts: tuple[Fact, ...] = ()
    """The results its holder can report in a speech; one the ruleset declares already (same id)
    gains the unit's role, and must then have the same shape (:func:`facts_with_units`)."""


class UnitError(RuntimeError):
    """A role unit is malformed or declares what the ruleset already has."""


def discover(package: str, kind: type[U]) -> tuple[U, ...]:
    """Every ``UNIT`` of the modules in ``package`` (module-name order); each must be a ``kind``."""
    module = importlib.import_module(package)
    units: list[U] = []
    for info in sorted(pkgutil.iter_modules(module.__path__), key=lambda m: m.name):
        found = getattr(importlib.import_module(f"{package}.{info.name}"), "UNIT", None)
        if not isinstance(found, kind):
            raise UnitError(f"{package}.{info.name} must define UNIT, a {kind.__name__}")
        units.append(found)
    return tuple(units)


def with_units(
    base: Mapping[str, str], units: Iterable[RoleUnit], part: Callable[[RoleUnit], Mapping[str, str]], what: str
) -> Mapping[str, str]:
    """``base`` with every unit's ``part`` added; a key declared twice is an error."""
    merged = dict(base)
    for unit in units:
        for key, meaning in part(unit).items():
            if key in merged:
                raise UnitError(f"role unit {unit.role.id!r} declares {what} {key!r}, which is already declared")
            merged[key] = meaning
    return merged


def roles_with_units(base: Mapping[str, RoleInfo], units: Iterable[RoleUnit]) -> Mapping[str, RoleInfo]:
    """The role table with every unit's card added; a role declared twice is an error."""
    merged = dict(base)
    for unit in units:
        if unit.role.id in merged:
            raise UnitError(f"role unit {unit.role.id!r}: the ruleset already has that role")
        merged[unit.role.id] = unit.role
    return merged


def kinds_with_units(base: frozenset[str], units: Iterable[RoleUnit]) -> frozenset[str]:
    """Posthumous decision kinds with the units' added."""
    return base.union(*(unit.posthumous_kinds for unit in units))


def facts_with_units(base: Iterable[Fact], units: Iterable[RoleUnit]) -> tuple[Fact, ...]:
    """The ruleset's speech results with every unit's added, in declaration order.

    A unit's result with an id already declared adds the unit's role and decision kinds to it
    (the Apprentice Seer reports ``saw_center`` as the Seer does); it must then take the same
    values and seats, and be learned the same way.
    """
    merged: dict[str, Fact] = {fact.id: fact for fact in base}
    for unit in units:
        for fact in unit.facts:
            known = merged.get(fact.id)
            if known is None:
                merged[fact.id] = fact
                continue
            if replace(fact, roles=known.roles, decisions=known.decisions) != known:
                raise UnitError(f"role unit {unit.role.id!r} declares result {fact.id!r} with another shape")
            merged[fact.id] = replace(
                known,
                roles=known.roles + tuple(r for r in fact.roles if r not in known.roles),
                decisions=known.decisions + tuple(d for d in fact.decisions if d not in known.decisions),
            )
    return tuple(merged.values())
