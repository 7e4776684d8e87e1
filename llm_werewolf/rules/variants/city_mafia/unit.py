"""What a city_mafia role unit may do: the hooks the rules ask every unit (see :mod:`.units`).

A role added to city Mafia is one module in ``units/`` defining ``UNIT``, a :class:`CityUnit`
subclass instance: its card (``RoleInfo``, side ``town``, ``mafia`` or ``maniac``), what it adds
to the declared vocabulary, and the hooks it overrides. A deck holds one card of it at most.
The rules ask the units

* at night, in wake order: a unit with ``wakes_after`` (a role of the seed's night, ``putana``
  … ``maniac``, or another unit's) is called right after that role, each night its card is in
  the deck, held or not (wake and sleep cues, so the calls tell nothing; a Putana's visit shows
  its holder crossed arms and asks nothing); :meth:`CityUnit.night` asks the living holder its
  decision, :meth:`CityUnit.resolve_night` takes the answer. What it decides waits in
  ``CityData.marks`` (``(seat, status)``) for the morning;
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
    from llm_werewolf.rules import Answers, GameState

    from .common import CityCtx


@dataclass(frozen=True)
class CityUnit(RoleUnit):
    """A city_mafia role unit; the defaults change nothing."""

    wakes_after: str | None = None
    """The role after whose call this one is called at night; ``None``: it does not wake."""

    def night(self, ctx: CityCtx, seat: int) -> bool:
        """Ask the living, unblocked holder at ``seat`` his night decision; ``False``: nothing asked."""
        return False

    def resolve_night(self, ctx: CityCtx, answers: Answers) -> None:
        """The holder's answer to what :meth:`night` asked (before his sleep cue)."""

    def spares(self, state: GameState[Any, Any], seat: int, cause: str) -> bool:
        """Whether the night departure of ``seat`` (``cause`` as in ``death_causes``) does not happen."""
        return False

    def may_vote(self, state: GameState[Any, Any], seat: int) -> bool:
        """Whether the living ``seat`` raises a hand (or has a ballot) in today's votes."""
        return True
