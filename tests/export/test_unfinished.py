"""An unfinished game (perhaps still being played) exports without cards, sides, truths or seed unless --god."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from llm_werewolf.cli import app
from tests.transcript.support import play_to_file

SECRET_COLUMNS = ("speaker_role", "speaker_side", "claim_true")
ACT_SECRETS = ("target_role", "target_side", "true", "consistent")


def _export(folder: Path, out: Path, *flags: str) -> tuple[list[dict[str, object]], dict[str, object]]:
    result = CliRunner().invoke(app, ["export", str(folder), "-o", str(out), *flags])
    assert result.exit_code == 0, result.output
    utterances = [json.loads(line) for line in (out / "utterances.jsonl").read_text(encoding="utf-8").splitlines()]
    (game,) = [json.loads(line) for line in (out / "games.jsonl").read_text(encoding="utf-8").splitlines()]
    return utterances, game


def test_an_unfinished_game_exports_no_secrets_unless_god(tmp_path: Path) -> None:
    whole = tmp_path / "whole.jsonl"
    play_to_file(whole, "chinese_werewolf", 41)
    lines = whole.read_bytes().splitlines(keepends=True)
    folder = tmp_path / "running"
    folder.mkdir()
    (folder / "game.jsonl").write_bytes(b"".join(lines[: len(lines) * 2 // 3]))

    rows, game = _export(folder, tmp_path / "public")
    assert rows and game["complete"] is False
    assert game["seed"] is None and game["start_roles"] is None and game["final_roles"] is None
    assert all(row[column] is None for row in rows for column in SECRET_COLUMNS)
    assert all(act[key] is None for row in rows for act in row["acts"] for key in ACT_SECRETS)  # type: ignore[attr-defined]

    rows, game = _export(folder, tmp_path / "god", "--god")
    assert game["seed"] == 41
    assert all(row["speaker_role"] is not None and row["speaker_side"] is not None for row in rows)


def test_a_finished_game_keeps_its_god_view(tmp_path: Path) -> None:
    play_to_file(tmp_path / "games" / "done.jsonl", "one_night", 42)
    rows, game = _export(tmp_path / "games", tmp_path / "out")
    assert game["complete"] is True and game["seed"] == 42 and game["final_roles"]
    assert all(row["speaker_role"] is not None for row in rows)
