"""Simulations on several processes give the same results as on one (issue: engine speed, every core)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from rich.console import Console

from llm_werewolf.balance import suggest_setups
from llm_werewolf.cli.commands.simulate import simulate_games
from llm_werewolf.evaluation.ledger import Entry, read_ledger
from llm_werewolf.evaluation.study import evaluate, load_study
from llm_werewolf.evaluation.tournament import (
    GAMES_DIR,
    InProcessExecutor,
    TournamentConfig,
    WorkersExecutor,
    executors,
    plan,
    run_tournament,
)
from llm_werewolf.evaluation.tournament.games import GameSettings, play_game
from llm_werewolf.evaluation.tournament.plan import GameJob
from llm_werewolf.session import Session
from llm_werewolf.sim import chunks, parallel_map, worker_count

CLI = [sys.executable, "-m", "llm_werewolf"]


def _square(value: int) -> int:
    return value * value


def test_chunks_cover_every_seed_once_in_order() -> None:
    for first, total, workers in ((0, 1000, 2), (7, 5, 4), (3, 100, 1), (0, 17, 16)):
        pieces = chunks(first, total, workers)
        seeds = [seed for start, count in pieces for seed in range(start, start + count)]
        assert seeds == list(range(first, first + total))
        assert all(count > 0 for _, count in pieces)
        assert len(pieces) == (1 if workers == 1 else min(total, workers * 8))
    assert chunks(0, 0, 2) == []


def test_worker_count_defaults_to_every_usable_core() -> None:
    assert worker_count(0) == worker_count(None) == len(os.sched_getaffinity(0))
    assert worker_count(3) == 3


def test_parallel_map_keeps_the_order_of_the_items() -> None:
    items = list(range(40))
    assert list(parallel_map(_square, items, 2)) == [i * i for i in items]
    assert list(parallel_map(_square, items, 1)) == [i * i for i in items]


@pytest.mark.parametrize(
    ("variant", "players", "agents"), [("online_mafia", 12, "random"), ("one_night", 6, "heuristic")]
)
def test_simulate_gives_the_same_summary_on_one_and_on_two_workers(variant: str, players: int, agents: str) -> None:
    one = simulate_games(variant, players, 40, 5, agents, {}, workers=1)
    two = simulate_games(variant, players, 40, 5, agents, {}, workers=2)
    assert one.games == two.games == 40
    assert one == two
    assert list(one.role_seats) == list(two.role_seats)  # first-seen order too


def test_setups_give_the_same_suggestions_on_one_and_on_two_workers() -> None:
    one = suggest_setups("one_night", 5, games=12, seed=4, candidates=3, workers=1)
    two = suggest_setups("one_night", 5, games=12, seed=4, candidates=3, workers=2)
    assert [s.as_dict() for s in one] == [s.as_dict() for s in two]
    assert len(one) == 3


def test_the_simulate_command_reports_the_same_figures_whatever_the_workers() -> None:
    outputs = []
    for workers in ("1", "2"):
        args = ["simulate", "--variant", "city_mafia", "--games", "30", "--seed", "11", "--json", "--workers", workers]
        result = subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, result.stderr
        outputs.append(json.loads(result.stdout))
    assert [o["workers"] for o in outputs] == [1, 2]
    for output in outputs:
        for key in ("seconds", "games_per_second", "workers"):
            output.pop(key)
    assert outputs[0] == outputs[1]
    assert outputs[0]["games"] == 30


def test_the_default_worker_count_starts_no_process_for_a_few_games() -> None:
    from llm_werewolf.sim import MIN_GAMES_PER_WORKER, auto_workers

    assert auto_workers(0, MIN_GAMES_PER_WORKER - 1) == 1
    assert auto_workers(0, 10_000) == worker_count(0)
    assert auto_workers(2, 3) == 2  # an explicit count is kept


TWO_RULESETS = [{"variant": "one_night", "players": 5}, {"variant": "online_mafia", "players": 7}]


def _config(models: list[str], rulesets: list[dict[str, object]]) -> TournamentConfig:
    return TournamentConfig.model_validate({"name": "w", "seeds": [3, 4], "models": models, "rulesets": rulesets})


def _tournament(
    config: TournamentConfig, out: Path, executor: InProcessExecutor | WorkersExecutor
) -> dict[str, object]:
    """Run a small tournament with ``executor`` and return everything it leaves on disk, as a user reads it."""
    result = run_tournament(config, out, executor, console=Console(file=io.StringIO()))
    assert result.count("done") == result.planned == len(plan(config))
    folder = out / GAMES_DIR
    entries = sorted(read_ledger(folder).values(), key=lambda e: e.key)
    study = load_study(out)
    return {
        "transcripts": {p.name: p.read_bytes() for p in sorted(folder.glob("*.jsonl")) if p.name != "ledger.jsonl"},
        "ledger": [replace(entry, wall_s=0.0) for entry in entries],  # the clock is the one thing that differs
        "metrics": evaluate(study.games, bootstrap=20),
    }


def test_a_heuristic_tournament_gives_the_same_results_on_one_and_on_two_workers(tmp_path: Path) -> None:
    config = _config(["heuristic", "random"], TWO_RULESETS)
    one = _tournament(config, tmp_path / "one", InProcessExecutor(2))
    two = _tournament(config, tmp_path / "two", WorkersExecutor(2, workers=2))
    assert len(one["transcripts"]) == 8  # type: ignore[arg-type]
    assert one == two


def test_games_with_a_model_seat_stay_in_this_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Round robin over five entries at three seats: rotations 0 and 1 are all heuristic/random, the others seat `fake`.
    config = _config(["heuristic", "random", "heuristic", "random", "fake"], [{"variant": "one_night", "players": 3}])
    played_here: list[str] = []
    real = play_game

    async def recorded(job: GameJob, path: Path, settings: GameSettings, session: Session | None = None) -> Entry:
        played_here.append(job.key)
        return await real(job, path, settings, session)

    # Seen in this process only: the pool's workers import the module afresh.
    monkeypatch.setattr("llm_werewolf.evaluation.tournament.executors.play_game", recorded)
    two = _tournament(config, tmp_path / "two", WorkersExecutor(2, workers=2))
    jobs = plan(config)
    model_games = sorted(j.key for j in jobs if not executors.scriptless(j))
    assert model_games and len(model_games) < len(jobs)
    assert sorted(played_here) == model_games
    played_here.clear()
    one = _tournament(config, tmp_path / "one", InProcessExecutor(2))
    assert sorted(played_here) == sorted(j.key for j in jobs)
    assert one == two


def test_pool_chunks_keep_the_plan_order_and_stay_small() -> None:
    jobs = [
        GameJob(key=f"k{i}", variant="one_night", language="ar", players=5, seed=i, rotation=0, seats=())
        for i in range(100)
    ]
    pieces = executors.pool_chunks(jobs, 2)
    assert [job for piece in pieces for job in piece] == jobs
    assert max(len(piece) for piece in pieces) == 6
    assert len(executors.pool_chunks(jobs[:3], 2)) == 3
    assert max(len(p) for p in executors.pool_chunks(jobs * 10, 2)) == executors.MAX_CHUNK


def test_the_tournament_command_writes_the_same_games_whatever_the_workers(tmp_path: Path) -> None:
    config = tmp_path / "t.toml"
    config.write_text(
        'name = "cli"\nseeds = [1, 2]\nmodels = ["heuristic", "random"]\n'
        '[[rulesets]]\nvariant = "city_mafia"\nplayers = 7\n',
        encoding="utf-8",
    )
    written = []
    for workers in ("1", "2"):
        out = tmp_path / workers
        args = ["tournament", str(config), "--out", str(out), "--workers", workers]
        result = subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, result.stderr
        assert "4 done, 0 unscored, 0 failed" in result.stdout
        folder = out / GAMES_DIR
        written.append({p.name: p.read_bytes() for p in folder.glob("*.jsonl") if p.name != "ledger.jsonl"})
    assert len(written[0]) == 4
    assert written[0] == written[1]


def test_the_default_worker_count_starts_no_process_for_a_few_tournament_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    played_here: list[str] = []
    real = play_game

    async def recorded(job: GameJob, path: Path, settings: GameSettings, session: Session | None = None) -> Entry:
        played_here.append(job.key)
        return await real(job, path, settings, session)

    monkeypatch.setattr("llm_werewolf.evaluation.tournament.executors.play_game", recorded)
    config = _config(["heuristic", "random"], [{"variant": "one_night", "players": 3}])
    assert len(plan(config)) < executors.MIN_GAMES_PER_WORKER
    _tournament(config, tmp_path, WorkersExecutor(2, workers=0))
    assert sorted(played_here) == sorted(j.key for j in plan(config))
