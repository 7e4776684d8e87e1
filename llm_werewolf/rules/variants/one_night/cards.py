"""The card helpers of the night actions: the moves and looks (:mod:`.moves`) and who wakes for a role."""

from __future__ import annotations

from .moves import (
    OneCtx,
    OneState,
    center_slots,
    other_seats,
    show_card,
    show_center,
    swap_seats,
    swap_with_center,
)
from .roles import DOPPELGANGER, WOLF_CARDS

__all__ = [
    "OneCtx",
    "OneState",
    "center_slots",
    "doppel_seat",
    "holders",
    "other_seats",
    "show_card",
    "show_center",
    "swap_seats",
    "swap_with_center",
    "woke_as_wolves",
]


def doppel_seat(state: OneState) -> int | None:
    """The seat dealt the Doppelganger (she acts as her copy), if any."""
    for s in state.seats:
        if s.start_role == DOPPELGANGER:
            return s.index
    return None


def holders(state: OneState, role: str, *, doppel_too: bool = True) -> tuple[int, ...]:
    """Seats that wake for ``role``: dealt that card, or the Doppelganger who copied it."""
    seats = [s.index for s in state.seats if s.start_role == role]
    if doppel_too and state.data.doppel_copy == role:
        doppel = doppel_seat(state)
        if doppel is not None:
            seats.append(doppel)
    return tuple(sorted(seats))


def woke_as_wolves(state: OneState) -> tuple[int, ...]:
    """Seats that open their eyes with the wolves (dealt a wolf card, or the Doppel-wolf)."""
    seats = [s.index for s in state.seats if s.start_role in WOLF_CARDS]
    if state.data.doppel_copy in WOLF_CARDS:
        doppel = doppel_seat(state)
        if doppel is not None:
            seats.append(doppel)
    return tuple(sorted(seats))
