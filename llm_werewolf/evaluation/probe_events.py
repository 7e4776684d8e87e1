"""Table events the opt-in probes record (god-only; registered with the transcript schema).

This module imports nothing from the transcript layer, so the schema can import it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..rules.events import EventBody


@dataclass(frozen=True, slots=True, kw_only=True)
class VoteIntent(EventBody):
    """A seat's answer to "whom would you vote against now?", polled by the probe.

    ``about`` is the sequence number of the utterance just heard (or of the day's
    ``PhaseStarted`` for the poll before the first speech); ``round`` numbers the
    polls of the game.
    """

    kind: Literal["vote_intent"] = "vote_intent"
    seat: int
    about: int
    round: int
    option: str
    target: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class SuspicionEstimate(EventBody):
    """A seat's estimate of p(seat j is on the wolf side) for each other living seat j, after a day's talk."""

    kind: Literal["suspicion"] = "suspicion"
    seat: int
    day: int
    estimates: tuple[tuple[int, float], ...]
    method: str = "sampled_intents"


PROBE_EVENT_TYPES = (VoteIntent, SuspicionEstimate)
