"""Prompt size and prompt-cache reuse of model players, and the embedded model's time per game.

    .venv/bin/python bench/prompts.py [--games N] [--json] [--model] [--model-seed S]
    .venv/bin/python bench/prompts.py --every-ruleset [--repeating] [--games N]

* **stub endpoint**: whole games (no day cap) where every seat is an LLM agent on the deterministic
  fake backend with the ``openai`` capability profile: a legal answer and a canned speech for every
  call, so the prompts are exactly what an OpenAI-compatible endpoint would receive. Tables: an 8-seat
  chinese_werewolf (2 werewolves, seer, guard, 4 villagers, sheriff off) and an 8-seat lebanese_ghouls
  (the standard deck), each in its source language and in English. Reported: model calls, mean and
  largest prompt (characters) over the whole game and per game day, and **prefix reuse**: the share of
  all prompt characters that repeat the start of the same seat's previous prompt (what a provider's
  prompt cache or llama.cpp's KV cache can reuse), plus the share each seat's prompt has in common with
  the *other* seats' prompt of the same moment (the shared part).
* **every ruleset** (``--every-ruleset``): the same at 8 seats for each ruleset in its source language
  and in English (default decks), ``openai`` profile only; mean and largest prompt per ruleset, and the calls asked
  again (``attempt`` above 0). With ``--repeating`` the stub's every speech ends in one word said thirty
  times (a small model's failure), which the answer checks find as a ``repeat``.
* **embedded model** (``--model``): one 6-seat game as ``llm-werewolf play --players 6`` plays it (the
  default ruleset and language, every seat on the embedded model, template narrator), run in a child
  process; reported: model calls, prompt tokens and the model's own time (the sum of the calls'
  latencies). Run it from another checkout for a baseline: ``PYTHONPATH=/path/to/other bench/prompts.py
  --model`` (the command works on the previous code too).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from llm_werewolf.agents.llm_agent import LLMAgent, LLMAgentSettings
from llm_werewolf.llm.base import Completion, CompletionRequest
from llm_werewolf.llm.fake import FakeBackend
from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.rules import Game, GameConfig
from llm_werewolf.table import Table, TableSettings
from llm_werewolf.table_notes import ModelCall

CW_DECK = ("werewolf", "werewolf", "seer", "guard", "villager", "villager", "villager", "villager")
# (ruleset, language, players, deck, options)
STUB_TABLES: list[tuple[str, str, int, tuple[str, ...] | None, dict[str, Any]]] = [
    ("chinese_werewolf", "zh-Hant", 8, CW_DECK, {"sheriff": False}),
    ("chinese_werewolf", "en", 8, CW_DECK, {"sheriff": False}),
    ("lebanese_ghouls", "ar-LB", 8, None, {}),
    ("lebanese_ghouls", "en", 8, None, {}),
]

# Every ruleset at 8 seats, in its source language and in English (--every-ruleset).
EVERY_RULESET: list[tuple[str, str, int, tuple[str, ...] | None, dict[str, Any]]] = [
    (variant, language, 8, deck, options)
    for variant, source, deck, options in (
        ("chinese_werewolf", "zh-Hant", CW_DECK, {"sheriff": False}),
        ("city_mafia", "ru", None, {}),
        ("lebanese_ghouls", "ar-LB", None, {}),
        ("one_night", "ar", None, {}),
        ("online_mafia", "he", None, {}),
    )
    for language in (source, "en")
]
REPEATED = {"zh-Hant": "狼", "ru": "волк", "ar-LB": "غول", "ar": "ذئب", "he": "זאב", "en": "wolf"}


def repeating(seed: int, profile: str, language: str) -> FakeBackend:
    """The stub, its every speech followed by one word said thirty times."""
    import random

    from llm_werewolf.llm.fake import auto_answer

    rng = random.Random(seed)
    tail = " ".join([REPEATED.get(language, "wolf")] * 30)

    def script(request: CompletionRequest) -> str:
        answer = auto_answer(request, rng)
        if request.mode == "text":
            return f"{answer} {tail}"
        data = json.loads(answer)
        if "speech" in data:
            data["speech"] = f"{data['speech']} {tail}"
        return json.dumps(data, ensure_ascii=False)

    return FakeBackend(script, seed=seed, profile=get_profile(profile))


class RecordingBackend:
    """The fake backend, keeping every prompt it is sent with the seat and the game day."""

    def __init__(self, inner: FakeBackend, log: list[dict[str, Any]], game: Game, every: list[str]) -> None:
        self.inner = inner
        self.log = log
        self.game = game
        self.every = every
        self.name = inner.name
        self.model = inner.model
        self.profile = inner.profile

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def complete(self, request: CompletionRequest) -> Completion:
        phase = self.game.state.phase
        self.log.append({"text": request.prompt_text(), "phase": f"{phase.kind}:{phase.number}"})
        self.every.append(request.prompt_text())
        return await self.inner.complete(request)


def common_prefix(a: str, b: str) -> int:
    limit = min(len(a), len(b))
    low, high = 0, limit
    while low < high:  # the longest n with a[:n] == b[:n]
        mid = (low + high + 1) // 2
        if a[:mid] == b[:mid]:
            low = mid
        else:
            high = mid - 1
    return low


def stub_game(
    variant: str,
    language: str,
    players: int,
    deck: tuple[str, ...] | None,
    options: dict[str, Any],
    seed: int,
    profile: str = "openai",
    repeat: bool = False,
) -> dict[str, Any]:
    names = tuple(f"P{i + 1}" for i in range(players))
    game = Game(GameConfig(variant=variant, names=names, seed=seed, language=language, deck=deck, options=options))
    logs: list[list[dict[str, Any]]] = [[] for _ in range(players)]
    every: list[str] = []
    agents = [
        LLMAgent(
            RecordingBackend(
                repeating(seed * 100 + i, profile, language)
                if repeat
                else FakeBackend(seed=seed * 100 + i, profile=get_profile(profile)),
                logs[i],
                game,
                every,
            ),
            settings=LLMAgentSettings(seed=seed * 100 + i),
        )
        for i in range(players)
    ]
    asyncio.run(Table(game, agents, settings=TableSettings(concurrency=8)).play())
    sizes: list[int] = []
    per_day: dict[str, list[int]] = defaultdict(list)
    reused = total = 0
    for log in logs:
        previous = ""
        for call in log:
            text = call["text"]
            sizes.append(len(text))
            per_day[call["phase"]].append(len(text))
            reused += common_prefix(previous, text)
            total += len(text)
            previous = text
    # The part shared across seats: each call against the other seats' latest call of the same phase.
    shared = 0
    latest: dict[str, dict[int, str]] = defaultdict(dict)
    events = sorted(((i, n, call) for i, log in enumerate(logs) for n, call in enumerate(log)), key=lambda e: e[1])
    for seat, _, call in events:
        others = [t for s, t in latest[call["phase"]].items() if s != seat]
        if others:
            shared += max(common_prefix(call["text"], other) for other in others)
        latest[call["phase"]][seat] = call["text"]
    # One cache for the whole table (a single llama.cpp KV state): each call against the call just before it.
    single = sum(common_prefix(a, b) for a, b in itertools.pairwise(every))
    return {
        "variant": variant,
        "language": language,
        "profile": profile,
        "players": players,
        "seed": seed,
        "days": game.state.days_played,
        "outcome": game.state.outcome.reason if game.state.outcome else None,
        "calls": len(sizes),
        "asked_again": sum(1 for r in game.records if isinstance(r.event, ModelCall) and r.event.attempt > 0),
        "mean_chars": round(statistics.fmean(sizes)),
        "max_chars": max(sizes),
        "prefix_reuse": round(reused / total, 3),
        "shared_with_other_seats": round(shared / total, 3),
        "reuse_one_cache": round(single / total, 3),
        "new_chars_per_call_own_cache": round((total - reused) / len(sizes)),
        "new_chars_per_call_one_cache": round((total - single) / len(sizes)),
        "mean_chars_by_phase": {phase: round(statistics.fmean(v)) for phase, v in per_day.items()},
    }


def evaluated_tokens(prompts: list[str]) -> tuple[int, int]:
    """(tokens in all prompts, tokens a single KV cache must evaluate): each call reuses the longest
    token prefix it shares with the call before it, as llama-cpp-python does (the model's tokenizer)."""
    from llama_cpp import Llama

    from llm_werewolf.llm.embedded import embedded_model_path

    vocab = Llama(model_path=str(embedded_model_path()), vocab_only=True, verbose=False)
    total = evaluated = 0
    previous: list[int] = []
    for text in prompts:
        tokens = vocab.tokenize(text.encode("utf-8"), add_bos=True, special=False)
        shared = 0
        for a, b in zip(previous, tokens, strict=False):
            if a != b:
                break
            shared += 1
        total += len(tokens)
        evaluated += len(tokens) - shared
        previous = tokens
    return total, evaluated


def model_game(seed: int, deadline: float | None = None) -> dict[str, Any]:
    """`llm-werewolf play --players 6` in a child process (this PYTHONPATH's code); its model calls' totals.

    ``deadline``: passed as ``--deadline`` (a checkout from before deadlines has none: leave it out
    there). On a saturated machine the default 120 s cuts calls, the rest of the game queues behind the
    abandoned ones and the heuristic answers: a long deadline keeps the comparison about the model."""
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, "-m", "llm_werewolf", "play", "--players", "6", "--seed", str(seed)]
        if deadline is not None:
            command += ["--deadline", f"{deadline:g}"]
        command += ["--transcripts", folder, "--log-prompts"]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=dict(os.environ))
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        (path,) = Path(folder).glob("*.jsonl")
        lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    calls = [json.loads(line)["event"] for line in lines[1:] if '"kind":"model_call"' in line]
    seconds = sum(c.get("latency_ms", 0.0) for c in calls) / 1000
    prompts = [c["prompt"] for c in calls if c.get("prompt")]
    total, evaluated = evaluated_tokens(prompts) if len(prompts) == len(calls) else (0, 0)
    return {
        "variant": header["variant"],
        "language": header["language"],
        "seed": seed,
        "model_calls": len(calls),
        "prompt_tokens": sum(c.get("prompt_tokens", 0) for c in calls),
        "completion_tokens": sum(c.get("completion_tokens", 0) for c in calls),
        "model_seconds": round(seconds, 1),
        "seconds_per_call": round(seconds / max(1, len(calls)), 2),
        "cpu_seconds": round(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, 1),
        "wall_seconds": round(wall, 1),
        "fallbacks": sum(1 for line in lines[1:] if '"kind":"fallback"' in line),
        "mean_prompt_tokens": round(sum(c.get("prompt_tokens", 0) for c in calls) / max(1, len(calls))),
        "prompt_tokens_tokenized": total,
        "prompt_tokens_evaluated_one_cache": evaluated,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3, help="stub games per table (seeds 0..N-1)")
    parser.add_argument("--model", action="store_true", help="also play one 6-seat game on the embedded model")
    parser.add_argument("--model-only", action="store_true", help="only the embedded-model game")
    parser.add_argument("--model-seed", type=int, default=1)
    parser.add_argument("--deadline", type=float, default=None, help="play --deadline for the model game")
    parser.add_argument("--every-ruleset", action="store_true", help="every ruleset, source language, 8 seats")
    parser.add_argument("--repeating", action="store_true", help="the stub's speeches end in a repeated word")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report: dict[str, Any] = {"python_path": os.environ.get("PYTHONPATH", "")}
    if args.every_ruleset:
        report["stub"] = [
            stub_game(*table, seed, profile="openai", repeat=args.repeating)
            for table in EVERY_RULESET
            for seed in range(args.games)
        ]
    elif not args.model_only:
        games = [
            stub_game(*table, seed, profile=profile)
            for profile in ("openai", "local")
            for table in STUB_TABLES
            for seed in range(args.games)
        ]
        report["stub"] = games
    if args.model or args.model_only:
        report["model"] = model_game(args.model_seed, args.deadline)
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
        return
    for game in report.get("stub", []):
        head = f"{game['profile']:<6} {game['variant']:<17} {game['language']:<8} seed {game['seed']}"
        print(
            f"{head}: {game['days']} days, {game['calls']:>4} calls ({game['asked_again']} asked again), "
            f"mean {game['mean_chars']:>5} chars, "
            f"max {game['max_chars']:>5}; reuse: own seat {game['prefix_reuse']:.0%}, "
            f"other seats {game['shared_with_other_seats']:.0%}, one cache {game['reuse_one_cache']:.0%}"
        )
        print("    mean by phase: " + ", ".join(f"{k} {v}" for k, v in game["mean_chars_by_phase"].items()))
    if "model" in report:
        m = report["model"]
        print(
            f"embedded model, {m['variant']} {m['language']} 6 seats seed {m['seed']}: {m['model_calls']} calls, "
            f"{m['prompt_tokens']} prompt tokens (mean {m['mean_prompt_tokens']}; to evaluate with one KV cache: "
            f"{m['prompt_tokens_evaluated_one_cache']}), {m['model_seconds']} s of model time"
        )


if __name__ == "__main__":
    main()
