"""Check every endpoint before a game starts, so a bad setup is one clear error, not a mid-game crash."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any

from .classify import classify
from .errors import LLMError, PreflightError, TransportError


def where(backend: Any) -> str:
    base_url = getattr(backend, "base_url", None)
    model = getattr(backend, "model", "?")
    name = getattr(backend, "name", "backend")
    return f"{name} model {model!r}" + (f" at {base_url}" if base_url else "")


def explain(exc: BaseException, backend: Any) -> PreflightError:
    """One line saying what is wrong with ``backend``'s endpoint, with the endpoint's whole message."""
    if isinstance(exc, PreflightError):
        return exc
    cause: BaseException = exc
    while isinstance(cause, LLMError) and cause.__cause__ is not None:  # to the SDK's own error, not yet cut
        cause = cause.__cause__
    status = getattr(exc, "status", None) if isinstance(exc, TransportError) else None
    fault = classify(cause, limit=None)
    status = status if status is not None else getattr(fault, "status", None)
    place = where(backend)
    if status in (401, 403):
        return PreflightError(
            f"{place}: the API key was refused (HTTP {status}); check the key, its variable or its file"
        )
    if status == 404:
        return PreflightError(f"{place}: unknown model or wrong path (HTTP 404): {fault}")
    if status is not None:
        return PreflightError(f"{place}: the endpoint answered HTTP {status}: {fault}")
    text = str(fault)
    if text.startswith("connection failed"):
        return PreflightError(f"{place}: cannot reach the endpoint ({text})")
    if text.startswith("timeout"):
        return PreflightError(f"{place}: the endpoint did not answer in time ({text})")
    return PreflightError(f"{place}: {text}")


async def preflight_all(backends: Iterable[Any]) -> None:
    """Preflight each distinct backend once (concurrently); raise the first problem found."""
    unique: dict[int, Any] = {}
    for backend in backends:
        unique.setdefault(id(backend), backend)
    results = await asyncio.gather(*(b.preflight() for b in unique.values()), return_exceptions=True)
    for backend, result in zip(unique.values(), results, strict=True):
        if isinstance(result, BaseException):
            raise explain(result, backend)
