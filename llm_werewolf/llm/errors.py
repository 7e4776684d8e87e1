"""Errors raised by model backends.

Bad *model output* is never an exception (the agent parses what it can and the
table re-asks); these are for transport and configuration problems.
"""

from __future__ import annotations


class LLMError(RuntimeError):
    """Base class of every backend error."""


class BackendConfigError(LLMError, ValueError):
    """A backend spec or setting is wrong (unknown backend, missing model name, bad profile)."""


class TransientError(LLMError):
    """A fault worth retrying: rate limit (429), server error (5xx), timeout, dropped connection."""

    def __init__(self, message: str, *, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status


class PermanentError(LLMError):
    """A fault that retrying cannot fix: bad request, bad key, unknown model (other 4xx)."""

    def __init__(self, message: str, *, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status


class TransportError(LLMError):
    """A call failed for good: a permanent fault, or a transient one that survived every retry."""

    def __init__(self, message: str, *, attempts: int, status: int | None = None) -> None:
        super().__init__(message)
        self.attempts = attempts
        self.status = status


class PreflightError(LLMError):
    """The endpoint cannot play: unreachable, bad key, unknown model. One clear line."""
