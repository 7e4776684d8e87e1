"""Where the embedded model's evaluated tokens go in a ``make play`` game, per prompt section.

    LLM_WEREWOLF_THREADS=1 .venv/bin/python bench/model_tokens.py --seed 2 [--seed 4] [--json]

Plays ``llm-werewolf play --players 6 --seed S --deadline 7200`` in this process (the default table:
chinese_werewolf in zh-Hant, every seat on the embedded model) with two wrappers, nothing else changed:
``Llama.eval`` records where each batch starts in the context and how many tokens it has, and
``LocalBackend._run`` records each call's prompt cut at its section boundaries (tokenised as the backend
tokenises it). Per game it prints, for each section (system; earlier days, compacted; current day;
private part: card, tips, notes; decision and cue; slot steps: the lines and labels a ``sequence`` call
adds), the calls whose first re-evaluated token falls there and the tokens evaluated in it.
The counts do not depend on the machine's load.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

SECTIONS = ("system", "earlier days", "current day", "private part", "decision+cue", "slot steps")


def install(calls: list[dict[str, Any]], dump: bool = False) -> None:
    """Wrap ``Llama.eval``, ``HistoryBook.parts`` and ``LocalBackend._run`` to fill ``calls``."""
    import llama_cpp

    from llm_werewolf.llm.local import LocalBackend
    from llm_werewolf.prompting.history import HistoryBook

    current: list[list[tuple[int, int]]] = []
    evaluate = llama_cpp.Llama.eval

    def counted_eval(self: Any, tokens: Any) -> Any:
        if current:
            current[-1].append((int(self.n_tokens), len(tokens)))
        return evaluate(self, tokens)

    recent_parts: list[Any] = []
    parts = HistoryBook.parts

    def kept_parts(self: Any, *args: Any, **kwargs: Any) -> Any:
        result = parts(self, *args, **kwargs)
        recent_parts.append(result)
        del recent_parts[:-64]
        return result

    run = LocalBackend._run

    def counted_run(self: Any, request: Any, *args: Any, **kwargs: Any) -> Any:
        evals: list[tuple[int, int]] = []
        current.append(evals)
        try:
            result = run(self, request, *args, **kwargs)
        finally:
            current.pop()
        llama = self._llama
        transcript = request.transcript()
        if request.mode == "pick":
            transcript = transcript.rstrip(" ")
        cuts = boundaries(request, recent_parts)
        ends = [len(self.prompt_tokens.tokens(llama, transcript[:cut], add_bos=True)) for cut in cuts]
        total = len(self.prompt_tokens.tokens(llama, transcript, add_bos=True))
        calls.append(
            {"purpose": request.purpose, "mode": request.mode, "ends": [*ends, total], "evals": evals, "cuts": cuts}
        )
        if dump:
            calls[-1]["prompt"] = transcript
            calls[-1]["steps"] = [line for line in str(result["choices"][0].get("text", "")).splitlines()]
        return result

    llama_cpp.Llama.eval = counted_eval  # type: ignore[method-assign]
    HistoryBook.parts = kept_parts  # type: ignore[method-assign]
    LocalBackend._run = counted_run  # type: ignore[method-assign]


def boundaries(request: Any, recent_parts: list[Any]) -> list[int]:
    """Character offsets in the transcript where system, earlier days, current day and private part end."""
    system_end = len(request.system) + 2
    user = request.user
    shared: list[str] = []
    compacted = 0
    for found in reversed(recent_parts):
        text = "\n".join(found.shared)
        if found.shared and user.startswith(text):
            shared, compacted = found.shared, found.compacted
            break
    earlier_end = system_end + sum(len(line) + 1 for line in shared[:compacted])
    current_end = system_end + sum(len(line) + 1 for line in shared)
    # the private part ends where the decision starts: the last blank line before the cue's text
    decision = user.rfind("\n\n")
    private_end = system_end + (decision + 2 if decision >= 0 else len(user))
    private_end = max(private_end, current_end)
    return [system_end, earlier_end, current_end, private_end]


def section_of(position: int, ends: list[int]) -> str:
    for name, end in zip(SECTIONS, ends, strict=False):
        if position < end:
            return name
    return SECTIONS[-1]


def tally(calls: list[dict[str, Any]]) -> dict[str, Any]:
    first: Counter[str] = Counter()
    first_tokens: Counter[str] = Counter()
    tokens: Counter[str] = Counter()
    for call in calls:
        if not call["evals"]:
            continue
        ends = call["ends"]
        start = call["evals"][0][0]
        name = section_of(start, ends)
        first[name] += 1
        first_tokens[name] += sum(n for _, n in call["evals"])
        for begin, count in call["evals"]:
            for position in range(begin, begin + count):
                tokens[section_of(position, ends)] += 1
    return {
        "calls": len(calls),
        "evaluated": sum(tokens.values()),
        "prompt_tokens": sum(c["ends"][-1] for c in calls),
        "first_reevaluated_in": {s: first[s] for s in SECTIONS},
        "tokens_of_calls_by_first": {s: first_tokens[s] for s in SECTIONS},
        "tokens_evaluated_in": {s: tokens[s] for s in SECTIONS},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--calls", help="write every call's record (JSON lines) to this file")
    parser.add_argument("--prompts", action="store_true", help="with --calls: each call's prompt and answer too")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    os.environ.setdefault("LLM_WEREWOLF_THREADS", "1")
    calls: list[dict[str, Any]] = []
    install(calls, dump=args.prompts)
    from llm_werewolf.cli import main as cli

    with tempfile.TemporaryDirectory() as scratch:
        argv = ["llm-werewolf", "play", "--players", "6", "--seed", str(args.seed), "--deadline", "7200"]
        sys.argv = [*argv, "--transcripts", scratch]
        stdout = sys.stdout
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - the game's own output
        try:
            cli()
        except SystemExit as exc:
            if exc.code:
                raise
        finally:
            sys.stdout.close()
            sys.stdout = stdout
    if args.calls:
        Path(args.calls).write_text("".join(json.dumps(c) + "\n" for c in calls), encoding="utf-8")
    result = {"seed": args.seed, **tally(calls)}
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"seed {args.seed}: {result['calls']} calls, {result['evaluated']} tokens evaluated")
    print("| section | calls whose first re-evaluated token is here | their tokens | tokens evaluated here |")
    print("|---|---:|---:|---:|")
    for s in SECTIONS:
        row = (
            result["first_reevaluated_in"][s],
            result["tokens_of_calls_by_first"][s],
            result["tokens_evaluated_in"][s],
        )
        print(f"| {s} | {row[0]} | {row[1]} | {row[2]} |")


if __name__ == "__main__":
    main()
