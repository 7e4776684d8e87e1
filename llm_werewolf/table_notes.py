"""Table notes: events the table adds around the rules (model calls, private thoughts, fallbacks,
narration, speech checks) and the answers of the opt-in probes (vote intents, suspicion estimates).

The rules core never reads these; they share the game's sequence numbers so a
transcript is one ordered log (see :func:`llm_werewolf.rules.engine.note`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .rules.events import EventBody


@dataclass(frozen=True, slots=True, kw_only=True)
class ModelCall(EventBody):
    """One call to a language model (god-only). ``prompt`` is kept only with --log-prompts."""

    kind: Literal["model_call"] = "model_call"
    seat: int | None
    decision_id: int | None
    purpose: str
    backend: str
    model: str
    attempt: int = 0
    prompt_hash: str = ""
    prompt: str | None = None
    raw_output: str = ""
    parsed: str | None = None
    error: str | None = None
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latency_ms: float = 0.0
    retries: int = 0
    """Transport retries the call needed (a failed call: the retries before it gave up)."""
    note: str = ""
    """What the backend changed for good on this call (or at the preflight, reported on the first
    call after it), e.g. "the endpoint refused json_schema output; asking json_object from now on";
    and what was done to the answer before it was taken ("trimmed: repetition (...)")."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Thought(EventBody):
    """A player's private reasoning: visible to that seat only, never to another."""

    kind: Literal["thought"] = "thought"
    seat: int
    decision_id: int
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Rejected(EventBody):
    """An agent's answer that the rules refused (god-only); the agent is asked again."""

    kind: Literal["rejected"] = "rejected"
    seat: int
    decision_id: int
    attempt: int
    answer: str
    error: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Fallback(EventBody):
    """The table answered for a seat (god-only): broken output, timeout, agent failure."""

    kind: Literal["fallback"] = "fallback"
    seat: int
    decision_id: int
    decision: str
    option: str
    reason: str
    source: str = "heuristic"


@dataclass(frozen=True, slots=True, kw_only=True)
class Narration(EventBody):
    """A line the narrator said (public).

    ``about`` is the sequence number of the record it voices (so renderings can
    place it right after that record); ``fallback`` marks a template line used
    after a refused LLM line.
    """

    kind: Literal["narration"] = "narration"
    key: str
    text: str
    about: int | None = None
    mode: str = "template"
    fallback: bool = False
    language: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class SpeechCheck(EventBody):
    """How a model seat's speech was made (god-only; llm_werewolf.speech, docs/speech-acts.md).

    ``source``: ``text`` (the model's own words were said) or ``voiced`` (its free text
    failed the coherence check, so its acts were voiced from the phrase bank).
    ``coherent``/``reasons``: the coherence check of the model's free text;
    ``contradictions``: ways the answer's acts contradict its own text (flagged, not refused);
    ``dropped``: acts the model sent that were not legal; ``model_text``: the free text when
    it was not said.
    """

    kind: Literal["speech_check"] = "speech_check"
    seat: int
    decision_id: int
    source: str
    coherent: bool
    reasons: tuple[str, ...] = ()
    contradictions: tuple[str, ...] = ()
    dropped: tuple[str, ...] = ()
    model_text: str = ""


TableEvent = ModelCall | Thought | Rejected | Fallback | Narration | SpeechCheck


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
