"""The seed's night wake order ("סדר התעוררות בלילה"), step by step.

A step is called by its role id, or by a group id where the seed wakes several
roles together (``mafia``, ``guild``, ``cult``). Jinx and Butler wake on night 1 only.

Role units (``units/``) join a step or add their own after one: :func:`place_units` (called
when the role table is filled, :mod:`.roles`) extends :data:`WAKE_ORDER`, :data:`STEP_INDEX`,
:data:`STEP_OF_ROLE` and :data:`FIRST_NIGHT_ONLY` in place, so every importer sees one order.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from llm_werewolf.rules.units import UnitError

from .model import Nights

if TYPE_CHECKING:
    from .unit import OMUnit

Order = tuple[tuple[str, tuple[str, ...]], ...]

SEED_WAKE_ORDER: Order = (
    ("necromancer", ("necromancer",)),
    ("witch", ("witch",)),
    ("jinx", ("jinx",)),
    ("escort", ("escort",)),
    (
        "mafia",
        (
            "femme_fatale",
            "framer",
            "blackmailer",
            "disguiser",
            "accomplice",
            "consigliere",
            "janitor",
            "godfather",
            "mafioso",
        ),
    ),
    ("butler", ("butler",)),
    ("spy", ("spy",)),
    ("guild", ("guild_member", "infiltrator")),
    ("detective", ("detective",)),
    ("doctor", ("doctor",)),
    ("bodyguard", ("bodyguard",)),
    ("twin_soul", ("twin_soul",)),
    ("outlaw", ("outlaw",)),
    ("martyr", ("martyr",)),
    ("serial_killer", ("serial_killer",)),
    ("werewolf", ("werewolf",)),
    ("butcher", ("butcher",)),
    ("cult", ("mimic", "cult_leader", "cult_member")),
    ("veteran", ("veteran",)),
    ("survivor", ("survivor",)),
    ("mask_artist", ("mask_artist",)),
    ("undertaker", ("undertaker",)),
    ("thief", ("thief",)),
    ("judge", ("judge",)),
    ("amnesiac", ("amnesiac",)),
    ("lookout", ("lookout",)),
    ("investigator", ("investigator",)),
)

SEED_FIRST_NIGHT_ONLY = frozenset({"jinx", "butler"})
"""Steps the seed marks "night 1 only"."""

WAKE_ORDER: list[tuple[str, tuple[str, ...]]] = list(SEED_WAKE_ORDER)
"""The wake order of this build: the seed's, with the role units' steps and roles placed."""
FIRST_NIGHT_ONLY: set[str] = set(SEED_FIRST_NIGHT_ONLY)
STEP_INDEX: dict[str, int] = {}
STEP_OF_ROLE: dict[str, str] = {}


def with_units(order: Order, units: Iterable[OMUnit]) -> tuple[Order, frozenset[str]]:
    """``order`` with each unit's role in its step (a new step right after ``wake_after``), and the
    units' own steps that wake on night 1 only."""
    steps = [(step, list(roles)) for step, roles in order]
    first_only: set[str] = set()
    for unit in units:
        spec = unit.spec
        if spec.step is None:
            continue
        names = [step for step, _ in steps]
        if unit.wake_after is None:
            if spec.step not in names:
                raise UnitError(f"role unit {spec.id!r}: no wake step {spec.step!r} (give wake_after for a new one)")
            steps[names.index(spec.step)][1].append(spec.id)
            continue
        if spec.step in names:
            raise UnitError(f"role unit {spec.id!r}: wake step {spec.step!r} exists already (drop wake_after)")
        if unit.wake_after not in names:
            raise UnitError(f"role unit {spec.id!r}: wake_after {unit.wake_after!r} is not a wake step")
        steps.insert(names.index(unit.wake_after) + 1, (spec.step, [spec.id]))
        if spec.nights is Nights.FIRST:
            first_only.add(spec.step)
    return tuple((step, tuple(roles)) for step, roles in steps), frozenset(first_only)


def place_units(units: Iterable[OMUnit]) -> None:
    """Rebuild the module's order tables, in place, from the seed's order and ``units``."""
    order, first_only = with_units(SEED_WAKE_ORDER, units)
    WAKE_ORDER[:] = order
    FIRST_NIGHT_ONLY.clear()
    FIRST_NIGHT_ONLY.update(SEED_FIRST_NIGHT_ONLY | first_only)
    STEP_INDEX.clear()
    STEP_INDEX.update({step: index for index, (step, _) in enumerate(order)})
    STEP_OF_ROLE.clear()
    STEP_OF_ROLE.update({role: step for step, roles in order for role in roles})


place_units(())
