"""End to end in headless Chromium (Debian's, driven by Playwright): two humans and AI seats play a game.

The host sets the table up on the host page, two people join from two separate
browser contexts with their own links, a table screen watches, and everyone
plays until the game is over. Screenshots are kept under ``test-artifacts/``.
"""

from __future__ import annotations

import re
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import uvicorn
from playwright.sync_api import Browser, Page, sync_playwright

from llm_werewolf.table_notes import ModelCall
from llm_werewolf.web.app import create_app
from llm_werewolf.web.tables import Lobby

from .support import HOST, wait_for

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "web"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def serving(lobby: Lobby) -> Iterator[str]:
    """The web app of ``lobby`` on a free loopback port, while the block runs: its base URL."""
    port = _free_port()
    config = uvicorn.Config(create_app(lobby), host="127.0.0.1", port=port, log_level="warning", access_log=False)
    uv = uvicorn.Server(config)
    thread = threading.Thread(target=uv.run, daemon=True)
    thread.start()
    end = time.monotonic() + 20
    while not uv.started:
        assert time.monotonic() < end, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        uv.should_exit = True
        thread.join(timeout=10)


@pytest.fixture
def server() -> Iterator[tuple[str, Lobby]]:
    lobby = Lobby(host_token=HOST)
    with serving(lobby) as url:
        yield url, lobby


@pytest.fixture
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def _play_turn(page: Page, text: str) -> bool:
    """Answer the open decision, if any, with its first option; ``True`` if something was clicked."""
    buttons = page.locator("#options button:enabled")
    if buttons.count() == 0:
        return False
    speech = page.locator("#speech")
    if speech.count():
        speech.fill(text)
    buttons.first.click()
    return True


def test_two_humans_in_two_browsers_play_a_game_to_the_end(server: tuple[str, Lobby], browser: Browser) -> None:
    base, lobby = server
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    host_context = browser.new_context()
    host = host_context.new_page()
    assert host.goto(f"{base}/host").status == 403  # type: ignore[union-attr]
    host.goto(f"{base}/host?token={HOST}")
    host.wait_for_selector("#ruleset option[value='one_night']", state="attached")
    host.select_option("#ruleset", "one_night")
    host.select_option("#language", "en")
    host.fill("#players", "4")
    host.dispatch_event("#players", "change")
    host.fill("#seed", "7")
    kinds = host.locator("#seats select.player")
    assert kinds.count() == 4
    assert [kinds.nth(i).input_value() for i in range(4)] == ["human", "human", "heuristic", "heuristic"]
    kinds.nth(3).select_option("fake")  # one AI seat is a model player (the deterministic fake backend)
    host.click("#create")
    host.wait_for_selector("#links li[data-seat='2'] a")
    host.screenshot(path=str(ARTIFACTS / "host-links.png"), full_page=True)
    links = [host.get_attribute(f"#links li[data-seat='{n}'] a", "href") for n in (1, 2)]
    screen_link = host.get_attribute("#links li:nth-last-child(1) a", "href")
    assert all(links) and screen_link
    assert len(lobby.tables) == 1
    table = next(iter(lobby.tables.values()))

    players: list[Page] = []
    for link in links:
        assert link is not None and link.startswith(f"{base}/t/")  # the whole link, as the host page shows it
        context = browser.new_context(viewport={"width": 420, "height": 900})  # a phone, each its own
        page = context.new_page()
        page.goto(link)
        page.wait_for_selector("#no-decision")
        players.append(page)
    screen = host_context.new_page()
    screen.goto(screen_link)
    host.click("#start")
    wait_for(lambda: table.status != "waiting", timeout=10, what="the game to start")

    shot: set[int] = set()
    end = time.monotonic() + 120
    while table.status == "running":
        assert time.monotonic() < end, "the game did not end in the browsers"
        for number, page in enumerate(players, start=1):
            if number not in shot and page.locator("#options button:enabled").count():
                page.screenshot(path=str(ARTIFACTS / f"seat{number}-decision.png"), full_page=True)
                shot.add(number)
            _play_turn(page, f"Hello from seat {number}")
        time.sleep(0.05)
    assert table.status == "over", table.error
    calls = [r.event for r in table.game.records if isinstance(r.event, ModelCall)]
    assert calls and {call.seat for call in calls} == {3}, "the model seat answered through its backend"

    for number, page in enumerate(players, start=1):
        page.wait_for_function("() => document.body.dataset.status === 'over'", timeout=10_000)
        page.wait_for_selector("#feed-lines li.end")
        role = page.inner_text("#role")
        dealt = table.game.state.seat(number - 1).start_role
        assert role, "the role card is shown"
        assert table.presenter.role(dealt) in page.inner_text("#private-lines")
        other = 3 - number
        assert f"Hello from seat {other}" in page.inner_text("#feed-lines"), "each human hears the other"
        page.screenshot(path=str(ARTIFACTS / f"seat{number}-end.png"), full_page=True)
    screen.wait_for_selector("#feed-lines li.end, #feed-lines li.narration")
    screen.screenshot(path=str(ARTIFACTS / "table-screen-end.png"), full_page=True)
    assert shot == {1, 2}
    for name in ("host-links", "seat1-decision", "seat2-decision", "seat1-end", "seat2-end", "table-screen-end"):
        assert (ARTIFACTS / f"{name}.png").stat().st_size > 1000


