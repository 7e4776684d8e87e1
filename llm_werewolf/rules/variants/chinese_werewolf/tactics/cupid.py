"""Cupid's heuristic play: some games he links himself, else random players."""

from __future__ import annotations

from llm_werewolf.rules import Choice, Decision

from ..unit import Reading, Tactic
from .seats import seat_choice

SELF_CHANCE = 0.4
"""How often Cupid names himself (each of his two picks)."""


def link(reading: Reading, decision: Decision) -> Choice:
    if reading.draws.random() < SELF_CHANCE:
        own = seat_choice(decision, reading.me)
        if own is not None:
            return own
    return reading.pick_seat(decision, avoid=())


TACTICS: dict[str, Tactic] = {"cupid": link}
