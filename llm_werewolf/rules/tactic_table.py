"""One table of a ruleset's heuristic tactics, gathered from its folder: decision kind -> tactic.

A ruleset that declares its roles' heuristic play keeps each seed role's tactics as the ``TACTICS``
mapping of a module in one package of its folder (one_night: ``actions/``; city_mafia and
chinese_werewolf: ``tactics/``) and each added role's as its unit's ``tactics``. :func:`gather_tactics`
reads both, so a new role's play needs no file outside the ruleset's folder.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable, Iterator, Mapping
from types import ModuleType
from typing import Any

from .units import UnitError


def _declared(package: ModuleType, units: Iterable[Any]) -> Iterator[tuple[str, Mapping[str, Any]]]:
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        yield module.__name__, getattr(module, "TACTICS", {})
    for unit in units:
        yield f"unit {unit.role.id}", unit.tactics


def gather_tactics(package: ModuleType, units: Iterable[Any]) -> dict[str, Any]:
    """Every tactic the modules of ``package`` and the ``units`` declare, by decision kind; a kind
    declared twice is an error (:class:`UnitError`)."""
    found: dict[str, Any] = {}
    for source, tactics in _declared(package, units):
        for kind, tactic in tactics.items():
            if kind in found:
                raise UnitError(f"{source} declares a tactic for {kind!r}, which has one already")
            found[kind] = tactic
    return found
