"""The HTML renderings of an Arabic and a Hebrew game in a real browser: headless Chromium (Debian's
package, installed by `make test`) driven by Playwright. Checks the direction, that names (Latin ones
too) and speeches are visible, and saves screenshots under test-artifacts/."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from llm_werewolf.render import render
from llm_werewolf.rules.events import Speech
from llm_werewolf.transcript import Transcript, read_transcript

from .support import play_to_file

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
LATIN_NAME = "Maya K."
LATIN_PERSONA = "Dr. Smith"


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Transcript]:
    """The games are played before the browser starts (Playwright's sync API holds the event loop)."""
    folder = tmp_path_factory.mktemp("browser")
    return {
        "ar-LB": game(folder, "lebanese_ghouls", 12),
        "he": game(folder, "online_mafia", 12),
        "god": game(folder, "lebanese_ghouls", 13),
    }


@pytest.fixture(scope="module")
def browser(games: dict[str, Transcript]) -> Iterator[Browser]:
    assert Path(CHROMIUM).is_file(), "Chromium is missing: `make browser` installs Debian's chromium package"
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


def game(tmp_path: Path, variant: str, seed: int) -> Transcript:
    from llm_werewolf.rules import get_ruleset
    from llm_werewolf.texts import default_names

    names = list(default_names(get_ruleset(variant).source_language, 8))
    names[2] = LATIN_NAME
    personas: list[str | None] = [None] * 8
    personas[5] = LATIN_PERSONA
    path = tmp_path / f"{variant}-{seed}.jsonl"
    play_to_file(path, variant, seed, players=8, names=names, personas=personas, narrator=True)
    return read_transcript(path)


def open_page(browser: Browser, html: str, path: Path) -> Page:
    path.write_text(html, encoding="utf-8")
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.goto(path.as_uri())
    return page


@pytest.mark.parametrize(("variant", "language"), [("lebanese_ghouls", "ar-LB"), ("online_mafia", "he")])
def test_right_to_left_transcript_in_chromium(
    browser: Browser, games: dict[str, Transcript], tmp_path: Path, variant: str, language: str
) -> None:
    transcript = games[language]
    assert transcript.header.variant == variant
    assert transcript.header.language == language
    page = open_page(browser, render(transcript, "html", "public"), tmp_path / f"{variant}.html")
    try:
        assert page.evaluate("document.documentElement.dir") == "rtl"
        assert page.evaluate("document.documentElement.lang") == language
        assert page.evaluate("getComputedStyle(document.body).direction") == "rtl"

        # Names, Latin ones included, are visible and bidi-isolated.
        for name in (transcript.header.names[0], LATIN_NAME):
            seat = page.locator("bdi.seat", has_text=name).first
            assert seat.is_visible(), name
            assert seat.evaluate("e => getComputedStyle(e).unicodeBidi") == "isolate"
        persona = page.locator("bdi.persona", has_text=LATIN_PERSONA).first
        assert persona.is_visible()

        # Speeches are visible, in their own direction, and laid out from the right.
        speeches = [r.event for r in transcript.records if isinstance(r.event, Speech)]
        assert speeches
        quote = page.locator("li.speech .quote").first
        assert quote.is_visible()
        assert quote.inner_text().strip() == speeches[0].text.strip()
        assert quote.evaluate("e => getComputedStyle(e).direction") == "rtl"
        item = page.locator("li.speech").first.bounding_box()
        box = quote.bounding_box()
        assert item is not None and box is not None
        assert abs((item["x"] + item["width"]) - (box["x"] + box["width"])) < 40, "an RTL line starts at the right"

        # The day heading is in the game's language, and the filters hide a category.
        assert page.locator("section.day h2").first.is_visible()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"transcript-{language}.png"), full_page=True)
        page.locator('input[data-category="speech"]').uncheck()
        assert not quote.is_visible()
    finally:
        page.close()


def test_god_view_perspective_filter_in_chromium(
    browser: Browser, games: dict[str, Transcript], tmp_path: Path
) -> None:
    transcript = games["god"]
    page = open_page(browser, render(transcript, "html", "god"), tmp_path / "god.html")
    try:
        private = page.locator('li[data-scope="seats"]').first
        assert private.is_visible()
        page.select_option("#perspective", "public")
        assert not private.is_visible()
        assert page.locator('li.speech[data-scope="public"]').first.is_visible()
        seat = private.get_attribute("data-seats")
        assert seat
        page.select_option("#perspective", seat.split()[0])
        assert private.is_visible()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "transcript-ar-LB-god.png"), full_page=False)
    finally:
        page.close()
