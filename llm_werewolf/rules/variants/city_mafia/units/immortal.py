"""The Immortal (Бессмертный), a card of Russian club and boxed Mafia sets.

Nothing takes him out at night: the mafia's shot, the Maniac's knife and leaving with a shot
Putana pass him by, and the morning says nothing of it (as after a heal). The day vote takes him
like anyone. He plays for the town and does not wake. docs/rules/city_mafia.md, "Added roles".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from llm_werewolf.rules import GameState, RoleInfo

from ..unit import CityUnit

IMMORTAL = "immortal"
NIGHT_CAUSES = frozenset({"mafia", "maniac", "putana_client"})


@dataclass(frozen=True)
class Immortal(CityUnit):
    def spares(self, state: GameState[Any, Any], seat: int, cause: str) -> bool:
        return cause in NIGHT_CAUSES and state.seat(seat).role == IMMORTAL


UNIT = Immortal(RoleInfo(IMMORTAL, "town", description="cannot leave the game at night; the day vote takes him"))
