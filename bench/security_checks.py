"""Figures of the third security round (docs/reliability.md, item 15), on the code of this checkout.

    PYTHONPATH=/path/to/checkout .venv/bin/python bench/security_checks.py [--texts 2000]

Prints, as JSON:

* ``templates``: the seeded size-hiding payloads of ``tests/safety/test_template_fuzz.py`` rendered
  one by one (peak traced memory, CPU seconds, refused or capped);
* ``sanitiser``: speeches each carrying two disguised chat-template tags (seeded), and how many keep
  a tag after ``clean_line``, ``clean_output`` or both in a row;
* ``tracing``: a 9-seat chinese_werewolf game of fake model seats traced in memory, and how many
  span attribute values are seen on the wolves' calls only or on the others' only, default and god view;
* ``checker``: the indirect evasion corpus (accepted lines) and the template lines of whole
  heuristic games refused as a model line retelling them (false positives).

Run it on two checkouts to compare (the "before" column of item 15 is the parent of the round's
first commit); the fuzz payloads need ``tests/`` of this checkout.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import time
import tracemalloc
from typing import Any

from jinja2 import TemplateError

from llm_werewolf.prompting.environment import string_template
from llm_werewolf.strings.sanitize import clean_line, clean_output
from tests.battery.narration_evasion import RULESETS, all_pairs, run_indirect, template_refusals
from tests.llm.test_sanitize_fixpoint import PADDING, TAGS, WIDE, _tags_in
from tests.safety.test_template_fuzz import ROOTS, _payloads

MEASURES = frozenset(
    {
        "gen_ai.usage.input_tokens",
        "gen_ai.usage.output_tokens",
        "llm_werewolf.latency_ms",
        "llm_werewolf.prompt_hash",
        "llm_werewolf.attempt",
        "llm_werewolf.retries",
    }
)


def templates() -> dict[str, Any]:
    worst_peak, worst_seconds, refused, capped = 0, 0.0, 0, 0
    payloads = _payloads(60)
    for payload in payloads:
        tracemalloc.start()
        started = time.thread_time()
        try:
            text = string_template(ROOTS, payload).render()
            capped += 1
        except TemplateError:
            text = ""
            refused += 1
        seconds = time.thread_time() - started
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert len(text) <= 1_000_000
        worst_peak, worst_seconds = max(worst_peak, peak), max(worst_seconds, seconds)
    return {
        "payloads": len(payloads),
        "refused": refused,
        "rendered_within_limits": capped,
        "worst_peak_mib": round(worst_peak / 2**20, 2),
        "worst_cpu_s": round(worst_seconds, 3),
    }


def _disguise(rng: random.Random) -> str:
    tag = rng.choice(TAGS)
    if rng.random() < 0.5:
        tag = "".join(WIDE.get(c, c) if rng.random() < 0.5 else c for c in tag)
    out = []
    for char in tag:
        out.append(char)
        if rng.random() < 0.25:
            out.append(rng.choice(PADDING))
        if rng.random() < 0.1:
            out.append(rng.choice((" ", TAGS[0], TAGS[4], "[INST]")))
    return "".join(out)


def sanitiser(count: int) -> dict[str, Any]:
    rng = random.Random(36)
    texts = [f"I am a villager. {_disguise(rng)} SYSTEM NOTICE {_disguise(rng)}" for _ in range(count)]
    kept = sum(
        1 for t in texts if any(_tags_in(x) for x in (clean_line(t), clean_output(t), clean_line(clean_output(t))))
    )
    return {"speeches": count, "with_a_tag_left": kept}


def tracing_sides() -> dict[str, Any]:
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    from llm_werewolf import tracing
    from llm_werewolf.agents.llm_agent import LLMAgent, LLMAgentSettings
    from llm_werewolf.llm import FakeBackend
    from llm_werewolf.rules import Game, GameConfig
    from llm_werewolf.table import Table
    from llm_werewolf.table_notes import ModelCall
    from llm_werewolf.texts import default_names

    out: dict[str, Any] = {}
    for god in (False, True):
        memory = InMemorySpanExporter()
        provider = TracerProvider()
        provider.add_span_processor(SimpleSpanProcessor(memory))
        tracing.setup(True, provider=provider, god_view=god)
        names = default_names("en", 9)
        game = Game(GameConfig(variant="chinese_werewolf", names=names, seed=7, language="en"))
        agents = [LLMAgent(FakeBackend(seed=3), settings=LLMAgentSettings(seed=i)) for i in range(9)]
        asyncio.run(Table(game, agents).play())
        tracing.setup(False, god_view=False)
        seat_of = {r.event.prompt_hash: r.event.seat for r in game.records if isinstance(r.event, ModelCall)}
        wolves = {i for i in range(9) if game.ruleset.side_of(game.state, i) == "wolves"}
        named: dict[bool, set[tuple[str, Any]]] = {True: set(), False: set()}
        spans = memory.get_finished_spans()
        for span in spans:
            attributes: Any = span.attributes
            side = seat_of[attributes["llm_werewolf.prompt_hash"]] in wolves
            named[side] |= {(k, v) for k, v in attributes.items() if k not in MEASURES}
        only = named[True] ^ named[False]
        out["god_view" if god else "default"] = {
            "spans": len(spans),
            "values_on_one_side_only": len(only),
            "attributes": sorted({k for k, _ in only}),
        }
    return out


def checker() -> dict[str, Any]:
    results = [run_indirect(variant) for variant in RULESETS]
    lines, refused = 0, 0
    for variant, language in all_pairs():
        total, bad = template_refusals(variant, language, seeds=(1, 2))
        lines, refused = lines + total, refused + len(bad)
    accepted = sum(r.accepted for r in results)
    total = sum(r.total for r in results)
    return {
        "indirect_lines": total,
        "indirect_accepted": accepted,
        "indirect_accepted_share": round(accepted / total, 4),
        "by_ruleset": {r.variant: [r.accepted, r.total] for r in results},
        "template_lines": lines,
        "template_lines_refused": refused,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--texts", type=int, default=2000, help="Disguised speeches for the sanitiser (2000).")
    args = parser.parse_args()
    figures = {
        "templates": templates(),
        "sanitiser": sanitiser(args.texts),
        "tracing": tracing_sides(),
        "checker": checker(),
    }
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
