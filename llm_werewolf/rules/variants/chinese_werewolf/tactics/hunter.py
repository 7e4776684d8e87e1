"""The hunter's heuristic shot: a wolf hunter shoots the real seer he guesses; a village hunter his
top suspect once the suspicion is real; else he keeps the bullet."""

from __future__ import annotations

from llm_werewolf.rules import SKIP, Choice, Decision

from ..unit import Reading, Tactic
from .seats import first_offered

HUNTER_THRESHOLD = 1.0
"""The village hunter shoots his top suspect from this suspicion on."""


def shoot(reading: Reading, decision: Decision) -> Choice:
    if reading.wolf:
        seer = reading.real_seer_guess()
        return first_offered(decision, [seer] if seer is not None else []) or Choice(SKIP)
    return first_offered(decision, reading.suspects(threshold=HUNTER_THRESHOLD)) or Choice(SKIP)


TACTICS: dict[str, Tactic] = {"hunter_shot": shoot}
