"""Helpers for the web tests: a lobby with a known host token, table creation, polling."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlsplit

from fastapi.testclient import TestClient

from llm_werewolf.web.tables import WebTable

HOST = "host-secret-for-tests"


def token_of(link: str) -> str:
    return parse_qs(urlsplit(link).query)["token"][0]


def seats(*players: str) -> list[dict[str, Any]]:
    return [{"player": player} for player in players]


def create(client: TestClient, **setup: Any) -> dict[str, Any]:
    setup.setdefault("night_step", 0)  # no minimum night step unless a test asks for one
    response = client.post("/api/host/tables", json=setup, headers={"X-Host-Token": HOST})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def start(client: TestClient, table_id: str) -> None:
    response = client.post(f"/api/host/tables/{table_id}/start", headers={"X-Host-Token": HOST})
    assert response.status_code == 200, response.text


def wait_for(condition: Callable[[], object], timeout: float = 30.0, what: str = "condition") -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def state(client: TestClient, table: dict[str, Any], seat: int) -> dict[str, Any]:
    link = table["seats"][seat - 1]["link"]
    response = client.get(f"/api/t/{table['id']}/seat/{seat}/state", params={"token": token_of(link)})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def answer(
    client: TestClient, table: dict[str, Any], seat: int, decision: dict[str, Any], option: str, text: str = ""
) -> Any:
    link = table["seats"][seat - 1]["link"]
    return client.post(
        f"/api/t/{table['id']}/seat/{seat}/answer",
        params={"token": token_of(link)},
        json={"decision_id": decision["id"], "option": option, "text": text},
    )


def play_out(client: TestClient, table: dict[str, Any], web: WebTable, humans: list[int], text: str = "hi") -> None:
    """Answer every human decision with the first option (and ``text`` for speeches) until the game ends."""
    end = time.monotonic() + 60
    while web.status == "running":
        assert time.monotonic() < end, "the game did not end"
        for seat in humans:
            decision = state(client, table, seat)["decision"]
            if decision is not None:
                answer(client, table, seat, decision, decision["options"][0]["id"], text if decision["speech"] else "")
        time.sleep(0.01)


def wait_past(client: TestClient, table: dict[str, Any], seat: int, decision_id: int) -> None:
    """Wait until ``seat`` no longer shows decision ``decision_id``."""

    def moved_on() -> bool:
        current = state(client, table, seat)["decision"]
        return current is None or current["id"] != decision_id

    wait_for(moved_on, what=f"seat {seat} to leave decision {decision_id}")
