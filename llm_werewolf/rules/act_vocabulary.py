"""The speech-act vocabulary of a ruleset, found by its id (the kinds and shapes: :mod:`.act_kinds`).

Every ruleset has the same eight act kinds; what differs is the *results* it declares
(``Ruleset.speech_facts``, with its role units'), gathered in its ``Ruleset.act_vocabulary``.
"""

from __future__ import annotations

from . import registry
from .act_kinds import (
    ACT_KINDS,
    BINARY,
    DISCOURSE_KINDS,
    MAX_ACTS,
    MAX_SPEECH_ACTS,
    QUESTIONS,
    REASONS,
    ROLE,
    SEAT_ACTS,
    Fact,
    TargetKind,
    Vocabulary,
)
from .errors import UnknownVariant


def vocabulary(variant: str) -> Vocabulary:
    """The vocabulary ``variant``'s ruleset declares (the common kinds without results for an unknown one)."""
    found = _BY_VARIANT.get(variant)
    if found is None:
        try:
            found = registry.find(variant).act_vocabulary
        except UnknownVariant:
            return Vocabulary(variant)
        _BY_VARIANT[variant] = found
    return found


_BY_VARIANT: dict[str, Vocabulary] = {}

__all__ = [
    "ACT_KINDS",
    "BINARY",
    "DISCOURSE_KINDS",
    "MAX_ACTS",
    "MAX_SPEECH_ACTS",
    "QUESTIONS",
    "REASONS",
    "ROLE",
    "SEAT_ACTS",
    "Fact",
    "TargetKind",
    "Vocabulary",
    "vocabulary",
]
