"""Every act a ruleset's vocabulary can produce (for tests, docs and the phrase-bank check)."""

from __future__ import annotations

from collections.abc import Iterator

from ..rules.act_vocabulary import SEAT_ACTS, vocabulary
from ..rules.acts import Act
from ..rules.variant import get_ruleset


def sample_acts(variant: str, *, speaker: int = 0, target: int = 1, other: int = 2) -> Iterator[Act]:
    """One act of every kind and every result value of ``variant`` (seats as given)."""
    ruleset = get_ruleset(variant)
    vocab = vocabulary(variant)
    for role in sorted(ruleset.roles):
        yield Act("claim", role=role)
    for kind in vocab.kinds:
        if kind in SEAT_ACTS:
            yield Act(kind, target=target)
    yield Act("defend", target=speaker)
    for fact in vocab.facts:
        values: list[str | None] = list(sorted(ruleset.roles) if fact.takes_role else fact.values) or [None]
        for value in values:
            seat = None if fact.target == "none" else (0 if fact.target == "center" else target)
            yield Act("result", target=seat, other=other if fact.other else None, fact=fact.id, value=value)
