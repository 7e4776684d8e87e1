"""The witch's heuristic play.

Antidote: always on the first night; later only for the seer she believes or a god she knows.
Poison: from night 2 her top suspect, once the evidence marks him (a disbelieved claimant, a seer's
wolf, votes against the believed seer...); people poison on night 2 (3 of the 4 recorded games).
"""

from __future__ import annotations

from llm_werewolf.rules import SKIP, Choice, Decision

from ..unit import Reading, Tactic
from .seats import POWER

ANTIDOTE = "antidote"
POISON_THRESHOLD = 3.0
"""She poisons her top suspect from this suspicion on..."""
POISON_BLOC = 1.5
"""...or from this one when another seat shares it (a bloc that voted against the believed seer)."""


def antidote(reading: Reading, decision: Decision) -> Choice:
    victim = reading.victim_seen
    if reading.number <= 1:
        return Choice(ANTIDOTE)
    believed, _ = reading.belief()
    if victim is not None and (victim == believed or reading.known.get(victim) in POWER):
        return Choice(ANTIDOTE)
    return Choice(SKIP)


def poison(reading: Reading, decision: Decision) -> Choice:
    if reading.number <= 1:
        return Choice(SKIP)
    _, suspicion = reading.belief()
    marked = [s for s in reading.suspects(threshold=POISON_BLOC) if decision.option(f"seat:{s}") is not None]
    if not marked:
        return Choice(SKIP)
    top = suspicion[marked[0]]
    bloc = sum(suspicion[s] == top for s in marked) >= 2  # seats that moved together against the believed seer
    return Choice(f"seat:{marked[0]}") if top >= POISON_THRESHOLD or bloc else Choice(SKIP)


TACTICS: dict[str, Tactic] = {"witch_antidote": antidote, "witch_poison": poison}
