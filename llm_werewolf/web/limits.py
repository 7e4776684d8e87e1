"""Limits of the browser table: messages, JSON shape, send queues, sockets and connections.

* a websocket message over :data:`MAX_MESSAGE_CHARS`, nested deeper than
  :data:`MAX_JSON_DEPTH` or holding an integer longer than :data:`MAX_INT_DIGITS` digits
  gets an error reply (the socket stays open); the HTTP answer endpoint answers 400/413;
* every page's send queue holds at most :data:`QUEUE_LIMIT` messages: a page that does
  not read (a slow or hostile reader) is dropped instead of growing the server's memory;
* websockets per seat token, per public token and overall are capped (refused with 429);
* HTTP connections overall are capped and must finish their request headers within
  :data:`HEADER_TIMEOUT` seconds (see :mod:`.server`).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

MAX_MESSAGE_CHARS = 20_000
MAX_JSON_DEPTH = 16
MAX_INT_DIGITS = 32
QUEUE_LIMIT = 256
SOCKETS_PER_SEAT = 4
SOCKETS_PER_PUBLIC = 64
SOCKETS_TOTAL = 400
HTTP_CONNECTIONS = 600
HEADER_TIMEOUT = 10.0
WS_MAX_BYTES = 4 * MAX_MESSAGE_CHARS
"""The websocket frame limit given to the server (a longer message is cut off by the protocol)."""


class PayloadError(ValueError):
    """A message that cannot be read; ``str(error)`` is the key of its reply (``too_large``...)."""


def json_depth(raw: str) -> int:
    """The deepest nesting of arrays and objects in ``raw`` (strings skipped), without parsing it."""
    depth = deepest = 0
    in_string = escaped = False
    for char in raw:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _small_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise PayloadError("bad_number")
    return int(text)


def parse_message(raw: str) -> dict[str, Any]:
    """A page's JSON object, or :class:`PayloadError` naming why not."""
    if len(raw) > MAX_MESSAGE_CHARS:
        raise PayloadError("too_large")
    if json_depth(raw) > MAX_JSON_DEPTH:
        raise PayloadError("too_deep")
    try:
        data = json.loads(raw, parse_int=_small_int, parse_constant=_no_constant)
    except PayloadError:
        raise
    except (ValueError, RecursionError):
        raise PayloadError("bad_request") from None
    if not isinstance(data, dict):
        raise PayloadError("bad_request")
    return data


def _no_constant(name: str) -> Any:
    raise PayloadError("bad_request")


class Outbox(asyncio.Queue[dict[str, Any]]):
    """A page's bounded send queue; when it overflows the page is dropped (``overflowed`` is set)."""

    def __init__(self, limit: int = QUEUE_LIMIT) -> None:
        super().__init__(maxsize=limit)
        self.overflowed = asyncio.Event()

    def offer(self, message: dict[str, Any]) -> None:
        if self.overflowed.is_set():
            return
        try:
            self.put_nowait(message)
        except asyncio.QueueFull:
            self.overflowed.set()


def offer_all(queues: Iterable[asyncio.Queue[dict[str, Any]]], message: dict[str, Any]) -> None:
    """Offer ``message`` to every page (an unbounded plain queue just takes it)."""
    for queue in list(queues):
        if isinstance(queue, Outbox):
            queue.offer(message)
        else:
            queue.put_nowait(message)


@dataclass
class SocketGate:
    """Counts the open websockets per token (seat or public) and overall."""

    total_limit: int = SOCKETS_TOTAL
    counts: dict[str, int] = field(default_factory=dict)
    total: int = 0

    def enter(self, key: str, limit: int) -> bool:
        if self.total >= self.total_limit or self.counts.get(key, 0) >= limit:
            return False
        self.counts[key] = self.counts.get(key, 0) + 1
        self.total += 1
        return True

    def leave(self, key: str) -> None:
        left = self.counts.get(key, 0) - 1
        if left > 0:
            self.counts[key] = left
        else:
            self.counts.pop(key, None)
        self.total = max(0, self.total - 1)
