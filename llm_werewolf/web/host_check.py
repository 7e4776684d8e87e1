"""The ``Host`` header check of ``serve``: pages answer only under the names the server printed.

A web page on another site can make a browser resolve its own name to this machine
(DNS rebinding) and then read the pages as if they were its own: the browser sends that
site's name in ``Host``. Refusing every ``Host`` but the addresses ``serve`` printed
(the LAN addresses or ``--public-url``, and the loopback names) closes that door, for
pages, API calls and websockets alike.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Receive, Scope, Send

LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "::1"})


def host_name(value: str) -> str:
    """The host name of a ``Host`` header or a URL's authority, lower case, port and brackets removed."""
    try:
        return (urlsplit("//" + value.strip()).hostname or "").lower()
    except ValueError:
        return ""


def allowed_hosts(bind: str, bases: Iterable[str]) -> frozenset[str]:
    """The names a browser may use: each printed base URL's host, the loopback names, the bound address."""
    names = {host_name(urlsplit(base).netloc) for base in bases} | LOOPBACK_NAMES
    if bind.strip() not in ("", "0.0.0.0", "::"):
        names.add(host_name(bind if ":" not in bind else f"[{bind}]"))
    return frozenset(name for name in names if name)


class HostCheck:
    """ASGI middleware: a request or websocket whose ``Host`` is not allowed gets 421 and nothing else."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str]) -> None:
        self.app = app
        self.allowed = frozenset(name.lower() for name in allowed)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            headers = dict(scope.get("headers") or [])
            name = host_name(headers.get(b"host", b"").decode("latin-1"))
            if name not in self.allowed:
                if scope["type"] == "websocket":
                    await send({"type": "websocket.close", "code": 1008})
                    return
                await PlainTextResponse("unknown host", status_code=421)(scope, receive, send)
                return
        await self.app(scope, receive, send)
