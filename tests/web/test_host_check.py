"""``serve`` answers only under the addresses it printed: a rebound DNS name gets nothing."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect

from llm_werewolf.web.app import create_app
from llm_werewolf.web.host_check import allowed_hosts
from llm_werewolf.web.tables import Lobby

from .support import HOST


def _client(host: str) -> TestClient:
    allowed = allowed_hosts("0.0.0.0", ["http://192.168.1.20:8765"])
    return TestClient(create_app(Lobby(host_token=HOST), allowed_hosts=allowed), base_url=f"http://{host}")


@pytest.mark.parametrize("host", ["192.168.1.20:8765", "127.0.0.1:8765", "localhost:8765", "[::1]:8765", "LOCALHOST"])
def test_the_printed_addresses_are_served(host: str) -> None:
    with _client(host) as client:
        assert client.get("/host", params={"token": HOST}).status_code == 200


@pytest.mark.parametrize("host", ["attacker.example:8765", "attacker.example", "192.168.1.21:8765", ""])
def test_any_other_host_gets_nothing(host: str) -> None:
    with _client("127.0.0.1:8765") as client:
        page = client.get("/host", params={"token": HOST}, headers={"host": host})
        assert page.status_code == 421 and HOST not in page.text
        assert client.get("/", headers={"host": host}).status_code == 421
        with (
            pytest.raises((WebSocketDisconnect, WebSocketDenialResponse)),
            client.websocket_connect("/ws/t/x/public?token=y", headers={"host": host}),
        ):
            pass


def test_a_public_url_and_a_bound_address_are_allowed() -> None:
    assert "play.example.org" in allowed_hosts("0.0.0.0", ["https://play.example.org/werewolf"])
    assert "10.0.0.5" in allowed_hosts("10.0.0.5", ["http://10.0.0.5:8765"])
    assert "fe80::1" in allowed_hosts("fe80::1", [])
