"""The seer's heuristic check: a rival seer claimant first, else the top suspect once the suspicion
is real, else a random seat not checked yet (never her lover)."""

from __future__ import annotations

from llm_werewolf.rules import Choice, Decision

from ..unit import Reading, Tactic
from .seats import offered

EVIDENCE = 1.5
"""The suspicion from which the seer checks her top suspect rather than a random seat."""


def check(reading: Reading, decision: Decision) -> Choice:
    unknown = [s for s in offered(decision) if s not in reading.known and s != reading.lover]
    rivals = [s for s in unknown if s in reading.seer_claims]
    _, suspicion = reading.belief()
    if unknown:
        top = max(suspicion.get(s, 0.0) for s in unknown)
        if top >= EVIDENCE and not rivals:
            rivals = [s for s in unknown if suspicion.get(s, 0.0) == top]
    pool = rivals or unknown
    if not pool:
        return reading.pick_seat(decision, avoid=())
    return Choice(f"seat:{reading.draws.choice(sorted(pool))}")


TACTICS: dict[str, Tactic] = {"seer_check": check}
