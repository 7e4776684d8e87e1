"""The security items of the reliability battery (bench/reliability.py): seeds, files, render limits,
web floods, night timing, the narrator-checker evasion corpus, bad inputs. docs/reliability.md 8-14."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import tempfile
import time
import tracemalloc
from itertools import pairwise
from pathlib import Path
from typing import Any, Protocol

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the battery's harnesses: tests/battery

from llm_werewolf.seeds import SEED_BITS, fresh_seed, seat_seed
from tests.battery.narration_evasion import all_pairs
from tests.battery.narration_evasion import run as evasion_run
from tests.battery.seed_search import search, seat_feed


class Checks(Protocol):
    results: dict[str, Any]

    def check(self, ok: bool, what: str) -> None: ...


def seeds(b: Checks, full: bool) -> None:
    draws = [fresh_seed() for _ in range(10_000 if full else 1_000)]
    true_seed = 424_242
    feed = seat_feed("one_night", 5, true_seed, decisions=12)
    window = 1_000 if full else 150
    result = search("one_night", 5, feed, range(true_seed - window // 2, true_seed + window // 2), decisions=12)
    seat_seeds = [seat_seed(draws[0], i) for i in range(9)]
    figures = {
        "fresh_seeds": len(draws),
        "distinct": len(set(draws)),
        "max_bits": max(s.bit_length() for s in draws),
        "replay_candidates_per_s": round(result.rate, 1),
        "candidates_tried": result.tried,
        "matches": len(result.matches),
        "old_space_1e6_hours": round(10**6 / result.rate / 3600, 2),
        "years_128_bit_seed": f"{result.years_for(SEED_BITS):.2e}",
        "years_64_bit_state": f"{result.years_for(64):.2e}",
        "seat_seed_steps_distinct": len({b - a for a, b in pairwise(seat_seeds)}),
    }
    b.results.setdefault("seeds", {}).update(figures)
    print("  " + json.dumps(figures))
    b.check(figures["distinct"] == len(draws) and figures["max_bits"] == SEED_BITS, "seeds: 128 fresh bits")
    b.check(true_seed in result.matches, "seeds: the bounded attack finds a seed in the old space")
    b.check(result.years_for(SEED_BITS) > 1e20, "seeds: 128-bit search out of reach")


def files(b: Checks, full: bool) -> None:
    from llm_werewolf.cli.common import UsageError
    from llm_werewolf.cli.llm_setup import setup_llm
    from llm_werewolf.code_refs import forget_all
    from llm_werewolf.llm.errors import BackendConfigError
    from llm_werewolf.llm.factory import BackendConfig, make_backend
    from llm_werewolf.opening.resume import ResumeError, resume_file
    from llm_werewolf.web.setup import SetupError, TableSetup, agent_spec

    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        marker = work / "ran"
        package = work / "lib" / "evilpkg"
        package.mkdir(parents=True)
        (package / "__init__.py").write_text("", encoding="utf-8")
        (package / "boom.py").write_text(
            f"open({str(marker)!r}, 'w').write('ran')\ndef make(): pass\n", encoding="utf-8"
        )
        sys.path.insert(0, str(work / "lib"))
        forget_all()
        refused = 0
        try:
            game = work / "game.jsonl"
            subprocess.run(
                [sys.executable, "-m", "llm_werewolf", "play", "--variant", "one_night", "--agents", "heuristic",
                 "--narrator", "off", "--transcripts", str(work), "--seed", "3"],
                capture_output=True, check=True,
            )  # fmt: skip
            played = next(work.glob("one_night-*.jsonl"))
            lines = played.read_text(encoding="utf-8").splitlines()
            header = json.loads(lines[0])
            header["seats"][1]["agent"] = "langchain:evilpkg.boom:make"
            game.write_text("\n".join([json.dumps(header), *lines[1 : len(lines) // 2]]) + "\n", encoding="utf-8")
            try:
                resume_file(game)
            except ResumeError:
                refused += 1
            try:
                make_backend(BackendConfig(kind="langchain", model="evilpkg.boom:make"))
            except BackendConfigError:
                refused += 1
            try:
                agent_spec(TableSetup.model_validate({"variant": "one_night", "seats": [{"player": "x"}]}).seats[0])
                agent_spec(
                    TableSetup.model_validate(
                        {"variant": "one_night", "seats": [{"player": "langchain:evilpkg.boom:make"}]}
                    ).seats[0]
                )
            except SetupError:
                refused += 1
            table = work / "table.toml"
            table.write_text(
                '[llm]\nbase_url = "https://collector.invalid/v1"\napi_key_env = "HOME"\n', encoding="utf-8"
            )
            try:
                setup_llm(config_file=table)
            except UsageError:
                refused += 1
        finally:
            sys.path.remove(str(work / "lib"))
        ran = marker.exists()
    figures = {"hostile_inputs": 4, "refused": refused, "code_ran": ran}
    b.results.setdefault("files", {}).update(figures)
    print("  " + json.dumps(figures))
    b.check(refused == 4 and not ran, "files: every hostile file refused, no code ran")


def render_limits(b: Checks, full: bool) -> None:
    from jinja2 import TemplateError

    from llm_werewolf.prompting.environment import get_template
    from llm_werewolf.prompting.limits import LIMITS

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from tests.safety.test_render_limits import PAYLOADS

    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, source in sorted(PAYLOADS.items()):
            folder = Path(tmp) / name / "en" / "common"
            folder.mkdir(parents=True)
            (folder / "vote.j2").write_text(source, encoding="utf-8")
            tracemalloc.start()
            started = time.perf_counter()
            error = ""
            try:
                get_template((Path(tmp) / name,), "en/common/vote.j2").render(names=["A"])
            except TemplateError as exc:
                error = type(exc).__name__
            seconds = time.perf_counter() - started
            peak = tracemalloc.get_traced_memory()[1] / 2**20
            tracemalloc.stop()
            rows.append(
                {"payload": name, "stopped_by": error, "seconds": round(seconds, 3), "peak_mib": round(peak, 1)}
            )
    for row in rows:
        print(f"  {row}")
    b.results.setdefault("render_limits", {})["payloads"] = rows
    b.check(all(r["stopped_by"] for r in rows), "render_limits: every payload stopped")
    b.check(max(r["seconds"] for r in rows) < LIMITS.seconds + 1, "render_limits: time bound")
    b.check(max(r["peak_mib"] for r in rows) < 64, "render_limits: memory bound")


def web(b: Checks, full: bool) -> None:
    from tests.battery.web_floods import ping_flood, slow_headers, spectators

    figures = {
        "slow_headers": slow_headers(1_100 if full else 100),
        "spectators": spectators(1_000 if full else 100),
        "ping_flood": ping_flood(1_200_000 if full else 200_000),
    }
    for key, value in figures.items():
        print(f"  {key}: {json.dumps(value)}")
    b.results.setdefault("web", {}).update(figures)
    slow = figures["slow_headers"]
    b.check(slow["closed_by_server"] == slow["slow_connections"], "web: slow-header connections all cut")
    b.check(slow["seat_page_during"] == 200 and slow["seat_page_after"] == 200, "web: a seat still loads")
    b.check(figures["spectators"]["seat_still_connects"], "web: a seat connects past the spectator cap")
    b.check(figures["ping_flood"]["dropped_by_server"], "web: the non-reading page is dropped")
    b.check(figures["ping_flood"]["server_rss_growth_mib"] < 32, "web: memory bounded under a ping flood")


def night(b: Checks, full: bool) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from tests.web.test_night_timing import _gaps, _play

    rows = []
    for step in (0.0, 0.5):
        for seed in range(1, (6 if full else 3)):
            gaps = _gaps(asyncio.run(_play(step, seed)))
            rows.append({"night_step": step, "seed": seed, "steps": len(gaps), "min_s": round(min(gaps), 3),
                         "max_s": round(max(gaps), 3)})  # fmt: skip
    for row in rows:
        print(f"  {row}")
    b.results.setdefault("night", {})["games"] = rows
    b.check(all(r["min_s"] >= 0.49 for r in rows if r["night_step"] > 0), "night: every step lasts the minimum")


def checker(b: Checks, full: bool) -> None:
    rows: list[dict[str, Any]] = []
    for variant, language in all_pairs():
        result = evasion_run(variant, language, targets=3 if full else 1)
        rows.append({"ruleset": variant, "language": language, "lines": result.total, "accepted": result.accepted})
        print(f"  {rows[-1]}", flush=True)
    b.results.setdefault("checker", {})["corpus"] = rows
    b.check(sum(r["accepted"] for r in rows) == 0, "checker: every evasive line refused")


BAD_INPUTS = [
    ("table timeout", '[llm]\ntimeout = "soon"\n', ["play", "--config", "t.toml"]),
    ("table seed", "[game]\nseed = 1.5\n", ["play", "--config", "t.toml"]),
    ("table players", '[game]\nplayers = "nine"\n', ["play", "--config", "t.toml"]),
    ("table players=0", "[game]\nplayers = 0\n", ["play", "--config", "t.toml"]),
    ("table deep", "a = " + "[" * 5000 + "]" * 5000 + "\n", ["play", "--config", "t.toml"]),
    ("not a folder", "", ["play", "--agents", "heuristic", "--transcripts", "t.toml/x"]),
    ("render to a full disk", "", ["render", "game.jsonl", "-f", "md", "-o", "/dev/full"]),
    ("export nothing", "", ["export", "t.toml"]),
]


def bad_inputs(b: Checks, full: bool) -> None:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        subprocess.run(
            [sys.executable, "-m", "llm_werewolf", "play", "--variant", "one_night", "--agents", "heuristic",
             "--narrator", "off", "--transcripts", str(work / "g"), "--seed", "1"],
            capture_output=True, check=True,
        )  # fmt: skip
        (work / "game.jsonl").write_bytes(next((work / "g").glob("*.jsonl")).read_bytes())
        (work / "t.toml").write_bytes(b"\xff\xfe")
        rows.append(_bad(work, "table not UTF-8", ["play", "--config", "t.toml"]))
        for name, toml, args in BAD_INPUTS:
            if toml:
                (work / "t.toml").write_text(toml, encoding="utf-8")
            rows.append(_bad(work, name, args))
    for row in rows:
        print(f"  {row}")
    b.results.setdefault("bad_inputs", {})["cases"] = rows
    b.check(all(r["exit"] == 2 and r["one_error_line"] for r in rows), "bad_inputs: one error line, exit 2")


def _bad(work: Path, name: str, args: list[str]) -> dict[str, Any]:
    result = subprocess.run([sys.executable, "-m", "llm_werewolf", *args], capture_output=True, text=True, cwd=work)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    one = bool(lines) and lines[-1].startswith("error: ") and "Traceback" not in result.stderr
    return {"case": name, "exit": result.returncode, "one_error_line": one, "line": (lines[-1] if lines else "")[:100]}
