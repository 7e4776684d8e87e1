"""Bounded retries of transport faults, with tenacity (one place, not a loop per backend).

Rate limits (429), server errors (5xx), timeouts and dropped connections are
retried with exponential backoff plus jitter, up to ``attempts`` tries and
``max_wait`` seconds between tries; every other fault (400, 401, 403, 404...)
fails at once. Backends set their SDK's own retries to 0 so the two never stack.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

from tenacity import (
    AsyncRetrying,
    RetryError,
    retry_if_exception_type,
    stop_after_attempt,
    wait_exponential,
    wait_random,
)
from tenacity.wait import wait_base

from .errors import PermanentError, TransientError, TransportError

T = TypeVar("T")

RETRYABLE_STATUS = frozenset({408, 429})
"""The 4xx answers that are retried: 408 (the server timed the request out) and 429 (rate limit).
Every 5xx is retryable too; every other 4xx (400, 401, 403, 404, 409, 422...) fails at once."""


def is_retryable_status(status: int) -> bool:
    return status in RETRYABLE_STATUS or status >= 500


@dataclass(frozen=True, slots=True)
class RetrySettings:
    attempts: int = 4
    """Tries in all (1 = no retry)."""
    initial: float = 0.5
    """Seconds before the first retry; doubles each time."""
    max_wait: float = 8.0
    """Cap on one wait."""
    jitter: float = 0.5
    """Up to this many random seconds added to each wait."""


def backoff(settings: RetrySettings) -> wait_base:
    """Exponential backoff (``initial`` doubling, capped at ``max_wait``) plus up to ``jitter`` random seconds."""
    exponential = wait_exponential(multiplier=settings.initial, min=0, max=settings.max_wait)
    return exponential + wait_random(0, settings.jitter) if settings.jitter > 0 else exponential


async def call_with_retries(
    call: Callable[[], Awaitable[T]],
    settings: RetrySettings,
    *,
    what: str,
    on_retry: Callable[[int], None] | None = None,
) -> tuple[T, int]:
    """Run ``call``, retrying :class:`TransientError`; returns (result, retries used).

    A :class:`PermanentError` or a transient fault on the last try becomes a
    :class:`TransportError` naming ``what`` and the number of tries.
    """
    retrying = AsyncRetrying(
        stop=stop_after_attempt(max(1, settings.attempts)),
        wait=backoff(settings),
        retry=retry_if_exception_type(TransientError),
        reraise=False,
    )
    tries = 0
    try:
        async for attempt in retrying:
            with attempt:
                tries += 1
                if tries > 1 and on_retry is not None:
                    on_retry(tries - 1)
                result = await call()
    except PermanentError as exc:
        raise TransportError(f"{what}: {exc}", attempts=tries, status=exc.status) from exc
    except RetryError as exc:
        last = exc.last_attempt.exception()
        status = getattr(last, "status", None)
        raise TransportError(f"{what}: gave up after {tries} tries: {last}", attempts=tries, status=status) from last
    return result, tries - 1
