"""The table screen in headless Chromium shows a model's speech while it is generated, then the speech said.

The model seats play on a streaming OpenAI-compatible endpoint on loopback that stops the
first speech halfway until the test has read the screen (``tests/web/stream_server.py``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import httpx
import pytest
import uvicorn
from playwright.sync_api import Browser, expect, sync_playwright

from llm_werewolf.llm.streaming import shown
from llm_werewolf.session import Session, SessionSettings
from llm_werewolf.web.app import create_app
from llm_werewolf.web.tables import Lobby

from .stream_server import SPEECH, StreamState, streaming_server
from .support import HOST, wait_for
from .test_browser import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, _free_port


@pytest.fixture
def held_server() -> Iterator[tuple[str, Lobby, StreamState]]:
    """The web server (127.0.0.1) whose model seats talk to a streaming endpoint that holds the first speech."""
    hold = threading.Event()
    with streaming_server(StreamState(hold=hold, chunk_chars=4)) as (url, state):
        settings = SessionSettings(backend="openai", model="test-model", base_url=url, profile="openai", retries=1)
        lobby = Lobby(host_token=HOST, session=Session(settings))
        port = _free_port()
        config = uvicorn.Config(create_app(lobby), host="127.0.0.1", port=port, log_level="warning", access_log=False)
        server = uvicorn.Server(config)
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        end = time.monotonic() + 20
        while not server.started:
            assert time.monotonic() < end, "the server did not start"
            time.sleep(0.05)
        try:
            yield f"http://127.0.0.1:{port}", lobby, state
        finally:
            hold.set()
            server.should_exit = True
            thread.join(timeout=10)


@pytest.fixture
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def test_the_table_screen_shows_the_speech_growing_then_the_speech_said(
    held_server: tuple[str, Lobby, StreamState], browser: Browser
) -> None:
    base, lobby, state = held_server
    setup = {
        "variant": "one_night",
        "language": "en",
        "seats": [{"player": "openai:test-model"} for _ in range(3)],
        "seed": 3,
        "options": {"whispers": False},
        "night_step": 0,
    }
    headers = {"X-Host-Token": HOST}
    with httpx.Client(base_url=base, headers=headers, timeout=30) as client:
        table = client.post("/api/host/tables", json=setup).json()
        page = browser.new_context(viewport={"width": 360, "height": 740}).new_page()
        page.goto(base + table["screen"])
        page.wait_for_selector("#previews", state="attached")
        assert client.post(f"/api/host/tables/{table['id']}/start").status_code == 200
        wait_for(state.held.is_set, timeout=60, what="the first speech to be halfway")
        preview = page.locator("#previews p.preview .text")
        expect(preview).not_to_have_text("", timeout=20_000)
        partial = preview.inner_text()
        seat = page.locator("#previews p.preview").get_attribute("data-seat")
        expect(page.locator("#turn")).to_be_hidden()  # the speech shows: no "thinking…" line for that seat
        assert partial and shown(SPEECH).startswith(partial) and len(partial) < len(shown(SPEECH))
        assert page.locator("#previews p.said").count() == 0  # nothing is shown as said yet
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "screen-preview.png"), full_page=True)
        assert state.hold is not None
        state.hold.set()
        said = page.locator("#previews p.said")
        expect(said).to_contain_text(SPEECH, timeout=30_000)
        expect(page.locator(f"#previews p.preview[data-seat='{seat}']")).to_have_count(0)  # the preview is gone
        page.screenshot(path=str(ARTIFACTS / "screen-said.png"), full_page=True)
    web = lobby.get(table["id"])
    assert web is not None
    assert web.status in ("running", "over"), web.error
