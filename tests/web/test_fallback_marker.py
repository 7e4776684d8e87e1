"""The host page learns how many of an AI seat's decisions the fallback answered (its discreet marker)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from llm_werewolf.session import Session, SessionSettings
from llm_werewolf.web.app import create_app
from llm_werewolf.web.tables import Lobby
from tests.llm.fake_server import fake_openai_server

from .support import HOST, create, start, wait_for


def test_the_host_view_counts_an_ai_seat_s_fallbacks() -> None:
    with fake_openai_server() as (url, _):  # every answer names "Bob", who is never an option
        lobby = Lobby(host_token=HOST, session=Session(SessionSettings(base_url=url, profile="text")))
        with TestClient(create_app(lobby)) as client:
            players = [{"player": "openai:test-model"}, {"player": "heuristic"}, {"player": "heuristic"}]
            table = create(client, variant="one_night", language="en", seed=5, seats=players)
            start(client, table["id"])
            web = lobby.tables[table["id"]]
            wait_for(lambda: web.status != "running", timeout=120, what="the game to end")
            assert web.status == "over", web.error
            view = client.get(f"/api/host/tables/{table['id']}", headers={"X-Host-Token": HOST}).json()
    model, *heuristic = view["seats"]
    assert model["fallbacks"] > 0 and [s["fallbacks"] for s in heuristic] == [0, 0]
