"""What a city_mafia role unit may do: the hooks the rules ask every unit (see :mod:`.units`).

A role added to city Mafia is one module in ``units/`` defining ``UNIT``, a :class:`CityUnit`
subclass instance: its card (``RoleInfo``, side ``town``, ``mafia`` or ``maniac``), what it adds
to the declared vocabulary, and the hooks it overrides. A deck holds one card of it at most.
The rules ask the units

* every morning, for each night departure (``mafia``, ``maniac``, ``putana_client``), after the
  Doctor's heal and the Putana's visit are settled: :meth:`CityUnit.spares` (``True`` keeps the
  player in the game, silently, as a heal does);
* before each show of hands (the nominee votes and the remove-all vote): :meth:`CityUnit.may_vote`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from llm_werewolf.rules.units import RoleUnit

if TYPE_CHECKING:
    from llm_werewolf.rules import GameState


@dataclass(frozen=True)
class CityUnit(RoleUnit):
    """A city_mafia role unit; the defaults change nothing."""

    def spares(self, state: GameState[Any, Any], seat: int, cause: str) -> bool:
        """Whether the night departure of ``seat`` (``cause`` as in ``death_causes``) does not happen."""
        return False

    def may_vote(self, state: GameState[Any, Any], seat: int) -> bool:
        """Whether the living ``seat`` raises a hand (or has a ballot) in today's votes."""
        return True
