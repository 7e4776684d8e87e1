"""Templates: user prompt packs render in a sandbox; injection fails safely, in bounded time; data stays data."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from llm_werewolf.agents.pack_vetting import sandboxed_trial, vet_pack
from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.narration import TemplateNarrator
from llm_werewolf.prompting.pack_policy import pack_sources, vet_source
from llm_werewolf.prompting.packs import builtin_root
from llm_werewolf.prompting.personas import Persona
from llm_werewolf.prompting.render import SeatPrompter
from llm_werewolf.rules import Game, GameConfig
from tests.battery.templates import PLACES, plant, ssti_corpus, try_payload

CORPUS = ssti_corpus()
SECONDS = 3.0


@pytest.mark.parametrize("place", PLACES)
def test_escape_payloads_are_refused_in_bounded_time_without_running_code(place: str, tmp_path: Path) -> None:
    outcomes: dict[str, int] = {}
    for payload in CORPUS["escape"]:
        attempt = try_payload(payload, place, tmp_path)
        outcomes[attempt.outcome] = outcomes.get(attempt.outcome, 0) + 1
        assert attempt.outcome in ("refused", "inert"), f"{payload!r} at {place}: {attempt.outcome}: {attempt.detail}"
        assert attempt.seconds < SECONDS, f"{payload!r} at {place} took {attempt.seconds:.1f} s"
        if attempt.outcome == "refused":
            assert "Error" in attempt.detail or "error" in attempt.detail
    assert outcomes.get("refused", 0) >= len(CORPUS["escape"]) - 2, outcomes
    assert not (tmp_path / "canary-executed").exists()


def test_context_mutation_never_runs_code_and_vetting_refuses_it(tmp_path: Path) -> None:
    for n, payload in enumerate(CORPUS["mutation"]):
        attempt = try_payload(payload, "rules.j2", tmp_path)
        assert attempt.outcome != "executed"
        pack = plant(tmp_path / f"m{n}", payload, "rules.j2", "en", "one_night", [])
        verdict = vet_pack(pack, trial=False)
        assert not verdict.ok and "change their data" in verdict.problems[0], verdict.problems


def test_exhaustion_payloads_are_refused_before_rendering(tmp_path: Path) -> None:
    for n, payload in enumerate(CORPUS["exhaustion"]):
        started = time.perf_counter()
        problems = vet_source(payload)
        assert problems, f"{payload!r} passed the static policy"
        pack = plant(tmp_path / f"x{n}", payload, "rules.j2", "en", "one_night", [])
        verdict = vet_pack(pack)
        assert not verdict.ok and verdict.trial == "not run"
        assert time.perf_counter() - started < 1.0


def test_the_bounded_trial_refuses_what_the_static_policy_lets_through(tmp_path: Path) -> None:
    payload = CORPUS["trial_only"][0]
    assert vet_source(payload) == []
    pack = plant(tmp_path / "slow", payload, "rules.j2", "en", "one_night", [])
    started = time.perf_counter()
    verdict = vet_pack(pack, seconds=2.0)
    assert not verdict.ok
    assert verdict.trial.startswith("refused"), verdict.trial
    assert time.perf_counter() - started < 10


def test_a_good_pack_passes_vetting(tmp_path: Path) -> None:
    source = (
        "Rules for {{ me.name }}: "
        "{% for p in players %}{{ p.number }}. {{ p.name }}{{ ', ' if not loop.last }}{% endfor %}"
    )
    pack = plant(tmp_path / "good", source, "rules.j2", "en", "one_night", [])
    verdict = vet_pack(pack)
    assert verdict.ok, verdict.problems
    assert verdict.trial == "ok"
    assert sandboxed_trial(pack, [("en", "one_night")], seconds=30) == "ok"


def test_the_built_in_prompts_pass_the_policy() -> None:
    problems = [p for where, source in pack_sources(builtin_root()) for p in vet_source(source, where)]
    assert problems == []


@pytest.mark.parametrize("text", CORPUS["literal"])
def test_persona_text_and_player_names_render_literally(text: str) -> None:
    first = Game(GameConfig(variant="one_night", names=("A", "B", "C", "D", "E"), seed=1, language="en")).pending[0]
    other = (first.seat + 1) % 5
    names = tuple(text if i == other else f"P{i}" for i in range(5))
    game = Game(GameConfig(variant="one_night", names=names, seed=1, language="en"))
    decision = game.pending[0]
    persona = Persona(id="p", name="Zoe", language="en", temperament=text, style=text, background=text)
    prompter = SeatPrompter(
        language="en", variant="one_night", seat=decision.seat, profile=get_profile("openai"), persona=persona
    )
    prompt = prompter.prompt(game.view(decision.seat), decision).text()
    assert "1337" not in prompt and "LOOPLOOP" not in prompt and "<class" not in prompt
    assert prompt.count(text) >= 2, f"{text!r} did not render as written (a name and the persona)"
    narrator = TemplateNarrator("one_night", "en", names)
    assert text in narrator.seat_label(other)
