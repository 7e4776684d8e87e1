"""Phones at a real table, in headless Chromium: LAN links, QR codes, an Arabic host page, the end screen.

The server listens on two loopback addresses: the host opens the host page at
``127.0.0.1`` while the links point at ``127.0.0.2`` (the ``--public-url``), so the
phones join through the link the host page shows, not through ``location.origin``.
Only loopback addresses are used.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright

from llm_werewolf.describe.describer import seat_genders
from llm_werewolf.describe.ui_text import ui_texts
from llm_werewolf.web.app import create_app
from llm_werewolf.web.links import public_bases
from llm_werewolf.web.tables import Lobby

from .support import HOST, wait_for
from .test_browser import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, _play_turn

PHONE: ViewportSize = {"width": 360, "height": 740}


@pytest.fixture
def two_addresses(tmp_path: Path) -> Iterator[tuple[str, str, Lobby]]:
    """A server on 127.0.0.1 and 127.0.0.2 (same port) whose links use 127.0.0.2."""
    listeners: list[socket.socket] = []
    first = socket.socket()
    first.bind(("127.0.0.1", 0))
    port = first.getsockname()[1]
    second = socket.socket()
    second.bind(("127.0.0.2", port))
    listeners += [first, second]
    for listener in listeners:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.listen(64)
    (public,) = public_bases("127.0.0.1", port, public_url=f"http://127.0.0.2:{port}/")
    lobby = Lobby(host_token=HOST, base_url=public, transcripts=tmp_path)
    config = uvicorn.Config(create_app(lobby), log_level="warning", access_log=False)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": listeners}, daemon=True)
    thread.start()
    end = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < end, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", public, lobby
    server.should_exit = True
    thread.join(timeout=10)
    for listener in listeners:
        listener.close()


@pytest.fixture
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def _fits(page: Page) -> bool:
    """Nothing on the page is wider than the screen (no sideways scrolling on a phone)."""
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"))


def _feed(page: Page) -> list[str]:
    return [t.strip() for t in page.locator("#feed-lines li").all_inner_texts()]


def test_two_phones_join_by_the_lan_link_and_play_to_the_end_screen(
    two_addresses: tuple[str, str, Lobby], browser: Browser
) -> None:
    local, public, lobby = two_addresses
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    host_context = browser.new_context(viewport={"width": 1000, "height": 1200})
    host = host_context.new_page()
    host.goto(f"{local}/host?token={HOST}&lang=ar")
    host.wait_for_selector("#ruleset option[value='one_night']", state="attached")
    assert host.evaluate("document.documentElement.dir") == "rtl"
    assert host.inner_text("#title") == "إعداد طاولة"
    assert host.inner_text("#seats thead").split() == [
        "المقعد",
        "الاسم",
        "من",
        "يلعب",
        "النموذج",
        "(ذكاء",
        "اصطناعي)",
        "الشخصية",
        "(ذكاء",
        "اصطناعي)",
    ]

    # every enumerated switch of every ruleset is a select holding exactly its values
    catalog = host_context.request.get(f"{local}/api/host/rulesets", headers={"X-Host-Token": HOST}).json()
    enumerated = 0
    builtin = [r for r in catalog["rulesets"] if r["id"] in ui_texts("en")["host"]["ruleset_names"]]
    assert len(builtin) == 5  # (a test's toy ruleset may be registered too)
    for ruleset in builtin:
        host.select_option("#ruleset", ruleset["id"])
        assert host.locator("#ruleset option:checked").inner_text() != ruleset["id"]  # a name, not the raw id
        for option in ruleset["options"]:
            if option["control"] != "select":
                continue
            enumerated += 1
            values = host.locator(f"#options select[data-name='{option['name']}'] option").evaluate_all(
                "nodes => nodes.map(n => JSON.parse(n.value))"
            )
            assert values == option["values"], option["name"]
        for option in ruleset["options"]:
            if option["control"] == "number" and "max" in option:
                box = host.locator(f"#options input[data-name='{option['name']}']")
                assert float(box.get_attribute("max") or "nan") == float(option["max"]), option["name"]
    assert enumerated >= 14  # tie policies, witch rules, victory modes, presets... and a three-way with_guard
    host.select_option("#ruleset", "lebanese_ghouls")
    assert "اللبنانية" in host.locator("#language option:checked").inner_text()

    host.select_option("#ruleset", "one_night")
    host.select_option("#language", "ar")
    host.select_option("#options select[data-name='minion_only_death_wolfless']", json.dumps("village_wins"))
    assert "تفوز القرية" in host.inner_text("#options") and "موت التابع" in host.inner_text("#options")
    host.fill("#players", "4")
    host.dispatch_event("#players", "change")
    host.fill("#seed", "7")
    host.click("#create")
    host.wait_for_selector("#links li[data-seat='2'] a")
    links = [host.get_attribute(f"#links li[data-seat='{n}'] a", "href") for n in (1, 2)]
    for link in links:
        assert link is not None and link.startswith(f"{public}/t/") and "127.0.0.1" not in link
    for n in (1, 2):
        qr = host.locator(f"#links li[data-seat='{n}'] img.qr")
        assert (qr.get_attribute("src") or "").startswith("data:image/svg+xml")
        assert qr.evaluate("img => img.complete && img.naturalWidth > 50")  # the CSP lets the QR code draw
        assert host.locator(f"#links li[data-seat='{n}'] button.copy").count() == 1
    assert host.locator("#local-only").count() == 1  # 127.0.0.2 is loopback: the host is told phones cannot reach it
    host.screenshot(path=str(ARTIFACTS / "host-ar-links.png"), full_page=True)
    table = next(iter(lobby.tables.values()))
    assert table.game.state.options.minion_only_death_wolfless == "village_wins"  # the select reached the rules

    phones: list[Page] = []
    for scheme, link in zip(("light", "dark"), links, strict=True):
        context = browser.new_context(viewport=PHONE, color_scheme=scheme, is_mobile=True)  # type: ignore[arg-type]
        page = context.new_page()
        page.goto(str(link))
        page.wait_for_selector("#no-decision")
        phones.append(page)
    screen = browser.new_context(viewport=PHONE).new_page()
    screen.goto(f"{public}{table.public_link('screen')}")
    host.click("#start")
    wait_for(lambda: table.status != "waiting", timeout=10, what="the game to start")
    end = time.monotonic() + 120
    speaker_shown = False
    while table.status == "running":
        assert time.monotonic() < end, "the game did not end on the phones"
        for number, page in enumerate(phones, start=1):
            if not speaker_shown and page.locator("#speech").count():  # this human's turn to speak
                screen.wait_for_function(
                    "n => (document.getElementById('turn').dataset.seats || '').split(',').includes(String(n))",
                    arg=number,
                    timeout=5_000,
                )
                name = table.game.config.names[number - 1]
                config = table.game.config
                gender = seat_genders(config.language or "ar", config.variant, config.names)[number - 1]
                speaks = "تتكلّم" if gender == "female" else "يتكلّم"  # the verb agrees with the seat
                assert name in screen.inner_text("#turn") and speaks in screen.inner_text("#turn")
                screen.screenshot(path=str(ARTIFACTS / "screen-ar-speaking.png"))
                speaker_shown = True
            _play_turn(page, f"مرحبا من المقعد {number}")
        time.sleep(0.05)
    assert speaker_shown
    assert table.status == "over", table.error

    for number, page in enumerate(phones, start=1):
        page.wait_for_function("() => document.body.dataset.status === 'over'", timeout=10_000)
        page.wait_for_selector("#feed-lines li.end")
        assert _fits(page), f"seat {number} is wider than a 360 px phone"
        # the feed as it arrived live is in reading order: the same as a fresh snapshot
        state = table.snapshot(number - 1)
        assert _feed(page) == [item["text"] for item in state["items"]]
        page.screenshot(path=str(ARTIFACTS / f"phone{number}-ar-end.png"), full_page=True)
    screen.wait_for_selector("#feed-lines li.end")
    assert _fits(screen)

    host.wait_for_selector("#end #winner")
    assert host.inner_text("#winner") == table.end_view()["winner"] != ""
    assert host.locator("#reveal tbody tr").count() == 4
    assert host.locator("#reveal tbody tr.won").count() == len(table.game.outcome.winners)  # type: ignore[union-attr]
    transcript = host.get_attribute("#transcript", "href")
    assert transcript
    rendered = host_context.request.get(f"{local}{transcript}")
    assert rendered.ok and "<html" in rendered.text().lower()
    host.screenshot(path=str(ARTIFACTS / "host-ar-end.png"), full_page=True)

    # play again: the same seats and links; the open phone pages follow by themselves
    host.click("#again")
    host.wait_for_function(
        "old => { const a = document.querySelector('#links a'); return a !== null && !a.href.includes(old); }",
        arg=f"/t/{table.id}/",
    )
    assert table.next_table is not None and table.next_table in lobby.tables
    for page in phones:
        page.wait_for_url(f"**/t/{table.next_table}/seat/**", timeout=10_000)
        page.wait_for_selector("#no-decision")
    rematch: Any = lobby.tables[table.next_table]
    assert [hub.token for hub in rematch.hubs] == [hub.token for hub in table.hubs]
    assert rematch.status == "waiting" and host.locator("#start").count() == 1


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_host_page_fits_a_phone(
    two_addresses: tuple[str, str, Lobby], browser: Browser, scheme: str, language: str
) -> None:
    local, _, _ = two_addresses
    context = browser.new_context(viewport=PHONE, color_scheme=scheme)  # type: ignore[arg-type]
    page = context.new_page()
    page.goto(f"{local}/host?token={HOST}&lang={language}")
    page.wait_for_selector("#ruleset option[value='chinese_werewolf']", state="attached")
    page.select_option("#ruleset", "chinese_werewolf")
    assert _fits(page)
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert (background == "rgb(246, 244, 239)") == (scheme == "light")
    page.screenshot(path=str(ARTIFACTS / f"host-{language}-{scheme}-360.png"), full_page=True)
    context.close()
