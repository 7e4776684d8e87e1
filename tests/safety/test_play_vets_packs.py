"""`play --pack` vets a user prompt pack before the game: a hostile pack is refused in one line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.battery.templates import plant


def _play(pack: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    command = [
        sys.executable,
        "-m",
        "llm_werewolf",
        "play",
        "--variant",
        "chinese_werewolf",
        "--players",
        "6",
        "--lang",
        "en",
        "--agents",
        "fake",
        "--seed",
        "1",
        "--pack",
        str(pack),
        "--transcripts",
        str(tmp_path),
    ]
    return subprocess.run(command, capture_output=True, text=True, timeout=300)


def test_a_pack_that_would_hang_the_game_is_refused(tmp_path: Path) -> None:
    pack = plant(tmp_path / "pack", "{{ 9**9**9 }}", "rules.j2", "en", "chinese_werewolf", ["exile_vote"])
    result = _play(pack, tmp_path)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "refused" in result.stderr
    assert "Traceback" not in result.stderr
    assert not list(tmp_path.glob("*.jsonl"))


def test_a_harmless_pack_is_used(tmp_path: Path) -> None:
    pack = plant(tmp_path / "pack", "These are the house rules of our club.", "rules.j2", "en", "chinese_werewolf", [])
    result = _play(pack, tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert list(tmp_path.glob("*.jsonl"))
