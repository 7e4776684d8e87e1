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
A unit may bring its own heuristic play: ``tactics`` (decision kind -> :data:`Tactic`), a function
of the heuristic player's :class:`Reading` of the seat's view and the decision. The seed's roles
carry theirs in their ``actions/`` module (``TACTICS``); :mod:`.tactics` gathers both.

Module imports: a unit imports :mod:`.moves` and :mod:`.unit`, never :mod:`.roles` or
:mod:`.cards` (they take the units in).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, TypeVar

from llm_werewolf.rules.units import RoleUnit

if TYPE_CHECKING:
    from llm_werewolf.rules import Choice, Decision, Option, Step

    from .moves import OneCtx

T = TypeVar("T")


class Draws(Protocol):
    """The random draws a tactic may make (``random.Random`` is one)."""

    def random(self) -> float: ...

    def choice(self, seq: Sequence[T]) -> T: ...


class Reading(Protocol):
    """What the heuristic player of One Night has read from a seat's view, for a role's tactic."""

    @property
    def wolves(self) -> frozenset[int]:
        """The other werewolves this seat saw at night."""
        ...

    @property
    def looked(self) -> Sequence[int]:
        """The seats this seat looked at (Seer, Mystic Wolf, Investigator)."""
        ...

    @property
    def robbed(self) -> int | None:
        """The seat this seat swapped cards with as the Robber."""
        ...

    @property
    def draws(self) -> Draws:
        """This seat's own draws for the decision."""
        ...

    def pick_seat(self, decision: Decision, avoid: frozenset[int]) -> Option | None:
        """A random seat option of ``decision`` outside ``avoid`` (any one when all are avoided)."""
        ...


Tactic = Callable[["Reading", "Decision"], "Choice | None"]
"""A role's heuristic answer to one of its decisions; ``None`` leaves it to the player's default."""


@dataclass(frozen=True)
class OneNightUnit(RoleUnit):
    """A one_night role unit; the defaults change nothing (it sleeps)."""

    wakes_after: str | None = None
    """The role after which this one is called at night; ``None``: never called."""
    tactics: Mapping[str, Tactic] = field(default_factory=dict)
    """The heuristic player's answer to the unit's decision kinds."""

    def call(self, ctx: OneCtx, seats: tuple[int, ...]) -> tuple[Step, ...]:
        """The night steps of ``seats`` (the players dealt the card, or a Doppelganger who copied it)."""
        return ()
