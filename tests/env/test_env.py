"""The environment API: custom Python agents play seats; observations hold only what a seat may know."""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from llm_werewolf.env import Act, Action, IllegalAction, Observation, WerewolfEnv, play
from llm_werewolf.rules.events import RoleAssigned, Speech
from llm_werewolf.transcript import read_transcript
from llm_werewolf.transcript.replay import rebuild

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "custom_agent.py"
RULESETS = [("one_night", 5), ("chinese_werewolf", 9), ("lebanese_ghouls", 8), ("city_mafia", 10), ("online_mafia", 9)]


def _example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("custom_agent_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class RandomTalker:
    """Answers uniformly at random and says something short in speeches (with a claim now and then)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.seen: list[Observation] = []

    def act(self, observation: Observation) -> Action:
        self.seen.append(observation)
        decision = observation.decision
        assert decision is not None
        option = self.rng.choice(decision.options).id
        if not decision.speech:
            return Action(option)
        claim = self.rng.choice(decision.claimable_roles) if self.rng.random() < 0.3 else None
        return Action(option, text=f"{observation.name} speaks in {observation.phase}.", claim=claim)


def test_the_example_runs_as_a_script(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(EXAMPLE)], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "one_night:" in done.stdout and "the custom agent" in done.stdout
    (transcript,) = (tmp_path / "transcripts").glob("custom-agent-one_night.jsonl")
    replay = subprocess.run(
        [sys.executable, "-m", "llm_werewolf", "replay", str(transcript)], capture_output=True, text=True, timeout=120
    )
    assert replay.returncode == 0 and "identical" in replay.stdout


@pytest.mark.parametrize(("variant", "players"), RULESETS)
def test_the_example_agent_plays_every_ruleset(variant: str, players: int, tmp_path: Path) -> None:
    path = _example().main(variant, players, "en", out=tmp_path)
    transcript = read_transcript(path)
    assert transcript.header.seats[0].agent == "custom:AccuseTheLoudest"
    assert transcript.header.seats[1].agent == "heuristic"
    game = rebuild(transcript)  # the saved game replays through the rules
    assert game.over


@pytest.mark.parametrize(("variant", "players"), RULESETS)
def test_observations_hold_only_what_the_seat_may_know(variant: str, players: int) -> None:
    env = WerewolfEnv(variant, players=players, seed=3, language="en", controlled=range(players))
    agents = {seat: RandomTalker(seed) for seat, seed in zip(range(players), range(100, 200), strict=False)}
    result = play(env, agents)
    assert env.done and result.winning_sides
    records = {r.seq: r for r in env.records}
    asked = {seat: agent for seat, agent in agents.items() if agent.seen}  # a seat killed first may never be asked
    assert len(asked) >= players // 2
    for seat, agent in asked.items():
        for observation in agent.seen:
            assert observation.seat == seat and observation.decision is not None
            for event in observation.events:
                record = records[event["seq"]]
                assert record.vis.visible_to(seat), (seat, event)
                assert event["kind"] == getattr(record.event, "kind", None)
                if isinstance(record.event, RoleAssigned):
                    assert record.event.seat == seat
            # new_events are the tail of events: nothing skipped, nothing repeated
            assert observation.events[len(observation.events) - len(observation.new_events) :] == observation.new_events
        last = agent.seen[-1]
        expected = [r.seq for r in env.records if r.vis.visible_to(seat) and r.seq <= last.events[-1]["seq"]]
        assert [e["seq"] for e in last.events] == expected
    speeches = [r for r in env.records if isinstance(r.event, Speech)]
    assert any(isinstance(r.event, Speech) and r.event.text.endswith(f"speaks in {r.phase}.") for r in speeches)


def test_an_illegal_answer_is_refused_and_changes_nothing() -> None:
    env = WerewolfEnv("one_night", players=5, seed=1, language="en", controlled=[0, 1, 2, 3, 4])
    (seat, *_) = env.waiting()
    observation = env.observe(seat)
    assert observation.decision is not None
    before = (len(env.records), env.game.state)
    with pytest.raises(IllegalAction, match="not a legal option"):
        env.submit(seat, "seat:99")
    if not observation.decision.speech:
        with pytest.raises(IllegalAction, match="takes no text"):
            env.submit(seat, Action(observation.decision.options[0].id, text="hello"))
    not_waiting = next((s for s in range(5) if s not in env.waiting()), None)
    if not_waiting is not None:
        with pytest.raises(IllegalAction, match="no decision"):
            env.submit(not_waiting, "skip")
    assert (len(env.records), env.game.state) == before
    env.submit(seat, observation.decision.options[0].id)
    assert len(env.records) > before[0] or env.game.state is not before[1]


def test_speech_acts_are_checked_and_recorded() -> None:
    env = WerewolfEnv("city_mafia", players=10, seed=4, language="en", controlled=[0])
    while not env.done:
        observation = env.observe(0)
        decision = observation.decision
        if decision is not None and decision.speech:
            break
        env.step({0: decision.options[0].id} if decision is not None else None)
    assert decision is not None and decision.speech
    with pytest.raises(IllegalAction):
        env.submit(0, Action(decision.options[0].id, text="hm", acts=(Act("accuse", target=99),)))
    target = next(seat for seat in observation.alive if seat != 0)
    env.submit(0, Action(decision.options[0].id, text="I suspect you.", acts=(Act("accuse", target=target),)))
    said = [r.event for r in env.records if isinstance(r.event, Speech) and r.event.seat == 0]
    assert said[-1].acts == (Act("accuse", target=target),) and said[-1].text == "I suspect you."
    seen = [e for e in env.observe(1).events if e["kind"] == "speech" and e["seat"] == 0]
    assert seen[-1]["acts"] == [
        {"kind": "accuse", "target": target, "other": None, "role": None, "fact": None, "value": None}
    ]


def test_same_seed_same_game_and_reset_replays_it() -> None:
    def run(env: WerewolfEnv) -> list[tuple[int, str]]:
        play(env, {0: RandomTalker(1), 1: RandomTalker(2)})
        return [(r.seq, type(r.event).__name__) for r in env.records]

    env = WerewolfEnv("city_mafia", players=10, seed=5, language="ru", controlled=[0, 1])
    first = run(env)
    env.reset()
    assert run(env) == first
    assert run(WerewolfEnv("city_mafia", players=10, seed=5, language="ru", controlled=[0, 1])) == first
    env.reset(seed=6)
    assert run(env) != first


def test_step_takes_a_mapping_of_actions_and_bots_can_be_mixed() -> None:
    env = WerewolfEnv("lebanese_ghouls", players=8, seed=2, controlled=[0, 1], bots={2: "random", 3: "random"})
    observations = env.step()
    assert set(observations) == set(env.waiting()) and set(observations) <= {0, 1}
    steps = 0
    while not env.done:
        actions = {}
        for seat, observation in observations.items():
            assert observation.decision is not None
            actions[seat] = observation.decision.options[-1].id
        observations = env.step(actions)
        steps += 1
    assert steps > 0 and env.result() is not None
    assert env.language == "ar-LB"  # the ruleset's source language by default


def test_bad_setups_are_plain_errors() -> None:
    with pytest.raises(ValueError, match="3-"):
        WerewolfEnv("one_night", players=2)
    with pytest.raises(ValueError, match="controlled"):
        WerewolfEnv("one_night", players=5, controlled=[7])
    with pytest.raises(ValueError, match="unknown built-in player"):
        WerewolfEnv("one_night", players=5, controlled=[0], bots="telepath")
