"""online_mafia's Jester and Executioner: ladder series with the policy's switches set, and an oracle Jester.

    .venv/bin/python bench/neutrals.py [--games 300] [--jobs 2] [--set JESTER_WARY=1 ...]
                                       [--series all,jester,executioner,serial_killer] [--oracle-jester]

Plays the strength ladder's series of the 15-seat board (seats ``P1..P15``, seeds 1..N, the
ladder's agent seeds): ``all`` with every seat heuristic, and for a side its naive series (that
side's seats naive, as in ``llm_werewolf.ladder``). ``--set NAME=VALUE`` sets a module switch of
``agents/heuristics/online_mafia.py`` in every worker (``JESTER_READ``, ``JESTER_LATE``,
``OUTLAW_SPARES_SILENCE``, ``JESTER_WARY``, ``JESTER_BAITS``, ``EXE_FAKE_CLAIM``...). Add
``--series mafia,town`` for the other sides' naive series. ``--oracle-jester`` replaces the Jester's verdicts and
nominations in the ``all`` series with an oracle's that knows every card and feeds the town's
verdict record all it reads (abstain on a mafia member, innocent on another evil player, guilty on
a townie; nominate a townie): no play of the Jester's that baits the record can do better.

Prints, per series, each side's win rate as the ladder counts it (an Executioner turned Jester
credits the Executioner) and the rules' own sides (``rules:``), and for the Jester where his
losses come from (docs/heuristics.md, "Tactics people use": the Jester's bait).
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.agents.heuristics import online_mafia
from llm_werewolf.ladder import SideAgent, sides_won
from llm_werewolf.rules import Choice, Decision, Game, GameConfig, SeatView
from llm_werewolf.rules.events import DeathsAnnounced, RoleAssigned
from llm_werewolf.rules.variants.online_mafia.win import side_of_role
from llm_werewolf.sim import SyncAgent, play_with_agents

PLAYERS = 15
CHUNK = 50


class OracleJester(HeuristicAgent):
    """The heuristic, but a seat holding the Jester card votes and nominates with every card known."""

    def __init__(self, seed: int, roles: dict[int, str]) -> None:
        super().__init__(seed)
        self.roles = roles

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        if view.role == "jester" and decision.kind == "verdict":
            accused = online_mafia.gather(view).accused
            side = side_of_role(self.roles[accused]) if accused is not None else None
            ballot = "skip" if side == "mafia" else "guilty" if side == "town" else "innocent"
            if decision.option(ballot) is not None:
                return Choice(ballot)
        if view.role == "jester" and decision.kind == "nominate":
            town = [
                o for o in decision.options if o.target is not None and side_of_role(self.roles[o.target]) == "town"
            ]
            if town:
                return Choice(town[0].id)
        return super().choose(view, decision)


def _jester_fate(game: Game) -> str:
    """How the seat dealt the Jester card ended: won, or the first cause of his death."""
    assert game.outcome is not None
    jester = next(
        r.event.seat
        for r in game.records
        if isinstance(r.event, RoleAssigned) and r.event.reason == "deal" and r.event.role == "jester"
    )
    if jester in game.outcome.winners:
        return "won"
    for record in game.records:
        event = record.event
        if isinstance(event, DeathsAnnounced):
            for death in event.deaths:
                if death.seat == jester:
                    return f"{death.cause} ({record.phase})"
    return "alive at the end"


def _task(args: tuple[str, int, int, dict[str, Any], bool]) -> tuple[str, Counter[str], Counter[str], Counter[str]]:
    series, first, count, switches, oracle = args
    for name, value in switches.items():
        setattr(online_mafia, name, value)
    names = tuple(f"P{i + 1}" for i in range(PLAYERS))
    ladder: Counter[str] = Counter()
    rules: Counter[str] = Counter()
    fates: Counter[str] = Counter()
    for seed in range(first, first + count):
        config = GameConfig(variant="online_mafia", names=names, seed=seed)
        agents: list[SyncAgent]
        if series != "all":
            agents = [SideAgent(series, "online_mafia", seed * 1009 + i) for i in range(PLAYERS)]
        elif oracle:
            dealt = {i: seat.role for i, seat in enumerate(Game(config).state.seats)}
            agents = [OracleJester(seed * 1009 + i, dealt) for i in range(PLAYERS)]
        else:
            agents = [HeuristicAgent(seed * 1009 + i) for i in range(PLAYERS)]
        game = play_with_agents(config, agents)
        assert game.outcome is not None
        ladder.update(sides_won(game))
        rules.update(set(game.outcome.sides))
        fates[_jester_fate(game)] += 1
    return series, ladder, rules, fates


def _value(text: str) -> Any:
    return json.loads(text.lower()) if text.lower() in ("true", "false") else float(text) if "." in text else int(text)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--series", default="all,jester,executioner,serial_killer")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--oracle-jester", action="store_true")
    args = parser.parse_args(argv)
    switches: dict[str, Any] = {}
    for item in args.set:
        name, _, value = item.partition("=")
        if not hasattr(online_mafia, name):
            parser.error(f"online_mafia has no switch {name}")
        switches[name] = _value(value)
    series = args.series.split(",")
    tasks = [
        (s, first, min(CHUNK, args.games + 1 - first), switches, args.oracle_jester)
        for s in series
        for first in range(1, args.games + 1, CHUNK)
    ]
    started = time.perf_counter()
    totals: dict[str, tuple[Counter[str], Counter[str], Counter[str]]] = {}
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for name, ladder, rules, fates in pool.map(_task, tasks):
            held = totals.setdefault(name, (Counter(), Counter(), Counter()))
            for total, part in zip(held, (ladder, rules, fates), strict=True):
                total.update(part)
    print(f"online_mafia 15, {args.games} games, switches {switches or 'none'}, oracle Jester {args.oracle_jester}")
    for name in series:
        ladder, rules, fates = totals[name]
        rate = {side: round(100 * n / args.games, 1) for side, n in sorted(ladder.items())}
        shown = {side: round(100 * n / args.games, 1) for side, n in sorted(rules.items())}
        print(f"{name}: {json.dumps(rate)}  rules: {json.dumps(shown)}")
        if name == "all":
            print(f"  the Jester: {dict(fates.most_common(6))}")
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
