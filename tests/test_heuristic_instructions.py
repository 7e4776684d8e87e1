"""bench/heuristic_instructions.py subtracts a replay of the same games; the replay must be the same games."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from llm_werewolf.rules import Choice

ROOT = Path(__file__).resolve().parents[1]


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "heuristic_instructions", ROOT / "bench" / "heuristic_instructions.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("variant", "players"), [("one_night", 9), ("city_mafia", 9)])
def test_replayed_answers_play_the_recorded_games(variant: str, players: int) -> None:
    bench = _bench()
    recording = bench.record(variant, players, 2)
    assert [seed for seed, _, _ in recording] == [1, 2]
    assert all(answers and sides for _, answers, sides in recording)
    # both modes re-play every recorded game and check that it ends with the recorded winners
    bench.play([(variant, players, recording)], "replay")
    bench.play([(variant, players, recording)], "heuristic")


def test_a_game_that_does_not_replay_is_caught() -> None:
    bench = _bench()
    seed, answers, sides = bench.record("city_mafia", 9, 1)[0]
    assert sides and isinstance(answers[0], Choice)
    with pytest.raises(AssertionError, match="did not replay"):
        bench.play([("city_mafia", 9, [(seed, answers, ("nobody",))])], "replay")
