"""Model players: cost per game on the embedded model, and the framework's own overhead.

    .venv/bin/python bench/llm.py [--games N] [--fake-games N] [--rulesets a,b] [--skip-model] [--json]

* **framework overhead per decision**: the same games played by LLM agents on the
  deterministic fake backend (prompt rendering from the seat's view, answer
  parsing, model-call records, the table) minus the same games played by the
  heuristic agents; CPU time of this process, best of ``--repeats``.
* **embedded model**: each ruleset that has prompts, played to the end by the
  in-process local backend (gemma-3-270m Q4_K_M on the CPU): model calls,
  prompt and completion tokens, generation speed, wall time per game.
* **round trips**: simultaneous decisions (votes, independent night actions) are
  asked concurrently, so the sequential model round trips a game needs are far
  fewer than its model calls; reported per game day (a night and the day after it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import sys
import time
from collections import defaultdict
from typing import Any

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.agents.llm_agent import LLMAgent, LLMAgentSettings
from llm_werewolf.llm.base import Backend
from llm_werewolf.llm.fake import FakeBackend
from llm_werewolf.prompting.packs import has_pack, search_roots
from llm_werewolf.rules import Game, GameConfig, Record, get_ruleset
from llm_werewolf.rules.events import Asked, ChoiceMade
from llm_werewolf.table import Table, TableSettings
from llm_werewolf.table_notes import Fallback, ModelCall
from llm_werewolf.transcript.schema import TABLE_EVENT_TYPES

# (ruleset, language, players, options): short games for the CPU model.
MODEL_TABLES: list[tuple[str, str, int, dict[str, Any]]] = [
    ("one_night", "en", 4, {}),
    ("one_night", "ar", 4, {}),
    ("chinese_werewolf", "en", 6, {}),
    ("chinese_werewolf", "zh-Hant", 6, {}),
    # Multi-day rulesets with a day cap, so one game stays within minutes on two CPU cores.
    ("lebanese_ghouls", "ar-LB", 6, {"max_days": 2}),
    ("city_mafia", "ru", 7, {"max_days": 2}),
    ("online_mafia", "he", 7, {"max_days": 2}),
]
FAKE_TABLES: list[tuple[str, str, int]] = [
    ("chinese_werewolf", "zh-Hant", 9),
    ("one_night", "ar", 6),
    ("lebanese_ghouls", "ar-LB", 8),
    ("city_mafia", "ru", 10),
    ("online_mafia", "he", 10),
]


def _names(players: int) -> tuple[str, ...]:
    return tuple(f"P{i + 1}" for i in range(players))


async def _play(game: Game, agents: list[Any]) -> None:
    await Table(game, agents, settings=TableSettings(concurrency=8)).play()


def overhead(variant: str, language: str, players: int, games: int, repeats: int) -> dict[str, Any]:
    """CPU ms per decision: LLM agents on the fake backend vs heuristic agents, same seeds."""

    def run(make_agents: Any) -> tuple[float, int]:
        best = float("inf")
        decisions = 0
        for _ in range(repeats):
            decisions = 0
            started = time.process_time()
            for seed in range(games):
                game = Game(GameConfig(variant=variant, names=_names(players), seed=seed, language=language))
                asyncio.run(_play(game, make_agents(seed)))
                decisions += game.state.next_decision_id
            best = min(best, time.process_time() - started)
        return best, decisions

    fake_time, fake_decisions = run(
        lambda seed: [LLMAgent(FakeBackend(seed=seed), settings=LLMAgentSettings(seed=i)) for i in range(players)]
    )
    heuristic_time, heuristic_decisions = run(lambda seed: [HeuristicAgent(seed * 31 + i) for i in range(players)])
    per_fake = 1000 * fake_time / fake_decisions
    per_heuristic = 1000 * heuristic_time / heuristic_decisions
    return {
        "variant": variant,
        "language": language,
        "players": players,
        "games": games,
        "ms_per_decision_fake_llm": round(per_fake, 3),
        "ms_per_decision_heuristic": round(per_heuristic, 3),
        "overhead_ms_per_decision": round(per_fake - per_heuristic, 3),
    }


def round_trips(records: list[Record]) -> dict[str, Any]:
    """Sequential model round trips versus model calls, per game day.

    A batch is every decision asked before the table answers any of them (they are asked
    concurrently); within a decision, calls are sequential (re-asks, the language switch,
    a base model's option pick after its speech). Round trips of a batch = the most calls
    any of its decisions needed.
    """
    calls_per_decision: dict[int, int] = defaultdict(int)
    for record in records:
        if isinstance(record.event, ModelCall) and record.event.decision_id is not None:
            calls_per_decision[record.event.decision_id] += 1
    batches: list[tuple[str, list[int]]] = []
    opened_by = ""  # what opened the running batch: its asked lines (schema 1) or its choices (schema 2)
    for record in records:
        event = record.event
        if isinstance(event, Asked) or (isinstance(event, ChoiceMade) and event.options):
            if not opened_by:
                batches.append((record.phase, []))
                opened_by = event.kind
            batches[-1][1].append(event.decision_id)
        elif isinstance(event, ChoiceMade) or (opened_by == "choice" and not isinstance(event, TABLE_EVENT_TYPES)):
            opened_by = ""
    per_day: dict[int, dict[str, int]] = defaultdict(lambda: {"calls": 0, "round_trips": 0})
    for phase, decision_ids in batches:
        _, _, number = phase.partition(":")
        day = int(number) if number.isdigit() else 0
        calls = [calls_per_decision.get(d, 0) for d in decision_ids]
        per_day[day]["calls"] += sum(calls)
        per_day[day]["round_trips"] += max(calls, default=0)
    total_calls = sum(d["calls"] for d in per_day.values())
    total_trips = sum(d["round_trips"] for d in per_day.values())
    return {"calls": total_calls, "round_trips": total_trips, "per_day": dict(sorted(per_day.items()))}


async def model_game(
    backend: Backend, variant: str, language: str, players: int, seed: int, options: dict[str, Any]
) -> dict[str, Any]:
    game = Game(GameConfig(variant=variant, names=_names(players), seed=seed, language=language, options=options))
    agents = [LLMAgent(backend, settings=LLMAgentSettings(seed=seed * 100 + i)) for i in range(players)]
    started = time.perf_counter()
    await _play(game, agents)
    wall = time.perf_counter() - started
    calls = [r.event for r in game.records if isinstance(r.event, ModelCall)]
    fallbacks = [r.event for r in game.records if isinstance(r.event, Fallback)]
    completion_tokens = sum(c.completion_tokens for c in calls)
    model_seconds = sum(c.latency_ms for c in calls) / 1000
    return {
        "variant": variant,
        "language": language,
        "players": players,
        "options": options,
        "seed": seed,
        "days_played": game.state.days_played,
        "outcome": game.state.outcome.reason if game.state.outcome is not None else None,
        "wall_s": round(wall, 1),
        "decisions": game.state.next_decision_id,
        "model_calls": len(calls),
        "prompt_tokens": sum(c.prompt_tokens for c in calls),
        "completion_tokens": completion_tokens,
        "mean_prompt_tokens": round(sum(c.prompt_tokens for c in calls) / max(1, len(calls))),
        "seconds_per_call": round(model_seconds / max(1, len(calls)), 2),
        "tokens_per_model_second": round(
            (sum(c.prompt_tokens for c in calls) + completion_tokens) / max(model_seconds, 1e-9)
        ),
        "fallbacks": len(fallbacks),
        "round_trips": round_trips(game.records),
    }


async def model_bench(tables: list[tuple[str, str, int, dict[str, Any]]], games: int) -> dict[str, Any]:
    from llm_werewolf.llm.local import LocalBackend

    backend = LocalBackend(seed=0)
    started = time.perf_counter()
    await backend.preflight()
    load = time.perf_counter() - started
    results = []
    for variant, language, players, options in tables:
        for seed in range(games):
            results.append(await model_game(backend, variant, language, players, seed, options))
            print(f"  played {variant} {language} seed {seed}", file=sys.stderr, flush=True)
    await backend.aclose()
    return {"model": backend.model, "threads": backend.n_threads, "load_s": round(load, 2), "games": results}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1, help="games per ruleset on the embedded model")
    parser.add_argument("--fake-games", type=int, default=20, help="games per table for the overhead measurement")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--rulesets", default="", help="comma-separated ruleset ids (default: all with prompts)")
    parser.add_argument("--skip-model", action="store_true", help="only the fake-backend overhead")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    wanted = set(filter(None, args.rulesets.split(",")))
    roots = search_roots()

    def usable(variant: str, language: str) -> bool:
        return (
            (not wanted or variant in wanted)
            and has_pack(roots, language, variant)
            and (language in get_ruleset(variant).languages)
        )

    report: dict[str, Any] = {"python": platform.python_version(), "machine": platform.machine()}
    report["overhead"] = [
        overhead(v, lang, p, args.fake_games, args.repeats) for v, lang, p in FAKE_TABLES if usable(v, lang)
    ]
    if not args.skip_model:
        tables = [t for t in MODEL_TABLES if usable(t[0], t[1])]
        report["embedded"] = asyncio.run(model_bench(tables, args.games))
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
        return
    print("framework overhead (fake backend vs heuristic agents, CPU ms per decision)")
    for row in report["overhead"]:
        print(
            f"  {row['variant']:<17} {row['language']:<8} {row['players']:>2}p"
            f"  llm/fake {row['ms_per_decision_fake_llm']:.3f}  heuristic {row['ms_per_decision_heuristic']:.3f}"
            f"  overhead {row['overhead_ms_per_decision']:.3f}"
        )
    if "embedded" in report:
        embedded = report["embedded"]
        print(f"embedded model {embedded['model']} ({embedded['threads']} threads, load {embedded['load_s']} s)")
        for row in embedded["games"]:
            trips = row["round_trips"]
            print(
                f"  {row['variant']:<17} {row['language']:<8} {row['players']:>2}p  {row['wall_s']:>6.1f} s"
                f"  calls {row['model_calls']:>3}  round trips {trips['round_trips']:>3}"
                f"  tokens {row['prompt_tokens']}+{row['completion_tokens']}"
                f"  {row['seconds_per_call']:.2f} s/call  {row['tokens_per_model_second']} tok/s"
                f"  fallbacks {row['fallbacks']}"
            )
            per_day = "  ".join(f"day {day}: {d['round_trips']}/{d['calls']}" for day, d in trips["per_day"].items())
            print(f"    round trips/calls per day  {per_day}")


if __name__ == "__main__":
    main()
