"""Groundedness of one game's table talk: of the acts that assert a fact, how many hold.

Every act of a public speech is classed over the god view by
:func:`llm_werewolf.speech.grounding.classify` (``grounded``, ``lie``, ``hallucination``,
``opinion``; docs/evaluation.md, "Grounding: a lie is not a hallucination"). An act *asserts a fact*
when it is not an opinion. A speech's acts count as marked fabrications when the speaker's private
note for that speech (its last ``thought`` record before the speech, the heuristic's
``fabricated acts: 0, 2``) names their positions: a marked reason that does not hold is a lie, an
unmarked one a hallucination.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection

from ..agents.heuristic import FABRICATED
from ..rules.events import Speech
from ..speech.grounding import classify
from ..table_notes import Thought
from .facts import GameFacts

Ratio = tuple[float, int]
"""(hits, n) of one measure in one game."""


def marked_positions(note: str) -> frozenset[int]:
    """The act positions a private note marks as fabricated (``fabricated acts: 0, 2``)."""
    for line in note.splitlines():
        if line.startswith(FABRICATED):
            return frozenset(int(part) for part in line[len(FABRICATED) :].split(",") if part.strip().isdigit())
    return frozenset()


def grounding_counts(game: GameFacts, seats: Collection[int]) -> Counter[str]:
    """How many acts of the public speeches of ``seats`` fall in each class (``grounded``, ``lie``,
    ``hallucination``, ``opinion``); empty for a game read without its records."""
    counts: Counter[str] = Counter()
    if game.transcript is None:
        return counts
    records = game.transcript.records
    notes: dict[int, str] = {}
    """Per seat, its last private note not yet matched to a speech."""
    for record in records:
        event = record.event
        if isinstance(event, Thought):
            notes[event.seat] = event.text
            continue
        if not isinstance(event, Speech):
            continue
        note = notes.pop(event.seat, "")
        if event.to is not None or record.vis.scope != "public" or event.seat not in seats:
            continue
        marked = marked_positions(note)
        for position, act in enumerate(event.acts):
            counts[classify(act, records, event.seat, game.variant, record.seq, position in marked)] += 1
    return counts


def grounding_ratios(game: GameFacts, seats: Collection[int]) -> dict[str, Ratio | None]:
    """``groundedness`` (grounded acts / acts that assert a fact) and ``hallucination_share``
    (hallucinated acts / acts that assert a fact) over the public speeches of ``seats``; ``None`` for
    both where they assert no fact."""
    counts = grounding_counts(game, seats)
    asserted = counts["grounded"] + counts["lie"] + counts["hallucination"]
    if not asserted:
        return {"groundedness": None, "hallucination_share": None}
    return {
        "groundedness": (counts["grounded"], asserted),
        "hallucination_share": (counts["hallucination"], asserted),
    }
