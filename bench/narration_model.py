"""The model narrator's checks on real games: lines offered, passed, refused by reason (docs/narrator.md).

    PYTHONPATH=. .venv/bin/python bench/narration_model.py [--games 2] [--lang ru ...] [--root DIR] [--out DIR]
    PYTHONPATH=. .venv/bin/python bench/narration_model.py --read DIR [--show-passed]

Plays ``--games`` games (seeds 1..N) per language with heuristic seats and ``--narrator llm`` (no model
seat and no ``--backend``: the embedded local model, gemma-3-270m), each through
``python -m llm_werewolf play`` run in ``--root`` (the code measured: ``.`` or another checkout, so the
same command measures the code before a change), and writes the transcripts under ``--out``. Then it
reads every narration ``ModelCall`` of those transcripts (or of the transcripts already in ``--read``):

* *offered*: calls that returned a line; *passed*: the checker accepted it (``parsed`` set);
* *refused by reason*: each refused call counted once under each reason code of its
  ``refused: code: detail; ...`` error (a call refused for two reasons counts under both);
* *fallbacks*: moments told with the template line after every try was refused.

``--show-passed`` prints every passed line with the moment's template line (the fact), to be read by eye.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

_CODE = re.compile(r"(?:^|; )([a-z_]+):")
"""A reason code of a ``refused: code: detail; code: detail`` error (a detail may hold "; " too)."""
TABLES: dict[str, tuple[str, int]] = {
    "ar-LB": ("lebanese_ghouls", 7),
    "ar": ("one_night", 6),
    "ru": ("city_mafia", 7),
    "he": ("online_mafia", 7),
    "zh-Hant": ("chinese_werewolf", 7),
    "en": ("city_mafia", 7),
}
"""The ruleset and seat count each language is measured on (its source ruleset; English on city_mafia)."""


@dataclass
class Tally:
    games: int = 0
    offered: int = 0
    passed: int = 0
    moments: int = 0
    fallbacks: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    shown: list[tuple[str, str]] = field(default_factory=list)
    """(fact, passed line) pairs."""
    refused_lines: list[tuple[str, str, str]] = field(default_factory=list)
    """(fact, line, verdict) of the lines ``--recheck`` refuses."""


def play(root: Path, out: Path, language: str, seed: int) -> None:
    variant, players = TABLES[language]
    command = [sys.executable, "-m", "llm_werewolf", "play", "--variant", variant, "--players", str(players)]
    command += ["--seed", str(seed), "--lang", language, "--agents", "heuristic", "--narrator", "llm"]
    command += ["--transcripts", str(out / language)]
    env = {**os.environ, "PYTHONPATH": str(root)}
    subprocess.run(command, cwd=root, env=env, check=True, stdout=subprocess.DEVNULL)


def read(path: Path, tally: Tally) -> None:
    tally.games += 1
    calls: list[dict[str, object]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        event = json.loads(line).get("event") or {}
        kind = event.get("kind")
        if kind == "model_call" and event.get("purpose") == "narration":
            calls.append(event)
        elif kind == "narration" and event.get("mode") == "llm":
            tally.moments += 1
            if event.get("fallback"):
                tally.fallbacks += 1
            else:
                tally.shown += [("", str(event.get("text")))]
            calls = []
        if kind != "model_call":
            continue
        if event.get("raw_output") is None:
            continue
        tally.offered += 1
        error = str(event.get("error") or "")
        if event.get("parsed") is not None:
            tally.passed += 1
        elif error.startswith("refused: "):
            tally.reasons.update(set(_CODE.findall(error[len("refused: ") :])))


def recheck(path: Path, tally: Tally) -> None:
    """Check again, with the checks of this checkout, every line the transcript's narrator passed,
    at its moment: the same public facts, template lines spoken and moments told as when it was asked."""
    from llm_werewolf.narration.checker import NarrationChecker
    from llm_werewolf.narration.moments import moment_of
    from llm_werewolf.narration.public import PublicFacts
    from llm_werewolf.narration.template import TemplateNarrator
    from llm_werewolf.rules.variant import get_ruleset
    from llm_werewolf.table_notes import ModelCall, Narration
    from llm_werewolf.transcript.io import read_transcript

    transcript = read_transcript(path)
    header = transcript.header
    template = TemplateNarrator(header.variant, header.language, header.names)
    checker = NarrationChecker(header.variant, header.language, template.names, template.pack)
    facts = PublicFacts(roles_known=frozenset(get_ruleset(header.variant).roles))
    passed: dict[int, list[str]] = {}
    calls: list[str] = []
    for record in transcript.records:
        event = record.event
        if isinstance(event, ModelCall) and event.purpose == "narration" and event.parsed is not None:
            calls.append(event.parsed)
        elif isinstance(event, Narration) and event.about is not None:
            passed.setdefault(event.about, []).extend(calls)
            calls = []
    spoken: list[str] = []
    told: list[tuple[str, str]] = []
    shown = {r.event.about: r.event.text for r in transcript.records if isinstance(r.event, Narration)}
    for record in transcript.records:
        if record.vis.scope != "public" or isinstance(record.event, (Narration, ModelCall)):
            continue
        facts.add(record)
        template.memory.add(record)
        moment = moment_of(record)
        rendered = template.render(moment) if moment is not None else None
        if rendered is None:
            continue
        key, fact = rendered
        spoken.append(fact)
        for text in passed.get(record.seq, []):
            tally.offered += 1
            verdict = checker.check(text, facts, spoken, fact, call=key.startswith("cue."), history=told)
            if verdict.ok:
                tally.passed += 1
                tally.shown.append((fact, text))
            else:
                tally.reasons.update(verdict.codes())
                tally.refused_lines.append((fact, text, str(verdict)))
        told.append((fact, shown.get(record.seq, fact)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--lang", action="append", choices=sorted(TABLES))
    parser.add_argument("--root", type=Path, default=Path("."), help="the checkout whose code plays")
    parser.add_argument("--out", type=Path, default=Path("transcripts/narration-model"))
    parser.add_argument("--read", type=Path, help="only read the transcripts already in this folder")
    parser.add_argument("--show-passed", action="store_true")
    parser.add_argument(
        "--recheck", action="store_true", help="check the lines passed in the transcripts again with this code's checks"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    languages = args.lang or list(TABLES)
    folder = args.read or args.out
    if args.read is None:
        for language in languages:
            for seed in range(1, args.games + 1):
                play(args.root.resolve(), args.out.resolve(), language, seed)
    rows = []
    for language in languages:
        tally = Tally()
        for path in sorted((folder / language).glob("*.jsonl")):
            if args.recheck:
                recheck(path, tally)
                tally.games += 1
            else:
                read(path, tally)
            if args.show_passed or args.recheck:
                print(f"== {path.name}")
                for fact, text in tally.shown if args.show_passed else []:
                    print(f"   {fact}\n    > {text}" if fact else f"    > {text}")
                for fact, text, verdict in tally.refused_lines:
                    print(f"   {fact}\n    x {text}\n      {verdict}")
                tally.shown = []
                tally.refused_lines = []
        row = {
            "language": language,
            "variant": TABLES[language][0],
            "games": tally.games,
            "moments": tally.moments,
            "offered": tally.offered,
            "passed": tally.passed,
            "refused": tally.offered - tally.passed,
            "fallbacks": tally.fallbacks,
            "reasons": dict(tally.reasons.most_common()),
        }
        rows.append(row)
        if not args.json and args.recheck:
            reasons = ", ".join(f"{k} {v}" for k, v in tally.reasons.most_common())
            print(
                f"{language:8} {row['variant']:17} games {tally.games:2}  lines passed then {tally.offered:4}  "
                f"pass now {tally.passed:4}  refused now {tally.offered - tally.passed:4}  | {reasons}"
            )
        elif not args.json:
            reasons = ", ".join(f"{k} {v}" for k, v in tally.reasons.most_common())
            print(
                f"{language:8} {row['variant']:17} games {tally.games:2}  moments {tally.moments:4}  "
                f"offered {tally.offered:4}  passed {tally.passed:4}  fallbacks {tally.fallbacks:3}  | {reasons}"
            )
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
