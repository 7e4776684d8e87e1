"""The Doctor's heuristic heal: the Sheriff he believes (not himself), else a random seat he does
not suspect."""

from __future__ import annotations

from llm_werewolf.rules import Choice, Decision

from ..unit import Reading, Tactic


def heal(reading: Reading, decision: Decision) -> Choice:
    believed, _ = reading.belief()
    prefer = [believed] if believed is not None and believed != reading.me else []
    return reading.pick_seat(decision, prefer, set(reading.suspects()))


TACTICS: dict[str, Tactic] = {"doctor_heal": heal}
