"""What the roles' tactics read off a decision (no tactics here)."""

from __future__ import annotations

from llm_werewolf.rules import Decision


def offered(decision: Decision) -> list[int]:
    """The seats ``decision`` offers, lowest first."""
    return sorted(o.target for o in decision.options if o.kind == "seat" and o.target is not None)


def fallback(decision: Decision) -> str:
    """The decision's default, else its first option."""
    return decision.default if decision.default is not None else decision.options[0].id
