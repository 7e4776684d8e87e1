"""An upper bound for one side's play: its night kill aimed, with the dealer's knowledge, at one role.

    .venv/bin/python bench/oracle.py --variant lebanese_ghouls --players 9 --kill ghoul_kill --role jara

Every seat plays the heuristic, except that each answer to the ``--kill`` decision names the seat
dealt ``--role`` while it is offered (the side's players cannot know it: this is an oracle, not a
player). The side's win rate with that oracle is what the best possible night play against the
role could reach; when even it leaves a board lopsided, the deck, not the heuristic, decides it
(docs/heuristics.md, "Balance with both sides heuristic"). Seeds 1..N, the same seat names
and agent seeds as the ladder, so the plain heuristic line is the ladder's heuristic cell.
"""

from __future__ import annotations

import argparse
from collections import Counter

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.rules import Choice, Decision, Game, GameConfig, SeatView
from llm_werewolf.sim import SyncAgent, play_with_agents


class OracleKiller(HeuristicAgent):
    """The heuristic, but its ``kind`` answers name ``target`` whenever that seat is offered."""

    def __init__(self, seed: int, kind: str, target: int | None) -> None:
        super().__init__(seed)
        self.kind, self.target = kind, target

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        if decision.kind == self.kind and self.target is not None:
            option = f"seat:{self.target}"
            if decision.option(option) is not None:
                return Choice(option)
        return super().choose(view, decision)


def wins(variant: str, players: int, games: int, kind: str | None, role: str) -> Counter[str]:
    names = tuple(f"P{i + 1}" for i in range(players))
    counted: Counter[str] = Counter()
    for seed in range(1, games + 1):
        config = GameConfig(variant=variant, names=names, seed=seed)
        seats = Game(config).state.seats
        target = next((i for i, seat in enumerate(seats) if seat.role == role), None)
        agents: list[SyncAgent] = [
            OracleKiller(seed * 1009 + i, kind, target) if kind else HeuristicAgent(seed * 1009 + i)
            for i in range(players)
        ]
        game = play_with_agents(config, agents)
        assert game.outcome is not None
        counted.update(game.outcome.sides)
    return counted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", required=True)
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--kill", required=True, help="The night decision aimed by the oracle (e.g. ghoul_kill).")
    parser.add_argument("--role", required=True, help="The role it aims at (e.g. jara).")
    args = parser.parse_args()
    for label, kind in (("heuristic", None), (f"oracle {args.kill} -> {args.role}", args.kill)):
        counted = wins(args.variant, args.players, args.games, kind, args.role)
        rates = ", ".join(f"{side} {n / args.games:.3f}" for side, n in counted.most_common())
        print(f"{args.variant} {args.players} {label}: {rates}", flush=True)


if __name__ == "__main__":
    main()
