"""The ruleset's own part of the game state."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from llm_werewolf.rules import SKIP_OPTION, Ctx, GameState, Option, seat_option

from .options import ChineseWerewolfOptions
from .roles import MAX_PLAYERS, WEREWOLF


@dataclass(frozen=True, slots=True)
class CWData:
    deck_roles: frozenset[str]
    """Every card of the game (dealt or extra): the moderator calls these roles each night."""
    lovers: tuple[int, int] | None = None
    sheriff: int | None = None
    antidote: bool = True
    poison: bool = True
    guarded: int | None = None
    """Tonight's (then last night's) guarded seat: the guard may not repeat it."""
    wolf_victim: int | None = None
    saved: bool = False
    poisoned: int | None = None
    night_deaths: tuple[int, ...] = ()
    """Seats that died in the last night (the discussion starts left of the first)."""
    day_over: bool = False
    """A werewolf self-destructed (自爆): no more speeches and no exile vote today."""
    marks: frozenset[tuple[int, str]] = frozenset()
    """``(seat, status)`` pairs a role unit keeps (``units/``; the status is one it declares)."""


CWState = GameState[CWData, ChineseWerewolfOptions]
CWCtx = Ctx[CWData, ChineseWerewolfOptions]


def living_wolves(state: GameState[Any, Any]) -> tuple[int, ...]:
    return state.with_role(WEREWOLF)


def partner_of(data: CWData, seat: int) -> int | None:
    if data.lovers is None or seat not in data.lovers:
        return None
    first, second = data.lovers
    return second if seat == first else first


_SEAT_OPTIONS: tuple[Option, ...] = tuple(seat_option(i) for i in range(MAX_PLAYERS))


def seat_opt(index: int) -> Option:
    """The (immutable, shared) ``seat:<index>`` option."""
    return _SEAT_OPTIONS[index]


def ballot_options(
    pool: tuple[int, ...], voters: Sequence[int], self_vote: bool, abstain: bool
) -> list[tuple[Option, ...]]:
    """Each voter's ballot: the seats of ``pool`` (but his own unless ``self_vote``), then ``skip`` if he
    may abstain. The pool's options are looked up once per ballot, not once per voter."""
    seats = tuple([_SEAT_OPTIONS[i] for i in pool])
    tail = (SKIP_OPTION,) if abstain else ()
    every = seats + tail
    ballots = []
    for voter in voters:
        if self_vote or voter not in pool:
            ballots.append(every)
        else:
            k = pool.index(voter)
            ballots.append(seats[:k] + seats[k + 1 :] + tail)
    return ballots
