"""The Putana's heuristic play: she visits her top suspect, never a Sheriff claimant."""

from __future__ import annotations

from llm_werewolf.rules import Choice, Decision

from ..unit import Reading, Tactic


def block(reading: Reading, decision: Decision) -> Choice:
    return reading.pick_seat(decision, reading.suspects(), set(reading.sheriff_claims))


TACTICS: dict[str, Tactic] = {"putana_block": block}
