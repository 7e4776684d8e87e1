"""Who has won (the seed's 遊戲結束 A/B/C plus the victory_mode switch)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from llm_werewolf.rules import Outcome, Step

from .data import CWCtx, CWData, CWState
from .roles import GODS, LOVERS, VILLAGE, VILLAGER_LIKE, WEREWOLF, WOLVES


class Reason(StrEnum):
    """Why a game of chinese_werewolf ends (``Outcome.reason``)."""

    WOLVES_DEAD = "wolves_dead"
    VILLAGERS_DEAD = "villagers_dead"
    GODS_DEAD = "gods_dead"
    GOOD_DEAD = "good_dead"
    WOLVES_PARITY = "wolves_parity"
    LOVERS_LAST_TWO = "lovers_last_two"
    EVERYONE_DEAD = "everyone_dead"
    DAY_LIMIT = "day_limit"


def mixed_couple(state: CWState) -> bool:
    lovers = state.data.lovers
    if lovers is None:
        return False
    first, second = (state.seat(i).role == WEREWOLF for i in lovers)
    return first != second


def side_of(state: CWState, seat: int) -> str:
    """A mixed couple's lovers play for the lovers (``mixed_lovers=third_side``), else a card's side."""
    data: CWData = state.data
    if (
        data.lovers is not None
        and seat in data.lovers
        and state.options.mixed_lovers == "third_side"
        and mixed_couple(state)
    ):
        return LOVERS
    return WOLVES if state.seat(seat).role == WEREWOLF else VILLAGE


def _members(state: CWState, side: str) -> tuple[int, ...]:
    return tuple(s.index for s in state.seats if side_of(state, s.index) == side)


def _wolves_reason(state: CWState) -> Reason | None:
    """Why the wolves have won, or ``None`` (they need a living wolf of their own side)."""
    if not any(side_of(state, i) == WOLVES for i in state.living()):
        return None
    good = [s for s in state.seats if s.role != WEREWOLF]
    if not any(s.alive for s in good):
        return Reason.GOOD_DEAD
    if state.options.victory_mode == "parity":
        living = state.living()
        wolves = sum(1 for i in living if side_of(state, i) == WOLVES)
        return Reason.WOLVES_PARITY if wolves >= len(living) - wolves else None
    if state.options.victory_mode == "all_good":
        return None
    for group, reason in ((VILLAGER_LIKE, Reason.VILLAGERS_DEAD), (GODS, Reason.GODS_DEAD)):
        members = [s for s in good if s.role in group]
        if members and not any(s.alive for s in members):
            return reason
    return None


def outcome(state: CWState) -> Outcome | None:
    """The outcome if the game is decided now."""
    living = state.living()
    if not living:
        return Outcome((), (), Reason.EVERYONE_DEAD)
    lovers = state.data.lovers
    if lovers is not None and set(living) == set(lovers) and mixed_couple(state):
        return Outcome(lovers, (LOVERS,), Reason.LOVERS_LAST_TWO)
    if not any(state.seat(i).role == WEREWOLF for i in living):
        return Outcome(_members(state, VILLAGE), (VILLAGE,), Reason.WOLVES_DEAD)
    reason = _wolves_reason(state)
    if reason is not None:
        return Outcome(_members(state, WOLVES), (WOLVES,), reason)
    return None


@dataclass(frozen=True, slots=True)
class CheckWin(Step):
    def run(self, ctx: CWCtx) -> None:
        result = outcome(ctx.state)
        if result is not None:
            ctx.finish(result)
