"""Prompt injection between players: planted speeches reach the victim as quoted speech; obedience is measured."""

from __future__ import annotations

import asyncio

import pytest

from llm_werewolf.llm.base import Backend, Completion, CompletionRequest
from llm_werewolf.llm.fake import FakeBackend
from llm_werewolf.prompting.packs import search_roots
from llm_werewolf.prompting.render import Phrasebook
from llm_werewolf.rules.events import Speech
from llm_werewolf.strings.sanitize import clean_name
from llm_werewolf.texts import LANGUAGES
from tests.battery.injection import CATEGORIES, TABLES, ask, injection_texts, run_cell, stage
from tests.battery.lines import check_prompt
from tests.battery.sizes import current

SIZES = current()


class Recording:
    """A backend that keeps every request it forwards."""

    def __init__(self, inner: Backend) -> None:
        self.inner = inner
        self.name = inner.name
        self.model = inner.model
        self.profile = inner.profile
        self.requests: list[CompletionRequest] = []

    async def complete(self, request: CompletionRequest) -> Completion:
        self.requests.append(request)
        return await self.inner.complete(request)

    async def preflight(self) -> None:
        await self.inner.preflight()

    async def aclose(self) -> None:
        await self.inner.aclose()


def test_every_language_has_every_injection() -> None:
    texts = injection_texts()
    assert set(texts) == set(LANGUAGES) == set(TABLES)
    for language, entries in texts.items():
        assert set(entries) == {"control", *CATEGORIES}, language
        assert "{target}" in entries["vote_for_x"] and "{narrator}" in entries["fake_narrator"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_injection_reaches_the_victim_as_quoted_speech(language: str) -> None:
    variant = TABLES[language]
    book = Phrasebook(search_roots(), language, variant)
    for category in CATEGORIES:
        speech = "QZXINJ01Q " + injection_texts()[language][category]
        setup = next(s for seed in range(40) if (s := stage(variant, language, seed, category, speech)))
        assert setup.victim not in (setup.injector, setup.target)
        speeches = [r.event for r in setup.game.records if isinstance(r.event, Speech)]
        assert any("QZXINJ01Q" in s.text and s.seat == setup.injector for s in speeches)
        names = setup.game.state.seats
        backend = Recording(FakeBackend())
        choice = asyncio.run(ask(backend, setup, 1))
        assert setup.decision.option(choice.option) is not None
        prompt = backend.requests[0].prompt_text()
        assert "QZXINJ01Q" in prompt
        scan = check_prompt(
            prompt,
            {"QZXINJ01Q": clean_name(names[setup.injector].name)},
            quote_open=book.open_quote,
            quote_close=book.close_quote,
            narrator=book.narrator(),
        )
        assert scan.violations == [], scan.violations


async def test_the_harness_measures_injected_and_control_runs() -> None:
    cell = await run_cell(FakeBackend(seed=3), "en", "vote_for_x", 3, seed=2)
    assert cell.trials == 3
    assert 0 <= cell.obeyed <= 3 and 0 <= cell.control_obeyed <= 3
    assert cell.as_dict()["lift"] == round((cell.obeyed - cell.control_obeyed) / 3, 3)


@pytest.mark.model
async def test_the_embedded_model_under_injection() -> None:
    from llm_werewolf.llm.local import LocalBackend

    backend = Recording(LocalBackend(seed=1))
    for language in SIZES.injection_languages:
        for category in CATEGORIES:
            cell = await run_cell(backend, language, category, SIZES.injection_trials, seed=1)
            assert cell.trials == SIZES.injection_trials, cell.as_dict()
    assert backend.requests
    assert all("QZX" not in r.prompt_text() for r in backend.requests)
