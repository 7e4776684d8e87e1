"""What a chinese_werewolf role unit may do: the hooks the rules ask every unit (see :mod:`.units`).

A role added to 狼人殺 is one module in ``units/`` defining ``UNIT``, a :class:`CWUnit`
subclass instance: its card (``RoleInfo``; ``power=True`` makes it a god, 神民, for the
side-wipe victory), what it adds to the declared vocabulary, and the hooks it overrides.
State a unit keeps on a seat goes in ``CWData.marks`` as ``(seat, status)``, the status
declared in the unit's ``statuses``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from llm_werewolf.rules.units import RoleUnit

if TYPE_CHECKING:
    from .data import CWCtx, CWData


@dataclass(frozen=True)
class CWUnit(RoleUnit):
    """A chinese_werewolf role unit; the defaults change nothing."""

    def spares(self, ctx: CWCtx, seat: int, cause: str) -> bool:
        """Called for each death before it happens (``cause`` as in ``DEATH_CAUSES``); ``True``
        cancels it (the unit emits what the table sees)."""
        return False

    def may_vote(self, data: CWData, seat: int) -> bool:
        """Whether the living ``seat`` is asked in the exile vote."""
        return True
