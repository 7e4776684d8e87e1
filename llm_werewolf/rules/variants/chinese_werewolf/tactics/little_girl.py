"""The little girl's heuristic play: she always peeks."""

from __future__ import annotations

from llm_werewolf.rules import Choice, Decision

from ..unit import Reading, Tactic

PEEK = "peek"


def peek(reading: Reading, decision: Decision) -> Choice:
    return Choice(PEEK)


TACTICS: dict[str, Tactic] = {"little_girl_peek": peek}
