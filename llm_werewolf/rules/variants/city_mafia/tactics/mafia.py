"""The mafia's shot (the Don's and every member's ballot, alike through team-seeded draws).

The team shoots the seat it takes for the real Sheriff; else, half the nights when seats voted or
nominated a member, the one who did so most; else a random outsider.
"""

from __future__ import annotations

from collections import Counter

from llm_werewolf.rules import Choice, Decision

from ..unit import Reading, Tactic
from .seats import fallback, offered

REVENGE_CHANCE = 0.5
"""Nights the team shoots the seat that went most against a member, when there is one."""


def shoot(reading: Reading, decision: Decision) -> Choice:
    targets = [s for s in offered(decision) if s not in reading.team]
    if not targets:
        return Choice(fallback(decision))
    sheriff = reading.real_sheriff_guess()
    if sheriff in targets:
        return Choice(f"seat:{sheriff}")
    draw = reading.rolled("kill")
    dangerous = [w for w, t in [*reading.votes, *reading.nominations] if t in reading.team and w in targets]
    if dangerous and draw.random() < REVENGE_CHANCE:
        return Choice(f"seat:{Counter(dangerous).most_common(1)[0][0]}")
    return Choice(f"seat:{draw.choice(targets)}")


TACTICS: dict[str, Tactic] = {"mafia_kill": shoot, "mafia_suggest": shoot}
