"""What a one_night role unit may do: the hooks the rules ask every unit (see :mod:`.units`).

A role added to One Night is one module in ``units/`` defining ``UNIT``, a
:class:`OneNightUnit` subclass instance: its card (``RoleInfo``, side ``village``, ``wolves``
or ``tanner``), what it adds to the declared vocabulary, where it wakes, and the hooks it
overrides. A deck holds one card of it at most. The rules ask the units

* at night, in wake order: a unit with ``wakes_after`` (a role of the night order, or another
  unit's) is called right after that role, whether anyone holds the card or not (wake and
  sleep cues, so the silence tells nothing); :meth:`OneNightUnit.call` gives the holders'
  steps. A Doppelganger who copies the card acts as it at once, through the same ``call``
  (the official rule for the Daybreak night roles). The helpers of :mod:`.moves` look at and
  move cards.

A unit's player wins with the side of its card (``win.py``; the win table has no unit hook yet).

Module imports: a unit imports :mod:`.moves` and :mod:`.unit`, never :mod:`.roles` or
:mod:`.cards` (they take the units in).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from llm_werewolf.rules.units import RoleUnit

if TYPE_CHECKING:
    from llm_werewolf.rules import Step

    from .moves import OneCtx


@dataclass(frozen=True)
class OneNightUnit(RoleUnit):
    """A one_night role unit; the defaults change nothing (it sleeps)."""

    wakes_after: str | None = None
    """The role after which this one is called at night; ``None``: never called."""

    def call(self, ctx: OneCtx, seats: tuple[int, ...]) -> tuple[Step, ...]:
        """The night steps of ``seats`` (the players dealt the card, or a Doppelganger who copied it)."""
        return ()
