"""Prompt sizes over long games: ten rounds or more at 12 seats, every ruleset, every language.

    PYTHONPATH=. .venv/bin/python bench/long_prompts.py [--days 11] [--profile openai] [--seeds 1]

The games of tests/llm/test_long_game_prompts.py (tests/llm/long_games.py: every vote and skippable
night action passive, one killer where a killer must kill), with the real prompt builder rendering, at
every decision, the prompt that seat's model would receive. Printed per ruleset and language: rounds
reached, decisions, mean and largest prompt (characters, :meth:`Prompt.text`), and where the largest was.
"""

from __future__ import annotations

import argparse
import statistics

from tests.llm.long_games import LANGUAGES, long_game, rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--days", type=int, default=11, help="stop after this game day")
    parser.add_argument("--profile", default="openai")
    parser.add_argument("--seeds", type=int, default=1)
    args = parser.parse_args()
    print("| ruleset | language | seed | rounds | prompts | mean | largest | largest at |")
    print("|---|---|---:|---:|---:|---:|---:|---|")
    for variant, languages in LANGUAGES.items():
        for language in languages:
            for seed in range(args.seeds):
                turns = list(long_game(variant, language, seed=seed, profile=args.profile, days=args.days))
                sizes = [len(t.prompt.text()) for t in turns]
                top = max(range(len(sizes)), key=sizes.__getitem__)
                where = f"{turns[top].view.phase} {turns[top].decision.kind}"
                print(
                    f"| {variant} | {language} | {seed} | {rounds(turns)} | {len(sizes)} | "
                    f"{round(statistics.fmean(sizes)):,} | {sizes[top]:,} | {where} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
