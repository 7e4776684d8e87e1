"""The table screen's read-aloud switch (headless Debian Chromium driven by Playwright): off by default;
once on, each story line of the narrator (dawn, exile, end) is handed to the browser's speech synthesis
with the table's language, and no other line is. The synthesis object is a stub that records its calls."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Browser

from llm_werewolf.describe.story import load_story
from llm_werewolf.table_notes import Narration
from llm_werewolf.web.tables import Lobby

from .support import HOST
from .test_browser import browser, server  # noqa: F401  (fixtures)

STUB = """
window.__spoken = [];
const stub = {
  speak(utterance) { window.__spoken.push({ text: utterance.text, lang: utterance.lang }); },
  cancel() { window.__spoken.push({ cancel: true }); },
};
Object.defineProperty(window, "speechSynthesis", { value: stub, configurable: true });
"""


def _story_lines(table: Any, language: str, variant: str) -> list[str]:
    story = load_story(language, variant)
    return [
        r.event.text
        for r in table.game.records
        if isinstance(r.event, Narration) and story.moment_of(r.event.key) is not None
    ]


def _screen_reads_aloud(served: tuple[str, Lobby], chrome: Browser, variant: str, language: str, speech: str) -> None:
    base, lobby = served
    context = chrome.new_context()
    context.add_init_script(STUB)
    setup = {
        "variant": variant,
        "language": language,
        "seed": 11,
        "seats": [{"player": "heuristic"} for _ in range(8)],
    }
    created = context.request.post(f"{base}/api/host/tables", data=setup, headers={"X-Host-Token": HOST})
    assert created.ok, created.text()
    info = created.json()
    table = lobby.tables[info["id"]]
    page = context.new_page()
    page.goto(f"{base}{info['screen']}")
    page.wait_for_function("() => document.body.dataset.status === 'waiting'", timeout=10_000)  # connected
    toggle = page.locator("#read-aloud")
    assert toggle.get_attribute("aria-pressed") == "false"
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    started = context.request.post(f"{base}/api/host/tables/{info['id']}/start", headers={"X-Host-Token": HOST})
    assert started.ok, started.text()
    end = time.monotonic() + 120
    while table.status == "running" or table.status == "waiting":
        assert time.monotonic() < end, "the game did not end"
        time.sleep(0.1)
    assert table.status == "over", table.error
    page.wait_for_function("() => document.body.dataset.status === 'over'", timeout=10_000)
    page.wait_for_timeout(500)
    spoken = page.evaluate("window.__spoken")
    told = _story_lines(table, language, variant)
    assert told, "the game said no story line"
    assert spoken and all(s.get("lang") == speech for s in spoken), spoken
    texts = [s["text"] for s in spoken]
    assert texts == told[-len(texts) :]  # every story line that reached the screen after the switch, in order
    assert told[-1] in texts  # the end is read
    feed = page.locator("#feed-lines li.narration").all_inner_texts()
    host_lines = [line for line in feed if line not in told]
    assert not set(host_lines) & set(texts)  # host lines (calls, counts) are never read
    context.close()


def test_the_table_screen_reads_the_story_aloud_in_the_tables_language(
    server: tuple[str, Lobby],  # noqa: F811
    browser: Browser,  # noqa: F811
) -> None:
    _screen_reads_aloud(server, browser, "city_mafia", "ru", "ru")


def test_traditional_chinese_is_read_with_a_taiwan_voice(
    server: tuple[str, Lobby],  # noqa: F811
    browser: Browser,  # noqa: F811
) -> None:
    _screen_reads_aloud(server, browser, "chinese_werewolf", "zh-Hant", "zh-TW")
