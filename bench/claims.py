"""online_mafia's lying claims: win rates with the Executioner's fake Detective claim on or off.

    .venv/bin/python bench/claims.py [--games 300] [--seed 1] [--exe-fake-claim 1.0] [--det-open-claim 0.0]

Plays the strength ladder's all-heuristic series of the 15-seat board (seats ``P1..P15``, the
same seeds and agent seeds as ``bench/ladder.py``) with the policy's wired-off plays set:
``EXE_FAKE_CLAIM`` (the share of games in which the Executioner claims Detective and calls his
target suspicious) and ``DET_OPEN_CLAIM`` (the Detective claims on his first speech whatever his
result). Prints every side's win rate as the ladder counts it (an Executioner turned Jester credits
the Executioner; docs/heuristics.md, "Claims in online_mafia").
"""

from __future__ import annotations

import argparse
import json

from llm_werewolf.agents.heuristics import online_mafia
from llm_werewolf.ladder import heuristic_wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=15)
    parser.add_argument("--exe-fake-claim", type=float, default=1.0)
    parser.add_argument("--det-open-claim", type=float, default=online_mafia.DET_OPEN_CLAIM)
    args = parser.parse_args()
    online_mafia.EXE_FAKE_CLAIM = args.exe_fake_claim
    online_mafia.DET_OPEN_CLAIM = args.det_open_claim
    wins = heuristic_wins("online_mafia", args.players, range(args.seed, args.seed + args.games))
    rates = {side: round(count / args.games, 3) for side, count in sorted(wins.items())}
    settings = {"exe_fake_claim": args.exe_fake_claim, "det_open_claim": args.det_open_claim}
    print(json.dumps({"games": args.games, "seed": args.seed, **settings, "win_rates": rates}))


if __name__ == "__main__":
    main()
