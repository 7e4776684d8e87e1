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
with the role id. A unit may also bring its own heuristic play (``tactics``: decision kind ->
:data:`Tactic`), as the seed's roles do (:mod:`.tactics`); a tactic reads the seat through
:class:`Reading`, which the heuristic player implements.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from llm_werewolf.rules import Ctx
from llm_werewolf.rules.units import RoleUnit, UnitError

from .data import GhoulsData
from .options import GhoulsOptions

if TYPE_CHECKING:
    from llm_werewolf.rules import Choice, Decision, Step

GCtx = Ctx[GhoulsData, GhoulsOptions]


class Reading(Protocol):
    """What the heuristic player has read from a seat's view (and its own generator), for a tactic."""

    @property
    def me(self) -> int: ...

    @property
    def ghoul(self) -> bool: ...

    @property
    def number(self) -> int:
        """The number of the current night or day."""
        ...

    @property
    def lover(self) -> int | None:
        """The seat Umm Lhaf linked this seat to, if any."""
        ...

    @property
    def team(self) -> AbstractSet[int]:
        """For a ghoul: the ghouls, itself included."""
        ...

    @property
    def known(self) -> Mapping[int, str]:
        """Cards this seat has seen (a look, a peek)."""
        ...

    @property
    def victim(self) -> int | None:
        """For the Sahra: tonight's prey."""
        ...

    def believed(self) -> AbstractSet[int]:
        """The claimants a good player believes."""
        ...

    def suspicion(self) -> Mapping[int, float]:
        """A good player's suspicion of each other living seat."""
        ...

    def suspects(self, threshold: float = 2.0) -> list[int]:
        """Living seats, most suspect first, whose suspicion reaches ``threshold``."""
        ...

    def real_claimants(self) -> list[int]:
        """For a ghoul: living claimants who are not on the team, earliest first."""
        ...

    def rolled(self, tag: str) -> random.Random:
        """A generator every ghoul seeds alike today (the team's shared draws)."""
        ...

    def chance(self) -> float:
        """The next draw in [0, 1) of the seat's own generator."""
        ...

    def any_of(self, seats: list[int]) -> int:
        """One of ``seats``, drawn with the seat's own generator."""
        ...

    def pick(self, decision: Decision, prefer: Iterable[int] = (), avoid: Iterable[int] = ()) -> Choice:
        """The first preferred seat offered, else a random seat not avoided (a draw), else the default."""
        ...


Tactic = Callable[["Reading", "Decision"], "Choice | None"]
"""A role's heuristic answer to one of its decisions; ``None`` leaves it to the player's default."""

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
    tactics: Mapping[str, Tactic] = field(default_factory=dict)
    """The heuristic player's answer to the unit's decision kinds."""

    def __post_init__(self) -> None:
        if self.wakes_before not in WAKE_PLACES:
            raise UnitError(f"role unit {self.role.id!r}: wakes_before must be one of {', '.join(WAKE_PLACES)}")

    def night_step(self) -> Step | None:
        """The step that calls the role tonight (``None``: the role never wakes)."""
        return None

    def spares(self, ctx: GCtx, seat: int, cause: str) -> bool:
        """Called for each death of a living seat before it happens; ``True`` cancels it."""
        return False
