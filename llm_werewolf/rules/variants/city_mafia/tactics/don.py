"""The Don's heuristic check: Sheriff claimants first (earliest claim first), then seats that voted
or nominated a member; never a seat checked already or a member."""

from __future__ import annotations

from llm_werewolf.rules import Choice, Decision

from ..unit import Reading, Tactic
from .seats import offered


def check(reading: Reading, decision: Decision) -> Choice:
    claims = reading.sheriff_claims
    unchecked = [s for s in offered(decision) if s not in reading.checked_sheriff and s not in reading.team]
    prefer = sorted((s for s in claims if s in unchecked), key=lambda s: claims[s])
    dangerous = [w for w, t in [*reading.votes, *reading.nominations] if t in reading.team and w in unchecked]
    return reading.pick_seat(decision, prefer + dangerous, set(reading.checked_sheriff) | reading.team)


TACTICS: dict[str, Tactic] = {"don_check": check}
