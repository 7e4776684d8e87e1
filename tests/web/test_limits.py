"""Web limits at reduced size, loopback only: message shape, send queues, socket caps, Origin, slow headers."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest
import uvicorn
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketDenialResponse

from llm_werewolf.web import limits
from llm_werewolf.web.app import _serve, create_app
from llm_werewolf.web.limits import Outbox, PayloadError, parse_message
from llm_werewolf.web.server import GuardedH11Protocol
from llm_werewolf.web.tables import Lobby, WebTable

from .support import HOST, create, seats, token_of

FOUR = {"variant": "one_night", "language": "en", "seed": 5}


def _table(client: TestClient) -> dict[str, Any]:
    return create(client, **FOUR, seats=seats("human", "heuristic", "heuristic", "heuristic", "heuristic"))


def _seat_socket(table: dict[str, Any]) -> str:
    return f"/ws/t/{table['id']}/seat/1?token={token_of(table['seats'][0]['link'])}"


@pytest.mark.parametrize(
    ("raw", "key"),
    [
        ("x" * (limits.MAX_MESSAGE_CHARS + 1), "too_large"),
        ("[" * 5000 + "]" * 5000, "too_deep"),
        ('{"a": ' + "9" * 5000 + "}", "bad_number"),
        ('{"a": NaN}', "bad_request"),
        ("[1, 2]", "bad_request"),
        ("{", "bad_request"),
    ],
)
def test_bad_messages_are_named(raw: str, key: str) -> None:
    with pytest.raises(PayloadError, match=key):
        parse_message(raw)


def test_a_bad_websocket_message_gets_an_error_reply_and_the_socket_stays(client: TestClient) -> None:
    table = _table(client)
    with client.websocket_connect(_seat_socket(table)) as socket_:
        assert socket_.receive_json()["type"] == "snapshot"
        for raw, key in [
            ('{"type": "answer", "text": "' + "y" * 25_000 + '"}', "too_large"),
            ("[" * 3000 + "]" * 3000, "too_deep"),
            ('{"type": "ping", "n": ' + "7" * 5000 + "}", "bad_number"),
        ]:
            socket_.send_text(raw)
            reply = socket_.receive_json()
            assert reply["type"] == "error" and reply["error"] == key and reply["message"]
        socket_.send_text('{"type": "ping"}')
        assert socket_.receive_json() == {"type": "pong"}


def test_the_answer_endpoint_answers_4xx_for_bad_bodies(client: TestClient) -> None:
    table = _table(client)
    url = f"/api/t/{table['id']}/seat/1/answer"
    params = {"token": token_of(table["seats"][0]["link"])}
    deep = client.post(url, params=params, content="[" * 3000 + "]" * 3000)
    assert deep.status_code == 400 and deep.json()["error"] == "too_deep"
    big = client.post(url, params=params, content="x" * (5 * limits.MAX_MESSAGE_CHARS))
    assert big.status_code == 413 and big.json()["error"] == "too_large"


def test_a_foreign_origin_is_refused(client: TestClient) -> None:
    table = _table(client)
    with (
        pytest.raises(WebSocketDenialResponse),
        client.websocket_connect(_seat_socket(table), headers={"origin": "http://evil.example"}),
    ):
        pass
    with client.websocket_connect(_seat_socket(table), headers={"origin": "http://testserver"}) as socket_:
        assert socket_.receive_json()["type"] == "snapshot"


def test_sockets_per_seat_are_capped(client: TestClient) -> None:
    table = _table(client)
    opened = []
    try:
        for _ in range(limits.SOCKETS_PER_SEAT):
            socket_ = client.websocket_connect(_seat_socket(table)).__enter__()
            assert socket_.receive_json()["type"] == "snapshot"
            opened.append(socket_)
        with pytest.raises(WebSocketDenialResponse), client.websocket_connect(_seat_socket(table)):
            pass
    finally:
        for socket_ in opened:
            socket_.__exit__(None, None, None)
    with client.websocket_connect(_seat_socket(table)) as again:  # the slots are free again
        assert again.receive_json()["type"] == "snapshot"


class _StalledPage:
    """A page that floods pings and never reads: every send after the first blocks forever."""

    headers: ClassVar[dict[str, str]] = {}

    def __init__(self) -> None:
        self.sent = 0
        self.pings = 0
        self.closed: int | None = None

    async def accept(self) -> None:
        return None

    async def send_json(self, data: Any) -> None:
        self.sent += 1
        if self.sent > 1:
            await asyncio.Event().wait()

    async def receive_text(self) -> str:
        await asyncio.sleep(0)
        self.pings += 1
        return '{"type": "ping"}'

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = code


def test_a_page_that_never_reads_is_dropped_with_a_bounded_queue() -> None:
    async def run() -> tuple[_StalledPage, WebTable]:
        lobby = Lobby(host_token=HOST)
        from llm_werewolf.web.setup import TableSetup

        table = lobby.create(TableSetup.model_validate({**FOUR, "seats": seats("human", *["heuristic"] * 4)}))
        page = _StalledPage()
        await asyncio.wait_for(_serve(page, table, 0), 10)  # type: ignore[arg-type]
        return page, table

    page, table = asyncio.run(run())
    assert page.closed == 1008
    assert page.pings <= limits.QUEUE_LIMIT + 3  # the pongs it did not read: bounded, then dropped
    assert not table.hubs[0].queues


def test_outbox_stops_taking_messages_once_full() -> None:
    async def run() -> Outbox:
        box = Outbox(limit=3)
        for i in range(10):
            box.offer({"i": i})
        return box

    box = asyncio.run(run())
    assert box.qsize() == 3 and box.overflowed.is_set()


@pytest.fixture
def guarded_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    """A real uvicorn on 127.0.0.1 with the guarded protocol at reduced size."""
    monkeypatch.setattr(GuardedH11Protocol, "header_timeout", 0.5)
    monkeypatch.setattr(GuardedH11Protocol, "max_connections", 20)
    config = uvicorn.Config(
        create_app(Lobby(host_token=HOST)), host="127.0.0.1", port=0, http=GuardedH11Protocol, log_level="error"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    end = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < end, "server did not start"
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    yield port
    server.should_exit = True
    thread.join(10)


def _closed_within(sock: socket.socket, seconds: float) -> bool:
    sock.settimeout(seconds)
    try:
        return sock.recv(1024) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def _get(port: int) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    return data


def test_slow_headers_are_cut_and_connections_are_capped(guarded_server: int) -> None:
    port = guarded_server
    slow = []
    for _ in range(30):
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        slow.append(sock)
        time.sleep(0.005)
    try:
        # over the cap: closed at once; the others: closed when their header time is up
        closed = [_closed_within(sock, 3.0) for sock in slow]
        assert all(closed)
        assert _get(port).startswith(b"HTTP/1.1 200")
    finally:
        for sock in slow:
            sock.close()


def test_a_drip_fed_header_does_not_keep_its_connection(guarded_server: int) -> None:
    with socket.create_connection(("127.0.0.1", guarded_server), timeout=5) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\n")
        started = time.monotonic()
        closed = False
        while time.monotonic() - started < 3:
            try:
                sock.sendall(b"X-A: b\r\n")  # one header line every 0.1 s: each byte would reset a keep-alive timer
            except (BrokenPipeError, ConnectionResetError):
                closed = True
                break
            time.sleep(0.1)
        assert closed or _closed_within(sock, 1.0)
        assert time.monotonic() - started < 2.5
