"""Sort SDK exceptions into transient (retry) and permanent (fail now) transport faults."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable

from .errors import LLMError, PermanentError, TransientError
from .retry import is_retryable_status


def _status_of(exc: BaseException) -> int | None:
    for attribute in ("status_code", "status", "http_status"):
        value = getattr(exc, attribute, None)
        if isinstance(value, int):
            return value
    response = getattr(exc, "response", None)
    value = getattr(response, "status_code", None)
    return value if isinstance(value, int) else None


MESSAGE_CHARS = 300
"""How much of an SDK's error message a fault keeps (a record's reason); the preflight keeps it all."""


def _message(exc: BaseException, limit: int | None = MESSAGE_CHARS) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text if limit is None or len(text) <= limit else text[: limit - 3] + "..."


def classify(exc: BaseException, *, limit: int | None = MESSAGE_CHARS) -> LLMError:
    """The :class:`TransientError` or :class:`PermanentError` that ``exc`` stands for (its message cut to
    ``limit`` characters; ``None``: whole)."""
    if isinstance(exc, (TransientError, PermanentError)):
        return exc
    status = _status_of(exc)
    name = type(exc).__name__
    if status is not None:
        kind = TransientError if is_retryable_status(status) else PermanentError
        return kind(f"HTTP {status}: {_message(exc, limit)}", status=status)
    timeout_like = isinstance(exc, (TimeoutError, asyncio.TimeoutError)) or "Timeout" in name
    connection_like = isinstance(exc, ConnectionError) or "Connection" in name or "Connect" in name
    if timeout_like:
        return TransientError(f"timeout: {_message(exc, limit)}")
    if connection_like:
        return TransientError(f"connection failed: {_message(exc, limit)}")
    return PermanentError(f"{name}: {_message(exc, limit)}")


def redact_text(text: str, secrets: Iterable[str | None]) -> str:
    """``text`` with every secret (an API key a server echoed back) replaced by ``***``."""
    for secret in secrets:
        if secret and len(secret) >= 4:
            text = text.replace(secret, "***")
    return text


def redact(error: LLMError, secrets: Iterable[str | None]) -> LLMError:
    """``error`` with every secret (an API key a server echoed back) replaced by ``***``."""
    text = redact_text(str(error), secrets)
    if text == str(error) or not isinstance(error, (TransientError, PermanentError)):
        return error
    return type(error)(text, status=error.status)
