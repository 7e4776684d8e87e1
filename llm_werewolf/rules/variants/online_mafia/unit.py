"""What an online_mafia role unit holds: a role added as one module in ``units/`` (see :mod:`.units`).

The night resolver is generic: it reads a role's :class:`~.model.RoleSpec` and calls its small
functions, so a unit is the spec plus where the role wakes. Its ability runs in the spec's
``stage`` (control, protection, attacks, then conversions and investigations), by wake step
and seat inside a stage, like the seed's roles. The spec's ``step`` is either a step of the
seed's wake order (the role wakes with that group, e.g. ``mafia``) or a new step of its own,
placed right after ``wake_after``. Its Investigator group is one of the existing groups.

Build one with :func:`om_unit`; the role table, the wake order, the declared vocabulary and
the rules text take it in without another edit. Its heuristic play is the spec's ``tactics``
(decision kind -> :data:`Tactic`), as for every seed role (:mod:`.tactics`); a tactic reads the
seat through :class:`Reading`, which the heuristic player implements.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

from llm_werewolf.rules import RoleInfo
from llm_werewolf.rules.units import RoleUnit, UnitError

from .model import GROUP_FACTIONS, RoleSpec

if TYPE_CHECKING:
    from llm_werewolf.rules import Choice, Decision


class Reading(Protocol):
    """What the heuristic player has read from a seat's view (and its own generator), for a tactic."""

    @property
    def me(self) -> int: ...

    @property
    def night(self) -> int:
        """The number of the last night begun."""
        ...

    @property
    def evil_side(self) -> bool:
        """Whether the seat plays for an evil side (mafia, cult, a neutral killer)."""
        ...

    @property
    def living(self) -> tuple[int, ...]: ...

    @property
    def team(self) -> AbstractSet[int]:
        """The seat's known partners (itself excluded)."""
        ...

    @property
    def tried(self) -> AbstractSet[int]:
        """Living seats the seat attacked on an earlier night (protected: try someone else)."""
        ...

    @property
    def checked(self) -> AbstractSet[int]:
        """Seats the seat has investigated."""
        ...

    @property
    def good(self) -> AbstractSet[int]:
        """Seats the seat knows to be on the town's side."""
        ...

    @property
    def contested(self) -> AbstractSet[int]:
        """Investigative claimants in a claim war nothing has settled."""
        ...

    @property
    def dead_roles(self) -> Mapping[int, str | None]:
        """Each dead seat's card as shown at death (``None``: hidden)."""
        ...

    def named_by(self, claimant: int) -> Sequence[int]:
        """The seats an investigative claimant has named evil."""
        ...

    def claimed(self, roles: AbstractSet[str]) -> list[int]:
        """Other living seats whose latest claim is one of ``roles``."""
        ...

    def suspects(self) -> list[int]:
        """Living seats the seat holds evil, most certain first."""
        ...

    def shootable(self) -> list[int]:
        """The suspects worth a bullet (not one suspected for silence alone while a Jester may hide)."""
        ...

    def leads(self) -> Mapping[int, float]:
        """How much each seat's record points an investigator at it."""
        ...

    def chance(self) -> float:
        """The next draw in [0, 1) of the seat's generator."""
        ...

    def pick(self, decision: Decision, prefer: Iterable[int] = (), avoid: AbstractSet[int] = frozenset()) -> Choice:
        """The first preferred seat offered, else a random seat not avoided (a draw), else the default."""
        ...

    def only_if(self, decision: Decision, prefer: Iterable[int]) -> Choice:
        """The first preferred seat offered, else the default (skip)."""
        ...


Tactic = Callable[["Reading", "Decision"], "Choice | None"]
"""A role's heuristic answer to one of its decisions; ``None`` leaves it to the player's default."""


@dataclass(frozen=True, kw_only=True)
class OMUnit(RoleUnit):
    """An online_mafia role unit: its card (``role``), its rules (``spec``) and its wake place."""

    spec: RoleSpec
    wake_after: str | None = None
    """For a role with a wake step of its own: the step it follows (``None``: it joins ``spec.step``,
    a step that exists already, or never wakes when ``spec.step`` is ``None``)."""

    @property
    def tactics(self) -> Mapping[str, Tactic]:
        """The heuristic player's answer to the unit's decision kinds (its spec's)."""
        return self.spec.tactics


def om_unit(
    spec: RoleSpec,
    *,
    description: str,
    wake_after: str | None = None,
    decision_kinds: Mapping[str, str] | None = None,
    death_causes: Mapping[str, str] | None = None,
    announcement_keys: Mapping[str, str] | None = None,
    statuses: Mapping[str, str] | None = None,
    tactics: Mapping[str, Tactic] | None = None,
) -> OMUnit:
    """The unit of ``spec``: its card follows the spec (side = the group faction, power); ``tactics``
    (decision kind -> :data:`Tactic`) replace the spec's."""
    if spec.faction not in GROUP_FACTIONS:
        raise UnitError(
            f"role unit {spec.id!r}: a {spec.faction.value} role needs a place in the win priority "
            "(priority.py); role units are town, mafia or cult roles"
        )
    if wake_after is not None and spec.step is None:
        raise UnitError(f"role unit {spec.id!r}: wake_after needs a wake step (spec.step)")
    if tactics is not None:
        spec = replace(spec, tactics=dict(tactics))
    return OMUnit(
        role=RoleInfo(spec.id, spec.faction.value, power=spec.power, description=description),
        spec=spec,
        wake_after=wake_after,
        decision_kinds=dict(decision_kinds or {}),
        death_causes=dict(death_causes or {}),
        announcement_keys=dict(announcement_keys or {}),
        statuses=dict(statuses or {}),
    )
