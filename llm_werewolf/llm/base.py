"""The backend protocol: one small interface every model backend implements.

A backend turns a :class:`CompletionRequest` into a :class:`Completion`. It
never judges the *content* of an answer (the agent parses and the rules
validate); it only raises for transport and configuration faults (see
:mod:`.errors`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, Protocol, runtime_checkable

from .profiles import Profile

AnswerMode = Literal["json", "text", "pick", "sequence"]
"""``json``: one JSON object following ``schema`` (structured output where the backend can).
``text``: free continuation of the prompt (a base model speaking), bounded by ``stop``/``max_chars``.
``pick``: exactly one of ``labels`` (a grammar where the backend has one), then an optional short tail.
``sequence``: several picks in one call, each continuing the transcript of the ones before (``sequence``;
only backends whose ``picks_sequences`` is true take it)."""


@dataclass(frozen=True, slots=True)
class SequenceStep:
    """One pick of a ``sequence`` call: ``text`` continues the transcript, then `` `` and one of ``labels``."""

    name: str
    text: str
    labels: tuple[str, ...]


class PickSequence(Protocol):
    """The picks of a ``sequence`` call, each step built from the labels taken before it (the caller's
    rules run between the model's picks, inside the one call)."""

    def first(self) -> SequenceStep | None:
        """The first pick (the same on every call; ``None``: nothing to pick)."""
        ...

    def answer(self, label: int | None) -> SequenceStep | None:
        """The index of the label taken at the current step (``None``: none); the next step, or ``None`` at the end."""
        ...


@dataclass(frozen=True, slots=True)
class CompletionRequest:
    """One model call.

    ``system`` is the stable prefix (rules, role, persona), ``user`` the changing
    part (history, the decision, the answer format). Transcript-style (base)
    models read ``system + user + cue`` as one text and continue it.
    """

    system: str
    user: str
    mode: AnswerMode = "json"
    cue: str = ""
    schema: Mapping[str, Any] | None = None
    labels: tuple[str, ...] = ()
    tail_chars: int = 0
    """pick mode: most characters of free text after the label (0: none)."""
    tail_required: bool = False
    max_chars: int = 0
    """text mode: most characters of the continuation (0: no grammar bound)."""
    max_tokens: int = 256
    stop: tuple[str, ...] = ()
    temperature: float = 0.7
    seed: int | None = None
    language: str = "en"
    purpose: str = "decision"
    sequence: PickSequence | None = None
    """sequence mode: the picks to walk (see :class:`PickSequence`)."""

    def transcript(self) -> str:
        """The prompt as one text, for models that continue a transcript."""
        return f"{self.system}\n\n{self.user}{self.cue}"

    def prompt_text(self) -> str:
        """Everything the model is shown, for hashing and --log-prompts."""
        parts = [self.system, self.user]
        if self.cue:
            parts.append(self.cue)
        return "\n\n".join(parts)

    def prompt_hash(self) -> str:
        return prompt_hash(self.prompt_text())


def prompt_hash(text: str) -> str:
    """A short stable digest of a prompt (sha256, 16 hex digits)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class Completion:
    """What came back: the raw text plus accounting."""

    text: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latency_ms: float = 0.0
    retries: int = 0
    """Transport retries this call needed (0: the first try succeeded)."""
    finish_reason: str | None = None
    note: str = ""
    """What the backend changed for good on or before this call and has not reported yet, e.g. it
    stepped its answer format down because the endpoint refused one (recorded in the call's record)."""


@runtime_checkable
class Backend(Protocol):
    """A language model behind one small interface."""

    name: str
    """``local``, ``openai``, ``langchain``, ``fake``."""
    model: str
    profile: Profile

    async def complete(self, request: CompletionRequest) -> Completion:
        """Run one call; raise :class:`~.errors.TransportError` when it failed for good."""
        ...

    async def preflight(self) -> None:
        """Check the endpoint before a game; raise :class:`~.errors.PreflightError` with one clear line."""
        ...

    async def aclose(self) -> None: ...


def describe_backend(backend: Backend) -> str:
    return f"{backend.name}:{backend.model}"
