"""The llm narrator's ModelCall records count transport retries like the agent's do."""

from __future__ import annotations

import asyncio

from llm_werewolf.llm import FakeBackend, TransientError
from llm_werewolf.narration import TemplateNarrator
from llm_werewolf.narration.llm import LLMNarrator
from llm_werewolf.rules import Game, GameConfig, Record
from llm_werewolf.table_notes import ModelCall, Narration
from llm_werewolf.texts import default_names

NAMES = default_names("en", 8)
LINE = "The first night settles over the city like a heavy coat."


def _first_moment() -> list[Record]:
    game = Game(GameConfig("city_mafia", NAMES, seed=3, language="en"))
    template = TemplateNarrator("city_mafia", "en", NAMES)
    for index, record in enumerate(game.records):
        if template.line_for(record) is not None:
            return game.records[: index + 1]
    raise AssertionError("nothing narrated")


def _calls(backend: FakeBackend) -> tuple[list[ModelCall], list[Narration]]:
    out = asyncio.run(LLMNarrator("city_mafia", "en", NAMES, backend).narrate(_first_moment()))
    return [o for o in out if isinstance(o, ModelCall)], [o for o in out if isinstance(o, Narration)]


def test_a_call_that_needed_retries_records_them() -> None:
    calls, lines = _calls(FakeBackend([TransientError("HTTP 503", status=503), TransientError("HTTP 429"), LINE]))
    assert [c.retries for c in calls] == [2]
    assert calls[0].error is None and lines[0].text == LINE and not lines[0].fallback


def test_a_call_that_gave_up_records_the_retries_before_it_did() -> None:
    calls, lines = _calls(FakeBackend([TransientError("HTTP 503", status=503)] * 3))  # the fake tries 3 times
    assert [c.retries for c in calls] == [2]
    assert "gave up after 3 tries" in (calls[0].error or "") and lines[0].fallback


def test_a_first_try_records_no_retry() -> None:
    calls, _ = _calls(FakeBackend([LINE]))
    assert [c.retries for c in calls] == [0]
