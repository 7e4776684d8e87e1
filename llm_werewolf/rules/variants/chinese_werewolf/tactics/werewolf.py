"""The wolves' night kill (every wolf's ballot, alike through team-seeded draws).

A little girl caught peeking first; then the real seer they guess (most nights); then, half the
nights, the first claimed god; then, half the nights, a seat the seer vouched for; else a random
outsider.
"""

from __future__ import annotations

from llm_werewolf.rules import Choice, Decision

from ..unit import Reading, Tactic
from .seats import POWER, default, offered

WEREWOLF = "werewolf"
KNIFE_SEER_CHANCE = 0.95
"""Nights the wolves go for the seer claimant."""
GOD_CHANCE = 0.5
"""Nights they go for a claimed god instead."""
VOUCHED_CHANCE = 0.5
"""Nights they go for a seat the seer vouched for."""


def kill(reading: Reading, decision: Decision) -> Choice:
    targets = [s for s in offered(decision) if s not in reading.team]
    if not targets:
        return default(decision)
    draw = reading.rolled("kill")
    caught = [s for s, r in reading.known.items() if r == "little_girl" and s in targets]
    if caught:
        return Choice(f"seat:{caught[0]}")
    seer = reading.real_seer_guess()
    if seer in targets and draw.random() < KNIFE_SEER_CHANCE:
        return Choice(f"seat:{seer}")
    gods = [s for s, c in sorted(reading.other_claims.items()) if c in POWER and s in targets]
    if gods and draw.random() < GOD_CHANCE:
        return Choice(f"seat:{gods[0]}")
    told = reading.reports.get(seer, {}) if seer else {}
    vouched = [s for s, v in told.items() if v != WEREWOLF and s in targets]
    if vouched and draw.random() < VOUCHED_CHANCE:
        return Choice(f"seat:{draw.choice(sorted(vouched))}")
    return Choice(f"seat:{draw.choice(sorted(targets))}")


TACTICS: dict[str, Tactic] = {"wolf_kill": kill}
