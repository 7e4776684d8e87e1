"""The Sheriff's heuristic check: his top unchecked suspect when the suspicion is real, else a
random unchecked seat."""

from __future__ import annotations

from llm_werewolf.rules import Choice, Decision

from ..unit import Reading, Tactic
from .seats import offered

EVIDENCE = 1.5
"""The suspicion from which the Sheriff checks his top suspect rather than a random seat."""


def check(reading: Reading, decision: Decision) -> Choice:
    unchecked = [s for s in offered(decision) if s not in reading.checked_mafia]
    _, suspicion = reading.belief()
    draws = reading.draws
    ranked = sorted(unchecked, key=lambda s: (-suspicion.get(s, 0.0), draws.random()))
    prefer = ranked[:1] if ranked and suspicion.get(ranked[0], 0.0) >= EVIDENCE else []
    return reading.pick_seat(decision, prefer, set(reading.checked_mafia))


TACTICS: dict[str, Tactic] = {"sheriff_check": check}
