"""The LLM narrator on the embedded model (gemma-3-270m on the CPU). Marked ``model``; it runs in CI.

A whole three-player One Night game played by heuristic agents and narrated in llm mode: every
moment is narrated (by the model, or by the template after two refusals), every call is recorded
god-only, and every line the model got through is re-checked against the public record.
"""

from __future__ import annotations

import pytest

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.llm.local import LocalBackend
from llm_werewolf.narration import TemplateNarrator
from llm_werewolf.narration.checker import NarrationChecker
from llm_werewolf.narration.llm import LLMNarrator, LLMNarratorSettings
from llm_werewolf.narration.public import PublicFacts
from llm_werewolf.rules import Game, GameConfig, get_ruleset
from llm_werewolf.table import Table
from llm_werewolf.table_notes import ModelCall, Narration

pytestmark = pytest.mark.model

NAMES = ("Ann", "Bob", "Cid")


async def test_the_embedded_model_narrates_a_game_and_nothing_unchecked_is_shown() -> None:
    backend = LocalBackend(seed=3)
    await backend.preflight()
    game = Game(GameConfig(variant="one_night", names=NAMES, seed=3, language="en"))
    narrator = LLMNarrator(
        "one_night", "en", NAMES, backend, LLMNarratorSettings(seed=3, max_tokens=40, history=2, speeches=2)
    )
    await Table(game, [HeuristicAgent(seed=i) for i in range(3)], narrator=narrator).play()
    await backend.aclose()

    template = TemplateNarrator("one_night", "en", NAMES)  # hears the records in order, as the narrator's did
    told = {r.seq: line for r in game.records if (line := template.line_for(r)) is not None}
    voiced = list(told)
    lines = [r for r in game.records if isinstance(r.event, Narration)]
    assert [r.event.about for r in lines if isinstance(r.event, Narration)] == voiced
    calls = [r for r in game.records if isinstance(r.event, ModelCall)]
    assert len(voiced) <= len(calls) <= 2 * len(voiced)
    assert all(r.vis.scope == "god" for r in calls)
    assert all(isinstance(r.event, ModelCall) and r.event.backend == "local" and r.event.latency_ms > 0 for r in calls)
    assert sum(1 for r in calls if isinstance(r.event, ModelCall) and r.event.raw_output.strip()) > len(calls) // 2

    checker = NarrationChecker("one_night", "en", NAMES)
    facts = PublicFacts(roles_known=frozenset(get_ruleset("one_night").roles))
    spoken: list[str] = []
    accepted = 0
    by_seq = {r.seq: r for r in game.records}
    for record in game.records:
        facts.add(record)
        fact = told.get(record.seq)
        if fact is not None:
            spoken.append(fact.text)
        event = record.event
        if not isinstance(event, Narration):
            continue
        assert event.mode == "llm"
        assert (event.about or 0) in by_seq
        source = told.get(event.about or 0)
        assert source is not None
        if event.fallback:
            assert event.text == source.text
            continue
        accepted += 1
        verdict = checker.check(event.text, facts, spoken, source.text, call=event.key.startswith("cue."))
        assert verdict.ok, (event.text, verdict)
    assert accepted >= 1, "the model never got a line through"
