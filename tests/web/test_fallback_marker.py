"""The host page and the table screen learn how many of an AI seat's decisions the fallback answered (their
discreet marker)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi.testclient import TestClient

from llm_werewolf.session import Session, SessionSettings
from llm_werewolf.table_notes import Fallback
from llm_werewolf.web.app import create_app
from llm_werewolf.web.tables import Lobby
from tests.llm.fake_server import fake_openai_server

from .support import HOST, create, start, token_of, wait_for


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


def test_the_table_screen_counts_day_fallbacks_while_the_game_runs_and_all_at_the_end() -> None:
    """The public pages' marker: a night fallback never shows while the game runs (it would tell the table
    that the seat acts at night); once the game is over, every fallback counts, as on the host page."""
    with fake_openai_server() as (url, _):  # every answer names "Bob", who is never an option
        lobby = Lobby(host_token=HOST, session=Session(SessionSettings(base_url=url, profile="text")))
        with TestClient(create_app(lobby)) as client:
            players = [{"player": "openai:test-model"}, {"player": "heuristic"}, {"player": "heuristic"}]
            table = create(client, variant="one_night", language="en", seed=1, seats=players)  # seat 1: the Seer
            web = lobby.tables[table["id"]]
            screen: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
            web.public.queues.add(screen)  # what every table screen receives
            start(client, table["id"])
            wait_for(lambda: web.status != "running", timeout=120, what="the game to end")
            assert web.status == "over", web.error
            token = token_of(table["screen"])
            final = client.get(f"/api/t/{table['id']}/public/state", params={"token": token}).json()
    fallbacks = [r for r in web.game.records if isinstance(r.event, Fallback) and r.event.seat == 0]
    by_day = [r for r in fallbacks if r.phase.startswith("day")]
    assert len(by_day) < len(fallbacks), "the model seat must fall back at night too, or this test proves nothing"
    messages = [screen.get_nowait() for _ in range(screen.qsize())]
    running = [m["fallbacks"][0] for m in messages if m["type"] == "update"]
    assert running and max(running) == len(by_day)
    assert all(m["fallbacks"][1:] == [0, 0] for m in messages if "fallbacks" in m)
    over = [m for m in messages if m["type"] == "status" and m["status"] == "over"]
    assert over and over[-1]["fallbacks"] == [len(fallbacks), 0, 0]
    assert final["fallbacks"] == [len(fallbacks), 0, 0]
