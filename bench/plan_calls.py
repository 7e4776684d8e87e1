"""Model calls and prompt size of base-model speeches on the fake backend: one checkout, or two to compare.

    PYTHONPATH=/path/to/checkout .venv/bin/python bench/plan_calls.py [--games 3] [--json]

Every seat an ``LLMAgent`` on the deterministic fake backend with the embedded model's ``local``
profile (acts only: the speech is picks), picking a seeded random label; tables: city_mafia (ru, 10
seats), chinese_werewolf (zh-Hant, 9), lebanese_ghouls (ar-LB, 8), two days each, seeds 1..N.
Reported per table: speech decisions, model calls per speech decision (mean and max), and the
characters of each pick's prompt (system + user + cue; mean and max) for the picks that build a speech
(``slot_*`` calls; before the plan, the act picker's ``act_*`` calls). The command runs on
earlier checkouts too, so ``PYTHONPATH`` picks the code measured.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
from collections import Counter

from llm_werewolf.agents.llm_agent import LLMAgent, LLMAgentSettings
from llm_werewolf.llm.base import CompletionRequest
from llm_werewolf.llm.fake import FakeBackend
from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.rules import Game, GameConfig
from llm_werewolf.table import Table, TableSettings
from llm_werewolf.table_notes import ModelCall, SpeechCheck
from llm_werewolf.texts import default_names

TABLES = (("city_mafia", "ru", 10), ("chinese_werewolf", "zh-Hant", 9), ("lebanese_ghouls", "ar-LB", 8))


async def _game(variant: str, language: str, seats: int, seed: int) -> tuple[list[int], list[int]]:
    rng = random.Random(seed)
    sizes: list[int] = []

    def script(request: CompletionRequest) -> str:
        if request.purpose.startswith(("slot_", "act_")):  # a speech's picks (now: slots; before: the act picker)
            sizes.append(len(request.system) + len(request.user) + len(request.cue))
        return rng.choice(request.labels) if request.labels else ""

    backend = FakeBackend(script, profile=get_profile("local"))
    names = default_names(language, seats)
    game = Game(GameConfig(variant=variant, names=names, seed=seed, language=language, options={"max_days": 2}))
    agents = [LLMAgent(backend, settings=LLMAgentSettings(seed=i)) for i in range(seats)]
    await Table(game, agents, settings=TableSettings(max_attempts=2)).play()
    speeches = {r.event.decision_id for r in game.records if isinstance(r.event, SpeechCheck)}
    calls = Counter(
        r.event.decision_id for r in game.records if isinstance(r.event, ModelCall) and r.event.decision_id in speeches
    )
    return [calls[d] for d in speeches], sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for variant, language, seats in TABLES:
        calls: list[int] = []
        chars: list[int] = []
        for seed in range(1, args.games + 1):
            c, p = asyncio.run(_game(variant, language, seats, seed))
            calls += c
            chars += p
        rows.append(
            {
                "table": f"{variant} {language} {seats}",
                "speeches": len(calls),
                "calls_mean": round(statistics.fmean(calls or [0]), 2),
                "calls_max": max(calls, default=0),
                "prompt_chars_mean": round(statistics.fmean(chars or [0])),
                "prompt_chars_max": max(chars, default=0),
            }
        )
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return
    print("| table | speech decisions | calls per speech mean / max | prompt chars per call mean / max |")
    print("|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['table']} | {r['speeches']} | {r['calls_mean']} / {r['calls_max']} "
            f"| {r['prompt_chars_mean']} / {r['prompt_chars_max']} |"
        )


if __name__ == "__main__":
    main()
