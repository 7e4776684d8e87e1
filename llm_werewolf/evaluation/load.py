"""Read one transcript into the facts the metrics score: checked, with the fallback's seats attributed."""

from __future__ import annotations

from pathlib import Path

from ..transcript import read_transcript
from .facts import GameFacts, check_facts, facts_from
from .fallback_seats import FALLBACK_SHARE_LIMIT, attribute_fallbacks


def load_facts(path: str | Path, max_fallback_share: float | None = None) -> GameFacts:
    """Read one transcript file into :class:`GameFacts` (:class:`~.facts.BadGame` when it cannot be
    scored); a model seat the fallback answered more often than ``max_fallback_share`` (default
    :data:`.fallback_seats.FALLBACK_SHARE_LIMIT`) is scored as the fallback's."""
    facts = facts_from(read_transcript(path), str(path))
    check_facts(facts)
    attribute_fallbacks(facts, FALLBACK_SHARE_LIMIT if max_fallback_share is None else max_fallback_share)
    return facts
