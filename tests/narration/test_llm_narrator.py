"""LLM narration with scripted backends: accepted lines, refusals, re-asks, fallbacks, records, secrecy."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Sequence

import pytest

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.llm import BackendConfigError, Completion, CompletionRequest, FakeBackend, TransportError, get_profile
from llm_werewolf.narration import TemplateNarrator
from llm_werewolf.narration.llm import LLMNarrator, LLMNarratorSettings
from llm_werewolf.opening.narrators import (
    NarratorSpecError,
    build_narrator,
    narrator_backend_spec,
    narrator_label,
)
from llm_werewolf.rules import Game, GameConfig, Record, make_record
from llm_werewolf.rules.events import EventBody, Speech
from llm_werewolf.session import Session, SessionSettings
from llm_werewolf.table import Table
from llm_werewolf.table.seating import AgentSpec
from llm_werewolf.table_notes import ModelCall, Narration
from llm_werewolf.texts import default_names

from .support import public, random_game

NAMES = default_names("en", 8)


def city_game(seed: int = 3) -> Game:
    return Game(GameConfig("city_mafia", NAMES, seed=seed, language="en"))


def narrate(narrator: LLMNarrator, records: Sequence[Record]) -> list[EventBody]:
    return asyncio.run(narrator.narrate(records))


def first_moment(game: Game) -> list[Record]:
    """The game's records up to and including its first narrated one."""
    template = TemplateNarrator(game.config.variant, game.state.language, game.config.names)
    for index, record in enumerate(game.records):
        if template.line_for(record) is not None:
            return game.records[: index + 1]
    raise AssertionError("nothing narrated")


def test_an_accepted_line_is_shown_in_llm_mode_after_its_model_call() -> None:
    game = city_game()
    backend = FakeBackend(["The first night settles over the city like a heavy coat."])
    out = narrate(LLMNarrator("city_mafia", "en", NAMES, backend), first_moment(game))
    call, line = out
    assert isinstance(call, ModelCall) and isinstance(line, Narration)
    assert call.purpose == "narration" and call.seat is None and call.error is None
    assert call.parsed == line.text == "The first night settles over the city like a heavy coat."
    assert (line.mode, line.fallback, line.key) == ("llm", False, "phase.night.first")
    assert line.about == game.records[len(first_moment(game)) - 1].seq


def test_a_refused_line_is_asked_again_with_the_reason_then_accepted() -> None:
    game = city_game()
    backend = FakeBackend(["Alice is the Sheriff, trust me.", "Night falls; the city sleeps."])
    narrator = LLMNarrator("city_mafia", "en", NAMES, backend)
    first, second, line = narrate(narrator, first_moment(game))
    assert isinstance(first, ModelCall) and first.parsed is None and "role_not_public" in (first.error or "")
    assert isinstance(second, ModelCall) and second.attempt == 1 and second.error is None
    assert isinstance(line, Narration) and line.text == "Night falls; the city sleeps." and not line.fallback
    assert "refused" in backend.requests[1].user and "refused" not in backend.requests[0].user


def test_two_refusals_give_the_template_line_marked_as_a_fallback() -> None:
    game = city_game()
    records = first_moment(game)
    backend = FakeBackend(["Ben (seat 2) died tonight.", "Zed (seat 40) wakes."])
    out = narrate(LLMNarrator("city_mafia", "en", NAMES, backend), records)
    assert [type(o) for o in out] == [ModelCall, ModelCall, Narration]
    line = out[-1]
    assert isinstance(line, Narration)
    expected = TemplateNarrator("city_mafia", "en", NAMES).line_for(records[-1])
    assert expected is not None
    assert (line.text, line.mode, line.fallback) == (expected.text, "llm", True)
    errors = [o.error or "" for o in out if isinstance(o, ModelCall)]
    assert "death_not_public" in errors[0] and "unknown_seat" in errors[1]


def test_a_transport_fault_is_recorded_and_the_template_line_used() -> None:
    game = city_game()
    backend = FakeBackend([TransportError("down", attempts=1)] * 3)
    out = narrate(LLMNarrator("city_mafia", "en", NAMES, backend), first_moment(game))
    call, line = out
    assert isinstance(call, ModelCall) and "TransportError" in (call.error or "")
    assert isinstance(line, Narration) and line.fallback


def test_labels_and_extra_lines_are_cleaned_away() -> None:
    game = city_game()
    backend = FakeBackend(['Storyteller: "Night falls on the city."\nFact: Alice is the Don'])
    out = narrate(LLMNarrator("city_mafia", "en", NAMES, backend), first_moment(game))
    line = out[-1]
    assert isinstance(line, Narration) and line.text == "Night falls on the city." and not line.fallback


