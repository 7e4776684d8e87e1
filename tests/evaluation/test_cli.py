"""The tournament and eval commands through the CLI."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from llm_werewolf.cli import app

from .fixtures import chinese_game, one_night_game

CONFIG = """
name = "cli"
seeds = [7]
models = ["heuristic", "random"]
[[rulesets]]
variant = "lebanese_ghouls"
players = 5
"""


def test_tournament_then_eval(tmp_path: Path) -> None:
    config = tmp_path / "cli.toml"
    config.write_text(CONFIG)
    runner = CliRunner()
    dry = runner.invoke(app, ["tournament", str(config), "--dry-run"])
    assert dry.exit_code == 0, dry.output
    assert "lebanese_ghouls.ar-LB.p5.s7.r1: random, heuristic, random, heuristic, random" in dry.output
    run = runner.invoke(
        app, ["tournament", str(config), "--out", str(tmp_path / "run"), "--report", str(tmp_path / "rep")]
    )
    assert run.exit_code == 0, run.output
    assert "2 done, 0 unscored, 0 failed" in run.output
    assert (tmp_path / "rep" / "report.html").is_file()
    scored = runner.invoke(app, ["eval", str(tmp_path / "run")])
    assert scored.exit_code == 0, scored.output
    data = json.loads(scored.output)
    assert data["games"] == 2 and data["variants"] == {"lebanese_ghouls": 2}
    assert data["ratings"]["games_rated"] == 2


def test_bad_executor_is_a_usage_error(tmp_path: Path) -> None:
    config = tmp_path / "cli.toml"
    config.write_text(CONFIG)
    result = CliRunner().invoke(app, ["tournament", str(config), "--executor", "slurm", "--out", str(tmp_path / "o")])
    assert result.exit_code != 0
    assert "unknown executor" in str(result.exception) + result.output


def test_eval_writes_the_report(tmp_path: Path) -> None:
    chinese_game(tmp_path / "games")
    one_night_game(tmp_path / "games" / "more")  # found recursively
    out = tmp_path / "report"
    result = CliRunner().invoke(app, ["eval", str(tmp_path / "games"), "--report", str(out), "--title", "CLI study"])
    assert result.exit_code == 0, result.output
    assert "2 scored games" in result.output
    markdown = (out / "report.md").read_text(encoding="utf-8")
    assert markdown.startswith("# CLI study")
    pngs = sorted(p.name for p in out.glob("*.png"))
    assert {"win_rate_by_role.png", "ratings.png", "voting.png", "claims.png", "cost.png"} <= set(pngs)
    for name in pngs:
        assert (out / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert f"]({name})" in markdown
    page = (out / "report.html").read_text(encoding="utf-8")
    assert page.count("data:image/png;base64,") == len(pngs)
    metrics = json.loads((out / "metrics.json").read_text(encoding="utf-8"))
    assert metrics["games"] == 2


def test_eval_of_a_missing_folder_is_a_usage_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["eval", str(tmp_path / "nowhere"), "--report", str(tmp_path / "r")])
    assert result.exit_code != 0
    assert not (tmp_path / "r").exists()
