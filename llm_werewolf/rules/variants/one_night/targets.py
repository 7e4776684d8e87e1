"""The heuristic player's common night pick, shared by the roles' tactics (:mod:`.tactics`).

Look at or swap with a random legal target: a seat the player has not seen as a werewolf, looked
at or robbed already (any seat when none is left), else a center card, else the default.
"""

from __future__ import annotations

from llm_werewolf.rules import Choice, Decision, Option

from .unit import Reading


def seats_of(decision: Decision) -> list[Option]:
    """The seat options of ``decision``."""
    return [o for o in decision.options if o.kind == "seat" and o.target is not None]


def centers_of(decision: Decision) -> list[Option]:
    """The center card options of ``decision``."""
    return [o for o in decision.options if o.kind == "center"]


def any_target(reading: Reading, decision: Decision) -> Choice:
    """A random legal target, as described above (the player's answer to any night decision)."""
    if seats_of(decision):
        avoid = frozenset(reading.wolves) | frozenset(reading.looked)
        if reading.robbed is not None:
            avoid |= {reading.robbed}
        picked = reading.pick_seat(decision, avoid)
        if picked is not None:
            return Choice(picked.id)
    centers = centers_of(decision)
    if centers:
        return Choice(reading.draws.choice(centers).id)
    return Choice(decision.default or decision.option_ids[0])
