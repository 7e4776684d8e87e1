"""The ruleset's own part of the game state (immutable; maps are never mutated, only replaced)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from llm_werewolf.rules import Ctx, GameState

from .options import OnlineMafiaOptions


@dataclass(frozen=True, slots=True)
class OMData:
    steps: tuple[str, ...]
    """Wake steps of the roles in the deck: the moderator calls these every night."""
    uses: Mapping[int, int] = field(default_factory=dict)
    """Uses left, for seats whose current role has limited uses."""
    night: int = 0
    jinxed: frozenset[int] = frozenset()
    silenced: frozenset[int] = frozenset()
    """Blackmailed for the current (or coming) day."""
    judged: frozenset[int] = frozenset()
    """Their vote does not count during the current (or coming) day."""
    twins: Mapping[int, int] = field(default_factory=dict)
    """Twin soul seat -> the seat it is bound to."""
    targets: Mapping[int, int] = field(default_factory=dict)
    """Executioner seat -> its target."""
    completed: frozenset[int] = frozenset()
    """Must-complete roles that completed their goal (jester, executioner, volunteer, martyr)."""
    guilty: frozenset[int] = frozenset()
    """Outlaws who killed a town player: they die of guilt the next night."""
    masks: Mapping[int, str] = field(default_factory=dict)
    """Mask artist seat -> the role it now appears as."""
    raised: frozenset[int] = frozenset()
    """Corpses the Necromancer has used."""
    self_healed: frozenset[int] = frozenset()
    quiet_nights: int = 0


OMState = GameState[OMData, OnlineMafiaOptions]
OMCtx = Ctx[OMData, OnlineMafiaOptions]