def test_template_keys_stay_template_lines_in_llm_mode() -> None:
    game = city_game()
    backend = FakeBackend()
    settings = LLMNarratorSettings(template_keys=("cue.",))
    out = narrate(LLMNarrator("city_mafia", "en", NAMES, backend, settings), game.records)
    cues = [o for o in out if isinstance(o, Narration) and o.key.startswith("cue.")]
    assert cues and all(o.mode == "template" for o in cues)
    calls = [o for o in out if isinstance(o, ModelCall)]
    assert len(calls) == len(backend.requests) and calls


OTHER_MOMENTS = ("phase.", "cue.", "deaths.", "announcement.", "tally.", "status.", "game_ended", "roles_revealed")
"""Every moment but last words stays a template line: only the last words reach the model."""


def last_words_records(variant: str, language: str, text: str) -> tuple[list[Record], Record, tuple[str, ...]]:
    """The public records of a random game up to its first last words (which say ``text``), and its names."""
    for seed in range(40):
        game = random_game(variant, seed, language)
        records = public(game.records)
        for index, record in enumerate(records):
            if isinstance(record.event, Speech) and record.event.stage == "last_words":
                spoken = make_record(record.seq, record.phase, record.vis, dataclasses.replace(record.event, text=text))
                return [*records[:index], spoken], spoken, game.config.names
    raise AssertionError(f"no last words in 40 {variant} games")


@pytest.mark.parametrize(("variant", "language"), [("city_mafia", "ru"), ("chinese_werewolf", "zh-Hant")])
def test_last_words_go_through_the_checker_in_llm_mode(variant: str, language: str) -> None:
    speech = "я был шерифом и точно знаю кто тут мафия" if language == "ru" else "我是預言家，昨晚查驗的那一位就是狼人"
    records, spoken, names = last_words_records(variant, language, speech)
    assert isinstance(spoken.event, Speech)
    template = TemplateNarrator(variant, language, names)
    expected = template.line_for(spoken)
    assert expected is not None and expected.key == "last_words"
    label = template.seat_label(spoken.event.seat)
    closing = {"ru": f"{label} замолкает, и в зале слышно только дыхание.", "zh-Hant": f"{label}說完，場上一片寂靜。"}
    replies = [speech, closing[language]]  # the first repeats the speech: refused, the second is accepted
    backend = FakeBackend(replies)
    settings = LLMNarratorSettings(template_keys=OTHER_MOMENTS)
    narrator = LLMNarrator(variant, language, template.names, backend, settings)
    out = narrate(narrator, records)
    calls = [o for o in out if isinstance(o, ModelCall)]
    assert len(calls) == len(backend.requests) == 2
    assert "quotes_speech" in (calls[0].error or "") and calls[1].error is None
    line = out[-1]
    assert isinstance(line, Narration)
    assert (line.key, line.about, line.mode, line.fallback) == ("last_words", spoken.seq, "llm", False)
    assert line.text == closing[language]
    assert expected.text in backend.requests[0].user  # the fact the model retells


def test_last_words_that_tell_a_hidden_card_fall_back_to_the_template_line() -> None:
    records, spoken, names = last_words_records("city_mafia", "en", "Goodbye, friends.")
    assert isinstance(spoken.event, Speech)
    template = TemplateNarrator("city_mafia", "en", names)
    label = template.seat_label(spoken.event.seat)
    backend = FakeBackend([f"{label}, the Don, falls silent.", "Silence at the table."])
    settings = LLMNarratorSettings(template_keys=OTHER_MOMENTS)
    out = narrate(LLMNarrator("city_mafia", "en", template.names, backend, settings), records)
    errors = [o.error or "" for o in out if isinstance(o, ModelCall)]
    assert len(errors) == 2 and "role_not_public" in errors[0] and "omits_fact" in errors[1]
    line = out[-1]
    expected = template.line_for(spoken)
    assert isinstance(line, Narration) and expected is not None
    assert (line.text, line.key, line.fallback) == (expected.text, "last_words", True)


def test_the_model_never_sees_a_private_record() -> None:
    """Prompts are identical whether the narrator is handed every record or the public ones only."""
    for variant in ("chinese_werewolf", "lebanese_ghouls", "one_night"):
        game = random_game(variant, 2)
        language = game.state.language
        prompts = []
        for records in (game.records, public(game.records)):
            backend = FakeBackend(lambda request: "...")
            narrator = LLMNarrator(variant, language, game.config.names, backend, LLMNarratorSettings(seed=1))
            narrate(narrator, records)
            prompts.append([r.prompt_text() for r in backend.requests])
        assert prompts[0] == prompts[1] and prompts[0]


