"""What a lebanese_ghouls role unit may do: the hooks the rules ask every unit (see :mod:`.units`).

A role added to "Min El Ghoul?" is one module in ``units/`` defining ``UNIT``, a :class:`LGUnit`
subclass instance: its card (``RoleInfo``: id, side ``farmers`` or ``ghouls``, ``power``), what it
adds to the declared vocabulary, and the hooks it overrides:

* ``night_step()``: the step that calls the role each night, run right before ``wakes_before``
  (one of :data:`WAKE_PLACES`: the Bassara, the ghouls, the Sahra or dawn); the step emits its
  own wake and sleep cues (:func:`called` follows the ``call_inactive_roles`` switch);
* ``spares(ctx, seat, cause)``: asked before each death (``cause`` as in ``DEATH_CAUSES``);
  ``True`` cancels it (the unit emits what the table sees).

State a unit keeps on a seat goes in ``GhoulsData.marks`` as ``(seat, tag)``, the tag prefixed
with the role id.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from llm_werewolf.rules import Ctx
from llm_werewolf.rules.units import RoleUnit, UnitError

from .data import GhoulsData
from .options import GhoulsOptions

if TYPE_CHECKING:
    from llm_werewolf.rules import Step

GCtx = Ctx[GhoulsData, GhoulsOptions]

WAKE_PLACES = ("bassara", "ghouls", "sahra", "dawn")
"""Where a unit's night step may run: right before the Bassara, the ghouls, the Sahra, or dawn."""


def called(ctx: GCtx, role: str, active: bool) -> bool:
    """Whether the narrator calls ``role`` tonight (it is in the deck, and active or always called)."""
    return role in ctx.data.deck_roles and (active or ctx.options.call_inactive_roles)


@dataclass(frozen=True)
class LGUnit(RoleUnit):
    """A lebanese_ghouls role unit; the defaults change nothing."""

    wakes_before: str = "ghouls"
    single: bool = True
    """At most one card of the role per deck (like the seed's special cards)."""

    def __post_init__(self) -> None:
        if self.wakes_before not in WAKE_PLACES:
            raise UnitError(f"role unit {self.role.id!r}: wakes_before must be one of {', '.join(WAKE_PLACES)}")

    def night_step(self) -> Step | None:
        """The step that calls the role tonight (``None``: the role never wakes)."""
        return None

    def spares(self, ctx: GCtx, seat: int, cause: str) -> bool:
        """Called for each death of a living seat before it happens; ``True`` cancels it."""
        return False
