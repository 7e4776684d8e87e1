"""Where an act stands on a seat: for it or against it (so one speech never says both).

A vouch, an agreement and a result that clears a seat (a ``good`` check, a seen
village role, a fellow mason) are *for* the seat; an accusation, a vote, a
disagreement and a result that damns it (a ``bad`` check, a seen wolf, a seen
bad-side role) are *against* it. Questions, claims and results that say nothing
about a seat's side (a save, a block, a swap, an investigator's list of roles)
take no stance. Two acts of one speech with opposite stances on one seat
contradict each other: «Bob is good. I accuse Bob.» is a sentence no player says.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from ..rules.act_vocabulary import vocabulary
from ..rules.acts import Act

Stance = Literal["for", "against"]

FOR_KINDS = frozenset({"defend", "agree"})
AGAINST_KINDS = frozenset({"accuse", "vote", "disagree"})
_FOR_FACTS = frozenset({"saw_mason", "guild"})
_AGAINST_FACTS = frozenset({"saw_wolf"})
_ROLE_FACTS = frozenset({"saw_role"})
"""Results whose value is the seat's role: against it for a bad-side role, for it otherwise."""


def stance(act: Act, variant: str) -> tuple[int, Stance] | None:
    """The seat ``act`` takes a side on, and which side (``None``: no stance)."""
    if act.target is None:
        return None
    if act.kind in FOR_KINDS:
        return act.target, "for"
    if act.kind in AGAINST_KINDS:
        return act.target, "against"
    if act.kind != "result" or act.fact is None:
        return None
    if act.fact in _AGAINST_FACTS:
        return act.target, "against"
    if act.fact in _FOR_FACTS:
        return act.target, "for"
    vocab = vocabulary(variant)
    fact = vocab.fact(act.fact)
    if fact is None or fact.target != "seat":
        return None
    if fact.values == ("bad", "good") and act.value in ("bad", "good"):
        return act.target, "against" if act.value == "bad" else "for"
    if act.fact in _ROLE_FACTS and act.value is not None:
        return act.target, "against" if act.value in vocab.bad_roles else "for"
    return None


def contradicts(act: Act, acts: Iterable[Act], variant: str) -> bool:
    """Whether ``act`` takes the opposite side of one of ``acts`` on the same seat."""
    mine = stance(act, variant)
    if mine is None:
        return False
    seat, side = mine
    return any(s is not None and s[0] == seat and s[1] != side for s in (stance(a, variant) for a in acts))


def contradictions_within(acts: Iterable[Act], variant: str) -> list[tuple[Act, Act]]:
    """Every pair of ``acts`` that takes opposite sides on one seat."""
    listed = list(acts)
    return [(a, b) for i, a in enumerate(listed) for b in listed[i + 1 :] if contradicts(b, [a], variant)]
