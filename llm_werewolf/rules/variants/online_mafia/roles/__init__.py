"""Every role of online_mafia: one spec each (data) plus its small action functions.

Importing this package fills :data:`..registry.ROLES` with the seed's roles and those of the role
units (``..units``: one module per added role), and places the units in the wake order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..asking import AskCtx
from ..model import Faction, RoleSpec
from ..registry import ROLES
from ..unit import Tactic
from ..units import UNITS
from ..wake import STEP_OF_ROLE, place_units
from ..work import Action
from .cult import CULT_ROLES
from .killers import KILLER_ROLES
from .mafia import MAFIA_ROLES, merge_mafia_kill
from .neutrals import NEUTRAL_ROLES
from .town import TOWN_ROLES

SEED_SPECS: tuple[RoleSpec, ...] = TOWN_ROLES + MAFIA_ROLES + CULT_ROLES + KILLER_ROLES + NEUTRAL_ROLES
"""The roles of the seed (and RULES_NOTES §4)."""
ALL_SPECS: tuple[RoleSpec, ...] = SEED_SPECS + tuple(unit.spec for unit in UNITS)

Merger = Callable[[list[Action], AskCtx], list[Action]]
MERGERS: tuple[Merger, ...] = (merge_mafia_kill,)
"""Team actions combined from several seats' answers (the mafia's one kill)."""


def _check(specs: tuple[RoleSpec, ...]) -> None:
    ids = [s.id for s in specs]
    if len(set(ids)) != len(ids):
        raise RuntimeError("online_mafia: duplicate role ids")
    for spec in specs:
        if spec.step is not None and STEP_OF_ROLE.get(spec.id) != spec.step:
            raise RuntimeError(f"online_mafia: {spec.id} is not in wake step {spec.step!r}")
    missing = sorted(set(STEP_OF_ROLE) - set(ids))
    if missing:
        raise RuntimeError(f"online_mafia: wake order roles without a spec: {missing}")


place_units(UNITS)
_check(ALL_SPECS)
ROLES.update({spec.id: spec for spec in ALL_SPECS})


def _tactics(specs: tuple[RoleSpec, ...]) -> Mapping[str, Tactic]:
    """Every role's tactics by decision kind; roles asked the same kind must answer it alike."""
    table: dict[str, Tactic] = {}
    for spec in specs:
        for kind, tactic in spec.tactics.items():
            if table.setdefault(kind, tactic) is not tactic:
                raise RuntimeError(f"online_mafia: {spec.id} answers {kind!r} unlike another role")
    return table


def seed_roles_of(faction: Faction) -> frozenset[str]:
    """The seed's roles of ``faction``."""
    return frozenset(spec.id for spec in SEED_SPECS if spec.faction is faction)


TACTICS: Mapping[str, Tactic] = _tactics(ALL_SPECS)
"""The heuristic player's answer to each night decision (and the Volunteer's offer), by kind."""
ROLE_IDS: tuple[str, ...] = tuple(spec.id for spec in ALL_SPECS)
FACTION_OF: Mapping[str, Faction] = {spec.id: spec.faction for spec in ALL_SPECS}

__all__ = ["ALL_SPECS", "FACTION_OF", "MERGERS", "ROLES", "ROLE_IDS", "SEED_SPECS", "TACTICS", "UNITS", "seed_roles_of"]
