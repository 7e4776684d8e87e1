"""The thief's heuristic play: he takes a god's card from the center when one is there, else the default."""

from __future__ import annotations

from llm_werewolf.rules import Choice, Decision

from ..unit import Reading, Tactic
from .seats import POWER, default


def take(reading: Reading, decision: Decision) -> Choice:
    for option in decision.options:
        if option.kind == "center" and option.target is not None and reading.extra.get(option.target) in POWER:
            return Choice(option.id)
    return default(decision)


TACTICS: dict[str, Tactic] = {"thief_swap": take}
