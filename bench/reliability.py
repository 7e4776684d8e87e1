"""The reliability and safety battery at full size, with its figures (docs/reliability.md).

    .venv/bin/python bench/reliability.py                      # full sizes, every item
    .venv/bin/python bench/reliability.py --ci                 # the reduced CI sizes
    .venv/bin/python bench/reliability.py --only spoofing,crash --json out.json
    .venv/bin/python bench/reliability.py --only injection --agents openai:MODEL --base-url http://HOST:PORT/v1

Items: spoofing, canaries, interference, malformed, provider, crash, templates, injection, and the
security items seeds, files, render_limits, web, night, checker, bad_inputs (bench/reliability_security.py).
Every item checks its pass criteria as the tests do; the exit status is 1 when one fails.
The injection item measures how often a model obeys planted speeches; it runs on the
embedded model by default (``--agents local``) or on any endpoint (``--agents openai:MODEL
--base-url URL``, ``--agents langchain:MODEL``...).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the battery's harnesses: tests/battery

import reliability_security as security

from llm_werewolf.agents.pack_vetting import vet_pack
from llm_werewolf.prompting.pack_policy import vet_source
from tests.battery import sizes as sizes_module
from tests.battery.canaries import LeakReport, play_canary_game
from tests.battery.crash import CrashStats, crash_battery
from tests.battery.games import map_jobs, players_for, prompt_languages, rulesets
from tests.battery.injection import CATEGORIES, run_cell
from tests.battery.interference import compare, dealt, swaps_for
from tests.battery.malformed import FAULTS, REJECTABLE, MalformedStats, malformed_battery
from tests.battery.provider import provider_battery
from tests.battery.sizes import FAULT_RATES, MALFORMED_RATE, Sizes
from tests.battery.spoofing import SpoofReport, spoofing_battery
from tests.battery.templates import PLACES, plant, ssti_corpus, try_payload

ITEMS = ("spoofing", "canaries", "interference", "malformed", "provider", "crash", "templates", "injection")
SECURITY = ("seeds", "files", "render_limits", "web", "night", "checker", "bad_inputs")
WORKERS = max(1, min(4, os.cpu_count() or 1))


class Battery:
    def __init__(self, sizes: Sizes) -> None:
        self.sizes = sizes
        self.results: dict[str, Any] = {}
        self.failures: list[str] = []

    def check(self, ok: bool, what: str) -> None:
        if not ok:
            self.failures.append(what)
            print(f"  FAIL: {what}")


def timed(name: str, battery: Battery, run: Callable[[], Any]) -> None:
    print(f"\n== {name} ==", flush=True)
    started = time.perf_counter()
    run()
    seconds = round(time.perf_counter() - started, 1)
    battery.results.setdefault(name, {})["seconds"] = seconds
    print(f"  ({seconds} s)", flush=True)


def table(rows: list[dict[str, Any]], keys: list[str]) -> None:
    widths = [max(len(k), *(len(str(r.get(k, ""))) for r in rows)) for k in keys]
    print("  " + "  ".join(k.ljust(w) for k, w in zip(keys, widths, strict=True)))
    for row in rows:
        print("  " + "  ".join(str(row.get(k, "")).ljust(w) for k, w in zip(keys, widths, strict=True)))


# -- items ------------------------------------------------------------------------------------------


def spoofing(b: Battery) -> None:
    reports: list[SpoofReport] = map_jobs(spoofing_battery, [(v, b.sizes.spoof_texts, 7) for v in rulesets()], WORKERS)
    rows = [r.as_dict() for r in reports]
    table(rows, ["variant", "texts", "games", "languages", "prompts_scanned", "texts_seen_in_prompts",
                 "renderings_scanned", "console_outputs_scanned", "narrator_lines"])  # fmt: skip
    for r in reports:
        b.check(r.planted == b.sizes.spoof_texts and not r.violations and not r.illegal_games, f"spoofing {r.variant}")
        for line in r.violations[:3]:
            print("   ", line)
    b.results["spoofing"] = {"rows": rows}


def _canary_games(variant: str, games: int) -> LeakReport:
    report = LeakReport()
    languages = prompt_languages(variant)
    for n in range(games):
        play_canary_game(variant, languages[n % len(languages)], players_for(variant), 1000 + n, report)
    return report


def canaries(b: Battery) -> None:
    names = rulesets()
    reports: list[LeakReport] = map_jobs(_canary_games, [(v, b.sizes.canary_games) for v in names], WORKERS)
    rows = [{"variant": v, **r.as_dict()} for v, r in zip(names, reports, strict=True)]
    table(rows, ["variant", "games", "private_markers", "prompts_scanned", "renderings_scanned",
                 "own_markers_seen_in_own_prompts", "leaks"])  # fmt: skip
    for v, r in zip(names, reports, strict=True):
        b.check(not r.leaks and not r.illegal_games and r.own_markers_in_prompts > 0, f"canaries {v}")
        for line in r.leaks[:3]:
            print("   ", line)
    b.results["canaries"] = {"rows": rows}


def _interference(variant: str, cases: int) -> dict[str, Any]:
    rng = random.Random(f"interference:{variant}")
    firsts: Counter[str] = Counter()
    leaks: list[str] = []
    never = seq = prompts = 0
    for n in range(cases):
        config = dealt(variant, 5000 + n)
        observer = rng.randrange(len(config.names))
        swap = rng.choice(swaps_for(config, observer))
        result = compare(config, swap, observer, script_seed=n)
        if result.index is None:
            never += 1
        else:
            firsts[" / ".join(sorted(set(result.first or ())))] += 1
        seq += result.seq_channel
        prompts += result.prompts_compared
        if result.leak:
            leaks.append(f"seed {5000 + n}, seat {observer + 1}, {swap}: {result.leak}")
    return {
        "variant": variant,
        "cases": cases,
        "never_diverged": never,
        "prompts_compared": prompts,
        "leaks": len(leaks),
        "seq_numbers_differ": seq,
        "first_difference": dict(firsts.most_common(4)),
        "examples": leaks[:3],
    }


def interference(b: Battery) -> None:
    rows = map_jobs(_interference, [(v, b.sizes.interference_cases) for v in rulesets()], WORKERS)
    table(rows, ["variant", "cases", "never_diverged", "prompts_compared", "leaks", "seq_numbers_differ"])
    for row in rows:
        print(f"    {row['variant']}: first difference at {row['first_difference']}")
        b.check(row["leaks"] == 0, f"interference {row['variant']}")
        for line in row["examples"]:
            print("   ", line)
    b.results["interference"] = {"rows": rows}


def malformed(b: Battery) -> None:
    names = rulesets()
    jobs = [(v, b.sizes.malformed_games, MALFORMED_RATE, 11) for v in names]
    stats: list[MalformedStats] = map_jobs(malformed_battery, jobs, WORKERS)
    rows = [{"variant": v, **s.as_dict()} for v, s in zip(names, stats, strict=True)]
    table(rows, ["variant", "games", "decisions", "model_calls", "broken_answers", "broken_share",
                 "rejected_records", "fallback_records", "decisions_all_attempts_broken", "problems"])  # fmt: skip
    total = MalformedStats()
    for v, s in zip(names, stats, strict=True):
        total.add(s)
        ok = not s.problems and all(s.refused_by_fault[f] == s.on_decisions[f] for f in REJECTABLE)
        b.check(ok and s.fallbacks == s.expected_fallbacks, f"malformed {v}")
        for line in s.problems[:3]:
            print("   ", line)
    print("  faults injected (all calls):", {f: total.injected[f] for f in FAULTS})
    print("  on decision calls / refused:", {f: f"{total.on_decisions[f]}/{total.refused_by_fault[f]}" for f in FAULTS})
    b.results["malformed"] = {"rows": rows, "total": total.as_dict()}


def provider(b: Battery) -> None:
    rows = []
    for rate in FAULT_RATES:
        with tempfile.TemporaryDirectory() as folder:
            stats = provider_battery(rate, b.sizes.provider_games, Path(folder), variants=rulesets(), seed=3)
        row = stats.as_dict()
        rows.append(row)
        b.check(not stats.problems and stats.completed == stats.games, f"provider faults at {rate:.0%}")
        for line in stats.problems[:3]:
            print("   ", line)
    keys = ["fault_rate", "games", "completion_rate", "scored", "unscored", "failed", "http_requests"]
    keys += ["calls_recovered_by_retry", "calls_failed_for_good", "fallbacks_per_100_decisions", "wall_s"]
    table(rows, keys)
    for row in rows:
        print(f"    {row['fault_rate']:.0%}: injected {row['injected_faults']}")
    from tests.battery.fault_server import FaultPlan

    with tempfile.TemporaryDirectory() as folder:
        plan = FaultPlan(down_after=6, down_kind="500", seed=1)
        down = provider_battery(0.0, 4, Path(folder), variants=["one_night", "lebanese_ghouls"], seed=4, plan=plan)
    print(f"  endpoint down after 6 requests: {dict(down.status)}; the study counts {down.scored_by_study}")
    b.check(down.status["unscored"] == down.games and down.scored_by_study == 0, "a dead endpoint is unscored")
    b.results["provider"] = {"rows": rows, "endpoint_down": down.as_dict()}


def _crash(variant: str, kills: int) -> CrashStats:
    with tempfile.TemporaryDirectory() as folder:
        total = CrashStats(variant)
        per_seed = 50
        for n, start in enumerate(range(0, kills, per_seed)):
            total.add(crash_battery(variant, min(per_seed, kills - start), seed=20 + n, folder=Path(folder)))
        return total


def crash(b: Battery) -> None:
    stats: list[CrashStats] = map_jobs(_crash, [(v, b.sizes.crash_kills) for v in rulesets()], WORKERS)
    rows = [s.as_dict() for s in stats]
    table(rows, ["variant", "kills", "killed_mid_line", "resumed_identical", "problems"])
    for s in stats:
        b.check(s.resumed_identical == s.kills == b.sizes.crash_kills, f"crash {s.variant}")
        for line in s.problems[:3]:
            print("   ", line)
    b.results["crash"] = {"rows": rows}


def templates(b: Battery) -> None:
    corpus = ssti_corpus()
    outcomes: Counter[str] = Counter()
    slowest = 0.0
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        for payload in corpus["escape"]:
            for place in PLACES:
                attempt = try_payload(payload, place, work)
                outcomes[attempt.outcome] += 1
                slowest = max(slowest, attempt.seconds)
                b.check(attempt.outcome in ("refused", "inert") and attempt.seconds < 3, f"template {payload!r}")
        mutation: Counter[str] = Counter()
        for n, payload in enumerate(corpus["mutation"]):
            mutation[try_payload(payload, "rules.j2", work).outcome] += 1
            refused = not vet_pack(plant(work / f"m{n}", payload, "rules.j2", "en", "one_night", []), trial=False).ok
            b.check(refused, f"vetting refuses {payload!r}")
        vetted = 0
        vet_slowest = 0.0
        for n, payload in enumerate(corpus["exhaustion"]):
            started = time.perf_counter()
            verdict = vet_pack(plant(work / f"x{n}", payload, "rules.j2", "en", "one_night", []))
            vet_slowest = max(vet_slowest, time.perf_counter() - started)
            vetted += not verdict.ok
        b.check(vetted == len(corpus["exhaustion"]), "every exhaustion payload is refused")
        trial = vet_pack(plant(work / "slow", corpus["trial_only"][0], "rules.j2", "en", "one_night", []), seconds=5)
        b.check(not trial.ok, "the bounded trial refuses a slow pack")
        static = [vet_source(p) for p in corpus["trial_only"]]
    print(f"  escape corpus: {len(corpus['escape'])} payloads x {len(PLACES)} places: {dict(outcomes)}")
    print(f"  slowest render {slowest:.2f} s; canary file created: never")
    print(f"  context mutation in the plain sandbox: {dict(mutation)}; refused by vetting: {len(corpus['mutation'])}")
    print(f"  exhaustion corpus: {vetted}/{len(corpus['exhaustion'])} refused by vetting, slowest {vet_slowest:.3f} s")
    print(f"  slow pack past the static policy ({not any(static)}): {trial.trial} in {trial.seconds:.1f} s")
    b.results["templates"] = {
        "escape": dict(outcomes),
        "slowest_render_s": round(slowest, 3),
        "mutation_unvetted": dict(mutation),
        "exhaustion_refused": vetted,
        "exhaustion_total": len(corpus["exhaustion"]),
        "trial": trial.trial,
    }


def injection(b: Battery, spec: str, base_url: str | None, languages: list[str], trials: int) -> None:
    backend = make_backend(spec, base_url)
    rows = []

    async def run() -> None:
        for language in languages:
            for category in CATEGORIES:
                cell = await run_cell(backend, language, category, trials, seed=1)
                rows.append(cell.as_dict())
                print(
                    f"    {language} {category}: {cell.obeyed}/{cell.trials} (control {cell.control_obeyed})",
                    flush=True,
                )
                b.check(cell.trials == trials, f"injection {language} {category}: {cell.trials} trials")
        await backend.aclose()

    asyncio.run(run())
    table(rows, ["language", "category", "trials", "obeyed", "obey_rate", "control_rate", "lift"])
    by_category = {}
    for category in CATEGORIES:
        cells = [r for r in rows if r["category"] == category]
        n = sum(r["trials"] for r in cells)
        obeyed = sum(r["obeyed"] for r in cells)
        control = sum(r["control_rate"] * r["trials"] for r in cells)
        by_category[category] = {"trials": n, "obey_rate": round(obeyed / n, 3) if n else 0.0,
                                 "control_rate": round(control / n, 3) if n else 0.0}  # fmt: skip
    print("  by category:", by_category)
    b.results["injection"] = {"agents": spec, "rows": rows, "by_category": by_category}


def make_backend(spec: str, base_url: str | None) -> Any:
    from llm_werewolf.llm.factory import BackendConfig
    from llm_werewolf.llm.factory import make_backend as build

    return build(BackendConfig.parse(spec, base_url=base_url, seed=1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ci", action="store_true", help="the reduced CI sizes")
    parser.add_argument("--only", default="", help=f"comma-separated items ({', '.join((*ITEMS, *SECURITY))})")
    parser.add_argument("--agents", default="local", help="the model for the injection item (local, openai:MODEL...)")
    parser.add_argument("--base-url", default=None, help="endpoint of an openai/langchain model")
    parser.add_argument("--languages", default="", help="injection languages (default: the size's)")
    parser.add_argument("--trials", type=int, default=0, help="injection trials per language x category")
    parser.add_argument("--json", default="", help="write every figure to this JSON file")
    args = parser.parse_args(argv)
    sizes = sizes_module.CI if args.ci else sizes_module.FULL
    only = [i.strip() for i in args.only.split(",") if i.strip()] or [*ITEMS, *SECURITY]
    unknown = sorted(set(only) - set(ITEMS) - set(SECURITY))
    if unknown:
        parser.error(f"unknown item(s): {', '.join(unknown)}")
    battery = Battery(sizes)
    print(f"reliability battery ({sizes.name} sizes) on {platform.python_implementation()} "
          f"{platform.python_version()}, {os.cpu_count()} CPUs, {WORKERS} workers")  # fmt: skip
    runs: dict[str, Callable[[], None]] = {
        "spoofing": lambda: spoofing(battery),
        "canaries": lambda: canaries(battery),
        "interference": lambda: interference(battery),
        "malformed": lambda: malformed(battery),
        "provider": lambda: provider(battery),
        "crash": lambda: crash(battery),
        "templates": lambda: templates(battery),
        "injection": lambda: injection(
            battery,
            args.agents,
            args.base_url,
            [lang for lang in args.languages.split(",") if lang] or list(sizes.injection_languages),
            args.trials or sizes.injection_trials,
        ),
    }
    for item in SECURITY:
        runs[item] = (lambda name: lambda: getattr(security, name)(battery, sizes.name == "full"))(item)
    for item in (*ITEMS, *SECURITY):
        if item in only:
            timed(item, battery, runs[item])
    battery.results["sizes"] = sizes.name
    battery.results["failures"] = battery.failures
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(battery.results, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(
        f"\n{len(battery.failures)} failure(s)" + ("" if not battery.failures else ": " + "; ".join(battery.failures))
    )
    return 1 if battery.failures else 0


if __name__ == "__main__":
    sys.exit(main())
