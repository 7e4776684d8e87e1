"""The table screen's fallback marker in headless Debian Chromium (Playwright): a model seat whose every answer
falls back carries the marker with the host page's count once the game is over; the heuristic seats carry none."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from llm_werewolf.session import Session, SessionSettings
from llm_werewolf.web.tables import Lobby
from tests.llm.fake_server import fake_openai_server

from .support import HOST
from .test_browser import browser, serving  # noqa: F401  (fixture)


@pytest.fixture
def model_server() -> Iterator[tuple[str, Lobby]]:
    with fake_openai_server() as (url, _):  # every answer names "Bob", who is never an option
        lobby = Lobby(host_token=HOST, session=Session(SessionSettings(base_url=url, profile="text")))
        with serving(lobby) as base:
            yield base, lobby


def test_the_table_screen_marks_the_seat_the_fallback_answered(
    model_server: tuple[str, Lobby],
    browser: Browser,  # noqa: F811
) -> None:
    base, lobby = model_server
    context = browser.new_context()
    setup = {
        "variant": "one_night",
        "language": "en",
        "seed": 1,
        "night_step": 0,
        "seats": [{"player": "openai:test-model"}, {"player": "heuristic"}, {"player": "heuristic"}],
    }
    created = context.request.post(f"{base}/api/host/tables", data=setup, headers={"X-Host-Token": HOST})
    assert created.ok, created.text()
    info = created.json()
    page = context.new_page()
    page.goto(f"{base}{info['screen']}")
    page.wait_for_function("() => document.body.dataset.status === 'waiting'", timeout=10_000)
    started = context.request.post(f"{base}/api/host/tables/{info['id']}/start", headers={"X-Host-Token": HOST})
    assert started.ok, started.text()
    page.wait_for_function("() => document.body.dataset.status === 'over'", timeout=120_000)
    total = lobby.tables[info["id"]].public_fallbacks()[0]
    assert total > 0
    mark = page.locator('#players-list li[data-seat="1"] span.fallback')
    mark.wait_for(timeout=10_000)
    assert mark.inner_text().strip() == f"⚕ {total}"
    assert mark.get_attribute("title") == "fallback answers"
    assert (
        page.locator(
            '#players-list li[data-seat="2"] span.fallback, #players-list li[data-seat="3"] span.fallback'
        ).count()
        == 0
    )
    context.close()
