"""Structured-output downgrade: when an endpoint refuses the answer format it was asked for.

A profile promises ``json_schema`` (or ``json_object``), but some endpoints behind
the same API refuse it with a 400 naming ``response_format``. Rather than failing
every call (each one a fallback to the heuristic agent), a backend steps down once,
for the rest of its life: ``json_schema`` -> ``json_object`` -> ``text`` (the prompt
describes the JSON in every case, and the agent parses the answer strictly).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from .errors import PermanentError, TransportError
from .profiles import Profile, Structured

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
