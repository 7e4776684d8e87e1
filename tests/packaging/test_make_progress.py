"""`make install` says what each step does and how long it takes, and shows that a long step is alive."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_install_step_is_announced_with_its_duration(tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    plan = subprocess.run(
        ["make", "-n", "install", f"VENV={venv}"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    steps = re.findall(r"==> \[(\d)/4\] ([^\n]*)", plan)
    assert [number for number, _ in steps] == ["1", "2", "3", "4"]
    assert all(re.search(r"\d+ (s|min)", text) for _, text in steps), steps  # each names its duration
    assert "--quiet" not in plan
    installs = [line for line in plan.splitlines() if "pip install" in line and "--upgrade pip" not in line]
    assert len(installs) == 2 and all(line.startswith("sh scripts/with-progress.sh ") for line in installs)
    assert '"llama-cpp-python[server]' in installs[0]  # the compiled dependency is its own step


def test_a_long_step_prints_that_it_is_alive_and_keeps_its_exit_status() -> None:
    result = subprocess.run(
        ["sh", str(ROOT / "scripts" / "with-progress.sh"), "sh", "-c", "sleep 2.5; echo out; exit 3"],
        capture_output=True,
        text=True,
        env={**os.environ, "PROGRESS_EVERY": "1"},
        timeout=60,
    )
    assert result.returncode == 3
    assert "still working" in result.stdout and "out" in result.stdout
    assert re.search(r"done in \d+ min \d\d s", result.stdout)
