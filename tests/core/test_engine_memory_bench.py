"""bench/engine_memory.py counts what a kept game holds, each object once, and not what it shares."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from llm_werewolf.rules.events import PUBLIC, Cue, SharedEventRecord

ROOT = Path(__file__).resolve().parents[2]


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("engine_memory", ROOT / "bench" / "engine_memory.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_breakdown_adds_up_and_leaves_shared_cues_out() -> None:
    bench = _bench()
    b = bench.measure("city_mafia", 12, 2)
    assert b.records > 100 and "asked" not in b.kind_counts and b.kind_counts["choice"] > 0
    # what the walk finds was allocated during the games, so it is at most what tracemalloc saw
    assert 0.8 * b.traced < b.walked <= b.traced
    assert sum(b.by_type.values()) == sum(b.by_kind.values()) + b.state + b.log_lists
    # a cue's event is one shared object: a cue record costs the game its wrapper alone
    wrapper = sys.getsizeof(SharedEventRecord(0, "night 1", PUBLIC, Cue(key="wake")))
    assert b.by_kind["cue"] == wrapper * b.kind_counts["cue"]
    # every other record is its event: the only wrappers are the cues' and the phase starts'
    shared = b.kind_counts["cue"] + b.kind_counts["phase_started"]
    assert b.by_type["SharedEventRecord"] == wrapper * shared
    assert "Record" not in b.by_type
    text = bench.report(b)
    assert text.startswith("city_mafia 12 players, 2 games") and "choice" in text and "SharedEventRecord" in text