def test_chat_and_transcript_prompts_in_every_language() -> None:
    for variant, language in (("city_mafia", "ru"), ("chinese_werewolf", "zh-Hant"), ("lebanese_ghouls", "ar-LB")):
        for profile in ("openai", "local"):
            game = random_game(variant, 4, language, names=default_names(language, 20))
            backend = FakeBackend(lambda request: "", profile=get_profile(profile))
            narrate(LLMNarrator(variant, language, game.config.names, backend), game.records[:40])
            request: CompletionRequest = backend.requests[-1]
            assert request.mode == "text" and request.purpose == "narration" and request.language == language
            assert game.config.names[0] in request.system
            if profile == "local":
                assert request.cue.rstrip().endswith((":", "：")) and request.transcript().endswith(request.cue)
            else:
                assert request.cue == "" and "{{" not in request.user
    for language, variant in (("ar", "one_night"), ("he", "online_mafia"), ("en", "one_night")):
        game = random_game(variant, 4, language)
        backend = FakeBackend(lambda request: "")
        narrate(LLMNarrator(variant, language, game.config.names, backend), game.records[:30])
        assert backend.requests


def test_at_a_table_model_calls_are_god_only_and_narrations_public() -> None:
    game = Game(GameConfig("lebanese_ghouls", default_names("ar-LB", 9), seed=11))
    backend = FakeBackend()
    narrator = LLMNarrator("lebanese_ghouls", "ar-LB", game.config.names, backend)
    agents = [HeuristicAgent(seed=i) for i in range(9)]
    asyncio.run(Table(game, agents, narrator=narrator).play())
    calls = [r for r in game.records if isinstance(r.event, ModelCall)]
    lines = [r for r in game.records if isinstance(r.event, Narration)]
    assert calls and all(r.vis.scope == "god" for r in calls)
    assert lines and all(r.vis.scope == "public" for r in lines)
    by_seq = {r.seq: r for r in game.records}
    for record in lines:
        assert isinstance(record.event, Narration)
        about = record.event.about
        assert about is not None and about < record.seq and by_seq[about].vis.scope == "public"
    assert {r.event.mode for r in lines if isinstance(r.event, Narration)} == {"llm"}
    assert any(isinstance(r.event, Narration) and r.event.fallback for r in lines)


def test_the_narrator_spec_picks_a_backend() -> None:
    assert narrator_backend_spec("llm:openai:gpt-4o-mini") == AgentSpec("openai", "gpt-4o-mini")
    assert narrator_backend_spec("llm", [AgentSpec("heuristic"), AgentSpec("fake", "7")]) == AgentSpec("fake", "7")
    assert narrator_backend_spec("llm", [AgentSpec("heuristic")]) == AgentSpec("local")
    seat = AgentSpec("openai", "m", "http://127.0.0.1:9/v1", persona="en-ann", profile="llamacpp", api_key_file="k")
    shared = narrator_backend_spec("llm", [AgentSpec("heuristic"), seat])
    assert shared == AgentSpec("openai", "m", "http://127.0.0.1:9/v1", profile="llamacpp", api_key_file="k")
    assert build_narrator("off", "city_mafia", "en", NAMES) is None
    assert isinstance(build_narrator("template", "city_mafia", "en", NAMES), TemplateNarrator)
    assert isinstance(build_narrator("llm:fake", "city_mafia", "en", NAMES, session=Session()), LLMNarrator)
    with pytest.raises(NarratorSpecError, match="needs the session"):
        build_narrator("llm:fake", "city_mafia", "en", NAMES)


class Broken(FakeBackend):
    """A backend whose model cannot be loaded."""

    async def complete(self, request: CompletionRequest) -> Completion:
        raise BackendConfigError("model file not found: /nowhere.gguf")


def test_a_backend_that_cannot_load_its_model_does_not_end_the_game() -> None:
    game = city_game()
    out = narrate(LLMNarrator("city_mafia", "en", NAMES, Broken()), game.records)
    calls = [o for o in out if isinstance(o, ModelCall)]
    lines = [o for o in out if isinstance(o, Narration)]
    assert lines and all(line.fallback for line in lines)
    assert len(calls) == len(lines) and all("model file not found" in (c.error or "") for c in calls)


def test_a_bare_llm_narrator_follows_the_sessions_backend() -> None:
    session = Session(SessionSettings(backend="openai", model="gpt-4o-mini"))
    assert session.default_model_spec() == AgentSpec("openai", "gpt-4o-mini")
    default = session.default_model_spec()
    assert narrator_label("llm", [AgentSpec("heuristic")], default) == "llm:openai:gpt-4o-mini"
    assert narrator_label("llm", [AgentSpec("local")], default) == "llm:local"
    assert narrator_label("llm", [AgentSpec("heuristic")]) == "llm:local"
    assert narrator_label("template", (), default) == "template"
    with pytest.raises(NarratorSpecError):
        build_narrator("llm:heuristic", "city_mafia", "en", NAMES)
    with pytest.raises(NarratorSpecError):
        build_narrator("shout", "city_mafia", "en", NAMES)
