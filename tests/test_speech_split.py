"""bench/speech_split.py: its parts add up to the speech's time, and timing a game does not change it."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import llm_werewolf.speech.planner as planner
import llm_werewolf.speech.voice as voice
from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.rules import GameConfig
from llm_werewolf.rules.events import Speech
from llm_werewolf.sim import SyncAgent, play_with_agents

ROOT = Path(__file__).resolve().parents[1]


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("speech_split", ROOT / "bench" / "speech_split.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _speeches(agents: list[SyncAgent]) -> list[str]:
    config = GameConfig(variant="city_mafia", names=tuple(f"P{i + 1}" for i in range(9)), seed=4)
    game = play_with_agents(config, agents)
    return [r.event.text for r in game.records if isinstance(r.event, Speech)]


def test_every_part_is_timed_and_the_parts_add_up() -> None:
    result = _bench().split("city_mafia", 9, games=1, warmup=0)
    assert result["speeches"] > 10
    assert all(result["us"][part] > 0 for part in ("voice", "plan", "reading", "intent", "rest"))
    assert abs(sum(result["us"].values()) - result["us_speech"]) < 1.0
    assert abs(sum(result["share"].values()) - 1.0) < 0.01


def test_timing_a_game_does_not_change_it_and_the_functions_are_put_back() -> None:
    bench = _bench()
    plain = _speeches([HeuristicAgent(4 * 1009 + i) for i in range(9)])
    originals = (voice.voice, planner.plan, planner.last_words_plan)
    with bench.split_clock() as clock:
        timed = _speeches([bench.SplitAgent(4 * 1009 + i, clock) for i in range(9)])
        assert voice.voice is not originals[0]
    assert clock.speeches == len(timed) > 0
    assert timed == plain
    assert (voice.voice, planner.plan, planner.last_words_plan) == originals
