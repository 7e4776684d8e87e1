"""What the roles' tactics read off a decision (no tactics here)."""

from __future__ import annotations

from collections.abc import Iterable

from llm_werewolf.rules import Choice, Decision

POWER = frozenset({"seer", "witch", "hunter", "guard"})
"""The seed's gods (神民) the heuristic players protect, save and hunt."""


def offered(decision: Decision) -> list[int]:
    """The seats ``decision`` offers, in its order."""
    return [o.target for o in decision.options if o.kind == "seat" and o.target is not None]


def seat_choice(decision: Decision, seat: int | None) -> Choice | None:
    """``seat`` when ``decision`` offers it."""
    if seat is None:
        return None
    option = decision.option(f"seat:{seat}")
    return Choice(option.id) if option is not None else None


def first_offered(decision: Decision, seats: Iterable[int]) -> Choice | None:
    """The first of ``seats`` that ``decision`` offers."""
    for seat in seats:
        choice = seat_choice(decision, seat)
        if choice is not None:
            return choice
    return None


def default(decision: Decision) -> Choice:
    """The decision's default, else its first option."""
    return Choice(decision.default or decision.options[0].id)
