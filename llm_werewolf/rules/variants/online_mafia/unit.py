"""What an online_mafia role unit holds: a role added as one module in ``units/`` (see :mod:`.units`).

The night resolver is generic: it reads a role's :class:`~.model.RoleSpec` and calls its small
functions, so a unit is the spec plus where the role wakes. Its ability runs in the spec's
``stage`` (control, protection, attacks, then conversions and investigations), by wake step
and seat inside a stage, like the seed's roles. The spec's ``step`` is either a step of the
seed's wake order (the role wakes with that group, e.g. ``mafia``) or a new step of its own,
placed right after ``wake_after``. Its Investigator group is one of the existing groups.

Build one with :func:`om_unit`; the role table, the wake order, the declared vocabulary and
the rules text take it in without another edit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from llm_werewolf.rules import RoleInfo
from llm_werewolf.rules.units import RoleUnit, UnitError

from .model import GROUP_FACTIONS, RoleSpec


@dataclass(frozen=True, kw_only=True)
class OMUnit(RoleUnit):
    """An online_mafia role unit: its card (``role``), its rules (``spec``) and its wake place."""

    spec: RoleSpec
    wake_after: str | None = None
    """For a role with a wake step of its own: the step it follows (``None``: it joins ``spec.step``,
    a step that exists already, or never wakes when ``spec.step`` is ``None``)."""


def om_unit(
    spec: RoleSpec,
    *,
    description: str,
    wake_after: str | None = None,
    decision_kinds: Mapping[str, str] | None = None,
    death_causes: Mapping[str, str] | None = None,
    announcement_keys: Mapping[str, str] | None = None,
    statuses: Mapping[str, str] | None = None,
) -> OMUnit:
    """The unit of ``spec``: its card follows the spec (side = the group faction, power)."""
    if spec.faction not in GROUP_FACTIONS:
        raise UnitError(
            f"role unit {spec.id!r}: a {spec.faction.value} role needs a place in the win priority "
            "(priority.py); role units are town, mafia or cult roles"
        )
    if wake_after is not None and spec.step is None:
        raise UnitError(f"role unit {spec.id!r}: wake_after needs a wake step (spec.step)")
    return OMUnit(
        role=RoleInfo(spec.id, spec.faction.value, power=spec.power, description=description),
        spec=spec,
        wake_after=wake_after,
        decision_kinds=dict(decision_kinds or {}),
        death_causes=dict(death_causes or {}),
        announcement_keys=dict(announcement_keys or {}),
        statuses=dict(statuses or {}),
    )
