"""Regenerates ``transcripts/samples/``: one full game per ruleset in its source language,
played by the embedded model, with its renderings (``make samples``).

    python -m llm_werewolf.transcript.samples [FOLDER] [--agents local] [--only RULESET ...] [--max-days N]

A ruleset whose prompts do not exist yet in its source language is skipped with a note
(the LLM players need them); any other failure stops with exit code 1.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from ..prompting.packs import require_pack, search_roots
from ..rules import all_rulesets
from ..texts import TextDataError

DEFAULT_FOLDER = Path("transcripts/samples")
SEED = 1
MAX_DAYS: int | None = None
"""No day cap: each sample is a whole game (``--max-days N`` caps it for a quick look)."""
DEADLINE = 900.0
"""Seconds a model seat has for one decision: generous, so that a busy machine slows a sample
down instead of handing decisions to the heuristic fallback (the sample shows the model's play)."""


STORIES = (("public", "story", "story.md"), ("public", "story", "story.html"))
"""The chronicle of each sample (``render --format story``), as Markdown and HTML."""


def players_for(min_players: int, max_players: int) -> int:
    return min(max(6, min_players), max_players)


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "llm_werewolf", *args]


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    agents = "local"
    only: set[str] = set()
    folder = DEFAULT_FOLDER
    max_days = MAX_DAYS
    while args:
        arg = args.pop(0)
        if arg == "--agents" and args:
            agents = args.pop(0)
        elif arg == "--max-days" and args:
            max_days = int(args.pop(0))
        elif arg == "--only" and args:
            only.add(args.pop(0))
        else:
            folder = Path(arg)
    scratch = folder / ".new"
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir(parents=True)
    made: list[str] = []
    for ruleset in all_rulesets():
        if only and ruleset.id not in only:
            continue
        language = ruleset.source_language
        try:
            require_pack(search_roots(), language, ruleset.id)
        except TextDataError as exc:
            print(f"skipped {ruleset.id}: {exc}")
            continue
        players = players_for(ruleset.min_players, ruleset.max_players)
        print(f"playing {ruleset.id} ({language}, {players} players, agents {agents})...", flush=True)
        done = subprocess.run(
            cli(
                "play",
                "--variant",
                ruleset.id,
                "--players",
                str(players),
                "--seed",
                str(SEED),
                "--agents",
                agents,
                "--deadline",
                str(DEADLINE),
                *(("-o", f"max_days={max_days}") if max_days is not None else ()),
                "--transcripts",
                str(scratch / ruleset.id),
            ),
            stdout=subprocess.DEVNULL,
        )
        if done.returncode != 0:
            print(f"failed: {ruleset.id} (exit {done.returncode})")
            return 1
        (played,) = (scratch / ruleset.id).glob("*.jsonl")
        target = scratch / f"{ruleset.id}.jsonl"
        played.rename(target)
        (scratch / ruleset.id).rmdir()
        for view, fmt, suffix in (("god", "html", "html"), ("public", "md", "md"), *STORIES):
            out = scratch / f"{ruleset.id}.{view}.{suffix}"
            rendered = subprocess.run(
                cli("render", str(target), "--format", fmt, "--view", view, "-o", str(out)), stderr=subprocess.DEVNULL
            )
            if rendered.returncode != 0:
                print(f"failed to render {target}")
                return 1
        made.append(ruleset.id)
    for ruleset_id in made:  # replace only the samples that were made again
        for old in folder.glob(f"{ruleset_id}.*"):
            old.unlink()
        for new in scratch.glob(f"{ruleset_id}.*"):
            new.rename(folder / new.name)
    shutil.rmtree(scratch, ignore_errors=True)
    print(f"samples in {folder}: {', '.join(made) or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
