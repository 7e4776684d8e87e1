"""Structured-output downgrade: when an endpoint refuses the answer format it was asked for.

A profile promises ``json_schema`` (or ``json_object``), but some endpoints behind
the same API refuse it with a 400 naming ``response_format``. Rather than failing
every call (each one a fallback to the heuristic agent), a backend steps down once,
for the rest of its life: ``json_schema`` -> ``json_object`` -> ``text`` (the prompt
describes the JSON in every case, and the agent parses the answer strictly).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol, TypeVar

from .errors import PermanentError, TransportError
from .profiles import Profile, Structured
from .retry import RetrySettings, call_with_retries

T = TypeVar("T")

log = logging.getLogger("llm_werewolf.llm")

NEXT: dict[Structured, Structured] = {"json_schema": "json_object", "json_object": "text", "grammar": "text"}
"""The format tried after one the endpoint refused."""

REFUSAL_STATUS = frozenset({400, 422})
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
    """Whether ``exc`` says the endpoint does not take the structured-output request."""
    if isinstance(exc, NotImplementedError):  # a LangChain model without with_structured_output
        return True
    if not isinstance(exc, (TransportError, PermanentError)):
        return False
    if exc.status is not None and exc.status not in REFUSAL_STATUS:
        return False
    text = str(exc).casefold()
    return any(marker in text for marker in MARKERS)


@dataclass(frozen=True, slots=True)
class Downgrade:
    """What a backend did: from one format to the next, and why."""

    model: str
    old: Structured
    new: Structured
    reason: str

    def __str__(self) -> str:
        return f"{self.model}: the endpoint refused {self.old} output; asking {self.new} from now on ({self.reason})"


def step_down(profile: Profile, refused: Structured, model: str, reason: BaseException) -> tuple[Profile, bool]:
    """(the profile to use now, whether this call changed it).

    Concurrent calls may all be refused with the same format: only the first
    one steps down; the others just retry with the format already chosen.
    """
    if profile.structured != refused or refused not in NEXT:
        return profile, False
    change = Downgrade(model, refused, NEXT[refused], str(reason)[:200])
    log.warning("%s", change)
    return profile.with_overrides(structured=change.new), True


class SteppingBackend(Protocol):
    """A backend whose ``profile`` may step down (the openai and langchain backends)."""

    model: str
    profile: Profile
    retry: RetrySettings


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
            backend.profile, changed = step_down(backend.profile, profile.structured, backend.model, exc)
            if not changed:
                raise
            continue
        try:
            result, retries = await call_with_retries(call, backend.retry, what=what)
        except TransportError as exc:
            if not asks_format(profile) or not refuses_format(exc):
                raise
            # Another call may have stepped down meanwhile: step_down compares with the current profile.
            backend.profile, _ = step_down(backend.profile, profile.structured, backend.model, exc)
            refused += exc.attempts
            continue
        return result, retries + refused
    # Not reached: the last rung, text, asks for no format.
    raise TransportError(f"{what}: every answer format was refused", attempts=refused)
