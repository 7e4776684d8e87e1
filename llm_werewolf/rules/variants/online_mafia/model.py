"""The role model: every role is one :class:`RoleSpec` (data) plus small functions.

A spec says which faction a role plays for, when it wakes (the seed's wake
order), how often and on which nights it may act, whether it visits, whether
roleblocks touch it, its attack and defense levels, what investigations see,
how it wins and where it stands in the 1v1 win priority. The night resolver
(:mod:`.night`) is generic: it only reads these fields and calls ``ask``,
``act`` and ``on_kill``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .asking import Ask, AskCtx
    from .unit import Tactic
    from .work import Action, Attack, NightWork


class Faction(StrEnum):
    TOWN = "town"
    MAFIA = "mafia"
    CULT = "cult"
    NEUTRAL_KILLER = "neutral_killer"
    EVIL_NEUTRAL = "evil_neutral"
    BENIGN_NEUTRAL = "benign_neutral"


GROUP_FACTIONS = frozenset({Faction.TOWN, Faction.MAFIA, Faction.CULT})
"""Factions whose members win together, alive and dead."""


class Level(IntEnum):
    """Attack and defense strength. A night attack kills iff attack > defense."""

    NONE = 0
    BASIC = 1
    POWERFUL = 2
    UNSTOPPABLE = 3


class Nights(StrEnum):
    ALL = "all"
    FIRST = "first"
    FROM_SECOND = "from_second"

    def allows(self, night: int) -> bool:
        if self is Nights.FIRST:
            return night == 1
        if self is Nights.FROM_SECOND:
            return night >= 2
        return True


class Stage(IntEnum):
    """Resolution classes. Actions resolve by (stage, wake step, seat)."""

    CONTROL = 0
    """Control, curse and roleblock: before everything else."""
    PREPARE = 1
    """Protection, appearance, statuses: before any attack lands."""
    ATTACK = 2
    """Attacks are registered; all of them settle at the end of this stage."""
    AFTER = 3
    """Conversion, remembering and every investigation: read the night as it ended."""


class WinRule(StrEnum):
    GROUP = "group"
    """Wins with its faction (town, mafia, cult), alive or dead."""
    KILLER = "killer"
    """A neutral killer: wins by being the last killer standing (with killers of the same role)."""
    TOWN_LOSES = "town_loses"
    """An evil neutral: joins the win whenever the town loses."""
    SURVIVE = "survive"
    """Joins any win if alive at the end."""
    TWIN = "twin"
    """Wins if the player it bound itself to wins."""
    EXECUTIONER = "executioner"
    """Joins the win if its target was executed (must complete)."""
    JESTER = "jester"
    """Wins at once when executed (must complete)."""
    VOLUNTEER = "volunteer"
    """Wins if it died in an executed player's place (must complete)."""
    MARTYR = "martyr"
    """Wins if it died shielding another player (must complete)."""


MUST_COMPLETE = frozenset({WinRule.EXECUTIONER, WinRule.JESTER, WinRule.VOLUNTEER, WinRule.MARTYR})

AskFn = Callable[["AskCtx", int], Sequence["Ask"]]
BuildFn = Callable[["AskCtx", int, "dict[str, str]"], "Sequence[Action]"]
ActFn = Callable[["NightWork", "Action"], None]
KillFn = Callable[["NightWork", "Attack", int], None]


@dataclass(frozen=True, slots=True)
class RoleSpec:
    """Everything the rules know about one role."""

    id: str
    faction: Faction
    win: WinRule
    priority: int
    """Rank in the seed's win priority (0 = highest); used by the 1v1 tiebreak and ties by numbers."""
    group: str
    """The Investigator's result group."""
    step: str | None = None
    """The wake-order step (see :mod:`.roles.wake`); ``None`` = never wakes."""
    stage: Stage = Stage.PREPARE
    ask: AskFn | None = None
    """The night decisions of a living holder (kind, options, default)."""
    build: BuildFn | None = None
    """Turns the holder's answers into actions (``None``: the generic one-target builder)."""
    act: ActFn | None = None
    """The effect of one action at its turn of the resolution."""
    on_kill: KillFn | None = None
    """Called when an attack of this role kills (guilt, masks)."""
    passive: bool = False
    """Acts every allowed night without a decision (spy, guild)."""
    uses: int | None = None
    """Uses per game (``None`` = unlimited)."""
    nights: Nights = Nights.ALL
    visits: bool = True
    rb_immune: bool = False
    kills_blockers: bool = False
    attack: Level = Level.NONE
    defense: Level = Level.NONE
    pierce: bool = False
    """Its attacks ignore innate defense (night immunity)."""
    starts_kills: bool = False
    """Can start a kill on its own at night (for the majority exceptions)."""
    suspicious: bool = False
    """What the Detective reads."""
    appears_as: str | None = None
    """The role investigations see instead of this one (Politician reads as a Citizen)."""
    unique: bool = False
    """At most one per table."""
    raisable: bool = False
    """The Necromancer may use this corpse's ability (one target, no lasting state)."""
    controllable: bool = False
    """The Witch may force this ability onto another target (one-target abilities)."""
    power: bool = False
    vote_weight: float = 1.0
    tactics: Mapping[str, Tactic] = field(default_factory=dict)
    """The heuristic player's answer to the role's decision kinds (:mod:`.tactics`)."""
