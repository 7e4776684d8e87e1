"""The Ray executor on a local Ray instance (two CPUs, two short games)."""

from __future__ import annotations

from pathlib import Path

import pytest

from llm_werewolf.evaluation.ledger import read_ledger
from llm_werewolf.evaluation.study import load_study
from llm_werewolf.evaluation.tournament import GAMES_DIR, RayExecutor, TournamentConfig, run_tournament


@pytest.mark.slow
def test_games_run_as_ray_tasks(tmp_path: Path) -> None:
    cfg = TournamentConfig.model_validate(
        {
            "name": "ray",
            "seeds": [3],
            "models": ["heuristic", "random"],
            "rulesets": [{"variant": "one_night", "players": 3}],
        }
    )
    executor = RayExecutor(2, init_kwargs={"num_cpus": 2, "include_dashboard": False, "log_to_driver": False})
    result = run_tournament(cfg, tmp_path, executor)
    assert result.count("done") == 2
    # The driver wrote the transcripts the workers sent back, and the ledger.
    assert len(read_ledger(tmp_path / GAMES_DIR)) == 2
    study = load_study(tmp_path)
    assert sorted(g.models for g in study.games) == [
        ("heuristic", "random", "heuristic"),
        ("random", "heuristic", "random"),
    ]
