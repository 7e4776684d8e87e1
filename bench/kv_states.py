"""Saved KV states on the local backend: model time of the same games with and without them.

    .venv/bin/python bench/kv_states.py [--tables one_night:en:4,chinese_werewolf:en:6] [--seed 0] [--mb 512] [--json]

Each table is played twice by the in-process local backend (the embedded gemma-3-270m), every
seat a model player, same seed: once as llama.cpp does by itself (only the last prompt's KV
cache is kept), once with the backend's saved states (``llm/kv_states.py``: each seat, and each
shared prefix, resumes where it was). Reported per run: model calls, prompt tokens, model time
(the sum of the calls' latencies: llama.cpp's own time, not the wait for the model's lock), the
prompt tokens llama.cpp had to evaluate (the rest came from the KV cache it held or loaded: this
count does not depend on how busy the machine is),
wall time, states loaded and the prompt tokens they spared.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import time
from typing import Any

from llm_werewolf.agents.llm_agent import LLMAgent, LLMAgentSettings
from llm_werewolf.llm.local import LocalBackend
from llm_werewolf.rules import Game, GameConfig
from llm_werewolf.table import Table
from llm_werewolf.table_notes import Fallback, ModelCall


def play(variant: str, language: str, players: int, seed: int, kv_mb: int) -> dict[str, Any]:
    backend = LocalBackend(seed=seed, n_threads=2, kv_cache_bytes=kv_mb << 20)
    options: dict[str, Any] = {"max_days": 2} if variant != "one_night" else {}
    names = tuple(f"P{i + 1}" for i in range(players))
    game = Game(GameConfig(variant=variant, names=names, seed=seed, language=language, options=options))
    agents = [
        LLMAgent(backend, settings=LLMAgentSettings(seed=seed * 1009 + i, switch_language=False))
        for i in range(players)
    ]

    async def main() -> None:
        await backend.preflight()
        try:
            await Table(game, agents).play()
        finally:
            await backend.aclose()

    started = time.perf_counter()
    asyncio.run(main())
    wall = time.perf_counter() - started
    calls = [r.event for r in game.records if isinstance(r.event, ModelCall)]
    states = backend.states
    return {
        "kv_cache_mb": kv_mb,
        "calls": len(calls),
        "prompt_tokens": sum(c.prompt_tokens for c in calls),
        "evaluated_tokens": backend.evaluated_tokens,
        "model_s": round(sum(c.latency_ms for c in calls) / 1000, 2),
        "wall_s": round(wall, 2),
        "fallbacks": sum(1 for r in game.records if isinstance(r.event, Fallback)),
        "states_loaded": states.hits if states else 0,
        "tokens_spared": states.reused_tokens if states else 0,
        "states_kept": len(states) if states else 0,
        "states_mb": round(states.size / 2**20, 1) if states else 0.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--tables", default="one_night:en:4,chinese_werewolf:en:6")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--mb", type=int, default=512)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for item in args.tables.split(","):
        variant, language, players = item.split(":")
        for mb in (0, args.mb):
            row = {"table": f"{variant} {language} {players}", **play(variant, language, int(players), args.seed, mb)}
            rows.append(row)
            if not args.json:
                print(
                    f"{row['table']:<24} kv {mb:>4} MB: {row['calls']:>3} calls, {row['prompt_tokens']:>6} prompt "
                    f"tokens ({row['evaluated_tokens']:>6} evaluated), model {row['model_s']:>6.1f} s, "
                    f"wall {row['wall_s']:>6.1f} s, states loaded "
                    f"{row['states_loaded']:>3} sparing {row['tokens_spared']:>6} tokens, fallbacks {row['fallbacks']}",
                    flush=True,
                )
    if args.json:
        print(json.dumps({"machine": platform.processor() or platform.machine(), "rows": rows}, indent=2))


if __name__ == "__main__":
    main()
