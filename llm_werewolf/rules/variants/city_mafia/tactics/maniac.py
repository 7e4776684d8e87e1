"""The Maniac's heuristic play: he kills a random player every night."""

from __future__ import annotations

from llm_werewolf.rules import Choice, Decision

from ..unit import Reading, Tactic


def kill(reading: Reading, decision: Decision) -> Choice:
    return reading.pick_seat(decision, [], set())


TACTICS: dict[str, Tactic] = {"maniac_kill": kill}
