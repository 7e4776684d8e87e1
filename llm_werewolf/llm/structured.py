"""Structured-output downgrade: when an endpoint refuses the answer format it was asked for.

A profile promises ``json_schema`` (or ``json_object``), but some endpoints behind
the same API refuse it: OpenAI-style servers with a 400 naming ``response_format``,
``llama_cpp.server`` with a 500 "validation error" on ``('body', 'response_format',
'type')``. The refusal is recognised by its words, whatever its status, and is not
retried as a server fault. Rather than failing
every call (each one a fallback to the heuristic agent), a backend steps down once,
for the rest of its life: ``json_schema`` -> ``json_object`` -> ``text`` (the prompt
describes the JSON in every case, and the agent parses the answer strictly).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol, TypeVar

from .base import Completion, CompletionRequest
from .errors import PermanentError, TransientError, TransportError
from .profiles import Profile, Structured
from .retry import RetrySettings, call_with_retries

T = TypeVar("T")

log = logging.getLogger("llm_werewolf.llm")

NEXT: dict[Structured, Structured] = {"json_schema": "json_object", "json_object": "text", "grammar": "text"}
"""The format tried after one the endpoint refused."""

NOT_A_REFUSAL = frozenset({401, 403, 404, 408, 429})
"""Statuses that say something else (key, model, time, rate) even when the message quotes the request."""
MARKERS = (
    "response_format",
    "response format",
    "json_schema",
    "json_object",
    "structured output",
    "structured_output",
    "guided_json",
    "guided decoding",
)
"""Words of an error message that say the answer format was what the endpoint refused."""


def refuses_format(exc: BaseException) -> bool:
    """Whether ``exc`` says the endpoint does not take the structured-output request.

    By the words of its message, whatever its status: a 400 or 422 from OpenAI-style
    servers, a 500 from ``llama_cpp.server`` (its request validation fails inside the
    handler). Only 401, 403, 404, 408 and 429 are never read as a refusal.
    """
    if isinstance(exc, NotImplementedError):  # a LangChain model without with_structured_output
        return True
    if not isinstance(exc, (TransportError, PermanentError, TransientError)):
        return False
    if exc.status in NOT_A_REFUSAL:
        return False
    text = str(exc).casefold()
    return any(marker in text for marker in MARKERS)


def not_retried_when_refused(call: Callable[[], Awaitable[T]]) -> Callable[[], Awaitable[T]]:
    """``call``, with a refusal of the answer format made permanent: a 500 that says so is not
    a server fault worth four tries with backoff, it is the same refusal every time."""

    async def once() -> T:
        try:
            return await call()
        except TransientError as exc:
            if refuses_format(exc):
                raise PermanentError(str(exc), status=exc.status) from exc
            raise

    return once


@dataclass(frozen=True, slots=True)
class Downgrade:
    """What a backend did: from one format to the next, and why."""

    model: str
    old: Structured
    new: Structured
    reason: str

    def __str__(self) -> str:
        return f"{self.model}: the endpoint refused {self.old} output; asking {self.new} from now on ({self.reason})"


def step_down(
    profile: Profile, refused: Structured, model: str, reason: BaseException
) -> tuple[Profile, Downgrade | None]:
    """(the profile to use now, the step this call took or None).

    Concurrent calls may all be refused with the same format: only the first
    one steps down; the others just retry with the format already chosen.
    """
    if profile.structured != refused or refused not in NEXT:
        return profile, None
    change = Downgrade(model, refused, NEXT[refused], " ".join(str(reason).split())[:200])
    log.warning("%s", change)
    return profile.with_overrides(structured=change.new), change


class SteppingBackend(Protocol):
    """A backend whose ``profile`` may step down (the openai and langchain backends)."""

    model: str
    profile: Profile
    retry: RetrySettings
    format_notes: list[str]
    """Steps down not yet reported in a call's record (the next completion carries them)."""


def take_notes(backend: SteppingBackend) -> str:
    """The steps down ``backend`` took since the last call that reported them, as one line."""
    notes = "; ".join(backend.format_notes)
    backend.format_notes.clear()
    return notes


def _note(backend: SteppingBackend, change: Downgrade | None) -> bool:
    if change is None:
        return False
    backend.format_notes.append(str(change))
    return True


async def call_stepping_down(
    backend: SteppingBackend,
    make_call: Callable[[], Callable[[], Awaitable[T]]],
    asks_format: Callable[[Profile], bool],
    what: str,
) -> tuple[T, int]:
    """(result, transport retries) of one completion, stepping ``backend.profile`` down when the
    endpoint refuses the answer format it was asked for.

    ``make_call()`` builds the call for the backend's current profile (it may raise
    ``NotImplementedError`` when the model has no structured output); ``asks_format(profile)``
    says whether that call asks for a structured format. A refused request counts in the retries.
    """
    refused = 0
    for _ in range(len(NEXT) + 1):
        profile = backend.profile
        try:
            call = make_call()
        except NotImplementedError as exc:  # e.g. a LangChain model without with_structured_output
            backend.profile, change = step_down(backend.profile, profile.structured, backend.model, exc)
            if not _note(backend, change):
                raise
            continue
        if asks_format(profile):
            call = not_retried_when_refused(call)
        try:
            result, retries = await call_with_retries(call, backend.retry, what=what)
        except TransportError as exc:
            if not asks_format(profile) or not refuses_format(exc):
                raise
            # Another call may have stepped down meanwhile: step_down compares with the current profile.
            backend.profile, change = step_down(backend.profile, profile.structured, backend.model, exc)
            _note(backend, change)
            refused += exc.attempts
            continue
        return result, retries + refused
    # Not reached: the last rung, text, asks for no format.
    raise TransportError(f"{what}: every answer format was refused", attempts=refused)


PROBE = CompletionRequest(
    system="Answer with one JSON object.",
    user="ping",
    mode="json",
    schema={
        "type": "object",
        "properties": {"ok": {"type": "boolean"}},
        "required": ["ok"],
        "additionalProperties": False,
    },
    max_tokens=1,
    temperature=0.0,
    purpose="preflight",
)
"""The preflight's one-token structured call: does the endpoint take the answer format?"""


class ProbedBackend(SteppingBackend, Protocol):
    async def complete(self, request: CompletionRequest) -> Completion: ...


async def probe_format(backend: ProbedBackend) -> None:
    """Ask ``backend`` one token in its answer format before the game, so an endpoint that
    refuses the format steps down now (once, logged, and reported in the first call's record)
    rather than on a seat's first decision. A fault other than a refusal is left to the game:
    the ping before this already proved the endpoint answers."""
    kept, backend.retry = backend.retry, RetrySettings(attempts=1)
    try:
        notes = (await backend.complete(PROBE)).note
    except TransportError as exc:
        log.debug("%s: the answer-format probe failed (%s); the game will see", backend.model, exc)
        notes = take_notes(backend)
    finally:
        backend.retry = kept
    if notes:
        backend.format_notes.append(f"at the preflight: {notes}")
