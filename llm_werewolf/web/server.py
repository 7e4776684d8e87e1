"""Running the web app under uvicorn with connection limits.

:class:`GuardedH11Protocol` closes a connection that has not sent its whole request
head within :data:`~.limits.HEADER_TIMEOUT` seconds (a slow-header client holds no file
descriptor for long; uvicorn's own keep-alive timer restarts on every byte), and
refuses a new connection outright while :data:`~.limits.HTTP_CONNECTIONS` are open, so
spectators and slow clients cannot lock out the seats and the host.
"""

from __future__ import annotations

import asyncio
import resource
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from . import limits


class GuardedH11Protocol(H11Protocol):
    header_timeout: float = limits.HEADER_TIMEOUT
    max_connections: int = limits.HTTP_CONNECTIONS

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        if len(self.connections) >= self.max_connections:
            transport.close()
            self.transport = transport
            self._headers_due: asyncio.TimerHandle | None = None
            return
        super().connection_made(transport)
        self._arm()

    def _arm(self) -> None:
        self._headers_due = self.loop.call_later(self.header_timeout, self._headers_late)

    def _disarm(self) -> None:
        due = getattr(self, "_headers_due", None)
        if due is not None:
            due.cancel()
            self._headers_due = None

    def _headers_late(self) -> None:
        self._headers_due = None
        if not self.transport.is_closing():
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:
            self._disarm()  # the request head is in

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and self.conn.their_state is h11.IDLE and self._headers_due is None:
            self._arm()  # a kept-alive connection has the same time for its next request head

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


def raise_file_limit() -> int:
    """Lift the soft limit on open files to the hard limit (returns the new soft limit)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        target = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            return target
        except (ValueError, OSError):
            return soft
    return soft


def server_settings() -> dict[str, Any]:
    """uvicorn settings of ``serve``: the guarded HTTP protocol, small websocket frames, short keep-alive."""
    return {
        "http": GuardedH11Protocol,
        "ws": "websockets",
        "ws_max_size": limits.WS_MAX_BYTES,
        "ws_max_queue": 16,
        "ws_ping_interval": 20.0,
        "ws_ping_timeout": 20.0,
        "timeout_keep_alive": 5,
        "limit_concurrency": limits.HTTP_CONNECTIONS + 50,
        "h11_max_incomplete_event_size": 16 * 1024,
        "access_log": False,  # seat links carry their secret token in the query string
        "log_level": "warning",
    }
