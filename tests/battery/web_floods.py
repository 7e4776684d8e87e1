"""Socket floods against a real ``serve`` stack on 127.0.0.1 (bench/reliability.py, item ``web``).

A uvicorn server runs the web app with :func:`llm_werewolf.web.server.server_settings`
in a thread of this process; the floods are plain sockets and websocket clients on
loopback. Measured: slow-header connections (how many were cut, how long a seat's page
then takes), spectator sockets past the cap, and a page that sends pings and never reads
(the server's memory growth, and whether the page was dropped).
"""

from __future__ import annotations

import base64
import contextlib
import os
import resource
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import uvicorn

from llm_werewolf.web.app import create_app
from llm_werewolf.web.server import GuardedH11Protocol, raise_file_limit, server_settings
from llm_werewolf.web.setup import TableSetup
from llm_werewolf.web.tables import Lobby

HOST_TOKEN = "flood-host-token"


@dataclass
class Served:
    port: int
    lobby: Lobby
    table_id: str
    seat_token: str
    public_token: str


@contextlib.contextmanager
def serve(header_timeout: float = 2.0) -> Iterator[Served]:
    """The app with a one-human One Night table, on a free loopback port, with the guarded protocol."""
    raise_file_limit()
    lobby = Lobby(host_token=HOST_TOKEN, transcripts=None)
    settings = server_settings()
    settings["log_level"] = "error"
    original = GuardedH11Protocol.header_timeout
    GuardedH11Protocol.header_timeout = header_timeout
    config = uvicorn.Config(create_app(lobby), host="127.0.0.1", port=0, **settings)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        end = time.monotonic() + 20
        while not server.started:
            if time.monotonic() > end:
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        port = server.servers[0].sockets[0].getsockname()[1]
        setup = TableSetup.model_validate(
            {"variant": "one_night", "language": "en", "seats": [{"player": "human"}, *[{"player": "heuristic"}] * 4]}
        )
        table = lobby.create(setup)
        yield Served(port, lobby, table.id, table.hubs[0].token, table.public.token)
    finally:
        server.should_exit = True
        thread.join(20)
        GuardedH11Protocol.header_timeout = original


def _get(port: int, path: str, timeout: float = 10.0) -> tuple[int, float]:
    """(status, seconds) of one GET."""
    started = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/") else 0
    return status, time.perf_counter() - started


def _get_retrying(port: int, path: str, within: float = 30.0) -> tuple[int, float]:
    """(status, seconds until the first answer): a refused or reset connection is tried again."""
    started = time.perf_counter()
    while time.perf_counter() - started < within:
        try:
            status, _ = _get(port, path)
            return status, time.perf_counter() - started
        except OSError:
            time.sleep(0.05)
    return 0, time.perf_counter() - started


def rss_mib() -> float:
    """This process's resident memory (MiB) from /proc, or the peak when /proc is absent."""
    try:
        with open("/proc/self/statm") as statm:
            pages = int(statm.read().split()[1])
        return pages * resource.getpagesize() / 2**20
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def slow_headers(count: int, header_timeout: float = 2.0) -> dict[str, Any]:
    """``count`` connections that never finish their request head; then a seat page is loaded."""
    with serve(header_timeout) as served:
        socks = []
        for _ in range(count):
            try:
                sock = socket.create_connection(("127.0.0.1", served.port), timeout=5)
                sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                socks.append(sock)
            except OSError:
                break
        opened = len(socks)
        time.sleep(0.2)
        status_during, seconds_during = _get_retrying(
            served.port, f"/t/{served.table_id}/seat/1?token={served.seat_token}"
        )
        started = time.monotonic()
        closed = 0
        for sock in socks:
            sock.settimeout(max(0.1, header_timeout + 3 - (time.monotonic() - started)))
            try:
                closed += sock.recv(1024) == b""
            except ConnectionResetError:
                closed += 1
            except TimeoutError:
                pass
            finally:
                sock.close()
        cut_within = time.monotonic() - started
        status_after, seconds_after = _get(served.port, f"/t/{served.table_id}/seat/1?token={served.seat_token}")
    return {
        "slow_connections": opened,
        "closed_by_server": closed,
        "all_closed_within_s": round(cut_within, 2),
        "header_timeout_s": header_timeout,
        "seat_page_during": status_during,
        "seat_page_during_s": round(seconds_during, 3),
        "seat_page_after": status_after,
        "seat_page_after_s": round(seconds_after, 3),
    }


def spectators(count: int) -> dict[str, Any]:
    """``count`` spectator websockets on one public token: how many the server took."""
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    with serve() as served:
        url = f"ws://127.0.0.1:{served.port}/ws/t/{served.table_id}/public?token={served.public_token}"
        accepted: list[Any] = []
        refused = 0
        for _ in range(count):
            try:
                accepted.append(connect(url, open_timeout=5))
            except InvalidStatus as exc:
                refused += exc.response.status_code == 429
        seat_url = f"ws://127.0.0.1:{served.port}/ws/t/{served.table_id}/seat/1?token={served.seat_token}"
        with connect(seat_url, open_timeout=5) as seat:
            seat_ok = '"snapshot"' in str(seat.recv(timeout=5))
        for client in accepted:
            client.close()
    return {
        "spectators_tried": count,
        "accepted": len(accepted),
        "refused_429": refused,
        "seat_still_connects": seat_ok,
    }


def _frame(payload: bytes) -> bytes:
    """One masked client text frame (payloads under 126 bytes)."""
    mask = os.urandom(4)
    return bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def ping_flood(pings: int) -> dict[str, Any]:
    """A seat page that sends ``pings`` pings and never reads a byte: the server's memory growth,
    and whether the server dropped the page (its queue gone while the client still holds the socket)."""
    with serve() as served:
        sock = socket.create_connection(("127.0.0.1", served.port), timeout=10)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        key = base64.b64encode(os.urandom(16)).decode()
        path = f"/ws/t/{served.table_id}/seat/1?token={served.seat_token}"
        sock.sendall(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        head = b""
        while b"\r\n\r\n" not in head:
            head += sock.recv(1)
        hub = served.lobby.tables[served.table_id].hubs[0]
        end = time.monotonic() + 10
        while not hub.queues and time.monotonic() < end:  # the page is served (snapshot queued)
            time.sleep(0.01)
        connected = bool(hub.queues)
        before = rss_mib()
        batch = _frame(b'{"type": "ping"}') * 1000
        sent = 0
        started = time.perf_counter()
        sock.settimeout(5)
        try:
            while sent < pings:
                sock.sendall(batch)
                sent += 1000
        except OSError:
            pass  # the server closed the connection
        end = time.monotonic() + 20
        peak = rss_mib()
        while hub.queues and time.monotonic() < end:  # the server works through what was sent
            time.sleep(0.1)
            peak = max(peak, rss_mib())
        seconds = time.perf_counter() - started
        dropped = connected and not hub.queues
        sock.close()
    return {
        "pings_planned": pings,
        "pings_sent": sent,
        "dropped_by_server": dropped,
        "server_rss_growth_mib": round(peak - before, 1),
        "seconds": round(seconds, 2),
    }