def _digits(text: str) -> int:
    """The number in a countdown line, whatever the language's words around it."""
    found = re.search(r"\d+", text)
    assert found, f"no number in {text!r}"
    return int(found.group())


def test_a_right_to_left_seat_page_counts_its_time_limit_down(server: tuple[str, Lobby], browser: Browser) -> None:
    """An Arabic One Night seat with a time limit: the page is rtl and its countdown is shown and falls."""
    base, lobby = server
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": 420, "height": 900})
    setup = {
        "variant": "one_night",
        "language": "ar",
        "seed": 3,
        "seats": [{"player": "human"}, {"player": "heuristic"}, {"player": "heuristic"}],
        "time_limit": 30,
        "on_timeout": "default",
    }
    created = context.request.post(f"{base}/api/host/tables", data=setup, headers={"X-Host-Token": HOST})
    assert created.ok, created.text()
    info = created.json()
    table = lobby.tables[info["id"]]
    page = context.new_page()
    page.goto(f"{base}{info['seats'][0]['link']}")
    page.wait_for_selector("#no-decision")
    assert page.evaluate("document.documentElement.dir") == "rtl"
    assert page.evaluate("getComputedStyle(document.getElementById('content')).direction") == "rtl"
    assert page.evaluate("document.documentElement.lang") == "ar"
    started = context.request.post(f"{base}/api/host/tables/{info['id']}/start", headers={"X-Host-Token": HOST})
    assert started.ok, started.text()

    clock = page.locator("#countdown")
    clock.wait_for(state="visible", timeout=20_000)
    first = _digits(clock.inner_text())
    assert 0 < first <= 30
    assert "ثانية" in clock.inner_text()  # the Arabic label, not an English fallback
    page.wait_for_function(
        "limit => { const m = (document.getElementById('countdown')?.textContent || '').match(/\\d+/);"
        " return m !== null && Number(m[0]) < limit; }",
        arg=first,
        timeout=5_000,
    )
    assert _digits(clock.inner_text()) < first
    assert clock.is_visible()
    page.screenshot(path=str(ARTIFACTS / "rtl-seat-countdown.png"), full_page=True)

    end = time.monotonic() + 90
    while table.status == "running":
        assert time.monotonic() < end, "the game did not end in the browser"
        _play_turn(page, "أنا قروي، صدقوني")
        time.sleep(0.05)
    assert table.status == "over", table.error
    page.wait_for_function("() => document.body.dataset.status === 'over'", timeout=10_000)
    page.wait_for_selector("#feed-lines li.end")
    assert page.evaluate("document.documentElement.dir") == "rtl"
    page.screenshot(path=str(ARTIFACTS / "rtl-seat-end.png"), full_page=True)
    for name in ("rtl-seat-countdown", "rtl-seat-end"):
        assert (ARTIFACTS / f"{name}.png").stat().st_size > 1000
    context.close()
