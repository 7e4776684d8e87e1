"""The heuristic play of 狼人殺's roles, registered from this folder: decision kind -> tactic.

A seed role's tactics are the ``TACTICS`` of its module here (``tactics/<role>.py``); an added
role's are its unit's ``tactics`` (``units/``). Both are found here, so a new role's play needs no
other file; the heuristic player (``agents/heuristics/chinese_werewolf.py``) asks the tactic of each
night decision with its reading of the seat's view (:class:`..unit.Reading`).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator, Mapping

from llm_werewolf.rules.units import UnitError

from ..unit import Tactic
from ..units import UNITS


def _declared() -> Iterator[tuple[str, Mapping[str, Tactic]]]:
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        yield module.__name__, getattr(module, "TACTICS", {})
    for unit in UNITS:
        yield f"unit {unit.role.id}", unit.tactics


def gather() -> Mapping[str, Tactic]:
    """Every declared tactic by decision kind; a kind declared twice is an error."""
    found: dict[str, Tactic] = {}
    for source, tactics in _declared():
        for kind, tactic in tactics.items():
            if kind in found:
                raise UnitError(f"{source} declares a tactic for {kind!r}, which has one already")
            found[kind] = tactic
    return found


TACTICS: Mapping[str, Tactic] = gather()
"""The heuristic player's answer to each night decision kind of the ruleset."""
