"""The tactics people use, measured on all-heuristic games (one command for every rate).

    PYTHONPATH=. .venv/bin/python bench/tactics.py [--games 200] [--jobs 2] [--variant V ...]
                                                   [--set RULESET.NAME=VALUE ...] [--json]

``--set`` changes a policy constant for a sweep (``--set chinese_werewolf.BLUFF_CHANCE=0.3``).

Boards and what is counted (god view of each finished game):

* ``chinese_werewolf`` 9 seats with the ``tencent`` preset (3 werewolves, seer, witch, hunter,
  3 villagers; no sheriff), the deck of the recorded human games:
  - *counter-claim*: games in which a werewolf claims seer (悍跳) on day 1 (target 30–80%);
  - *poison*: games in which the witch poisons someone by night 2 (target ≥ 40%), and how
    many of those poisons hit a werewolf;
  - *hunter*: the hunter's shots fired out of the shots he was offered (target ≥ 70%), and how
    many hit a werewolf;
  - *first namer*: days on which the first seat to name a target in discussion (an accusation or
    an announced vote; seer results excluded) was a werewolf;
  - the sides' win rates.
* ``lebanese_ghouls`` 9 and 12 seats: the Sayyad's shots fired out of those offered.
* ``city_mafia`` 9 and 12 seats: days announced with no nomination while the town was behind
  (after one more night kill the mafia would hold at least half the table): target 0.
* ``online_mafia`` 15 seats: the Jester's win rate (target ≤ 35%) and the main sides'.
"""

from __future__ import annotations

import argparse
import importlib
import json
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.agents.heuristics.talk import heard
from llm_werewolf.ladder import sides_won
from llm_werewolf.rules import Game, GameConfig, get_ruleset
from llm_werewolf.rules.events import Announcement, ChoiceMade, Died, RoleAssigned, Speech
from llm_werewolf.sim import SyncAgent, play_with_agents

CHUNK = 25
NAMING_KEYS = frozenset({"accuse", "vote_for", "suspect"})
SHOTS = {"chinese_werewolf": "hunter_shot", "lebanese_ghouls": "sayyad_shot"}
EVIL = {"chinese_werewolf": "werewolf", "lebanese_ghouls": "ghoul"}
MAFIA = frozenset({"mafia", "don"})

BOARDS: tuple[tuple[str, int, str | None], ...] = (
    ("chinese_werewolf", 9, "tencent"),
    ("chinese_werewolf", 9, None),
    ("chinese_werewolf", 12, None),
    ("lebanese_ghouls", 9, None),
    ("lebanese_ghouls", 12, None),
    ("city_mafia", 9, None),
    ("city_mafia", 12, None),
    ("online_mafia", 15, None),
)


def _roles(game: Game) -> dict[int, str]:
    """Each seat's first dealt role."""
    roles: dict[int, str] = {}
    for record in game.records:
        if isinstance(record.event, RoleAssigned):
            roles.setdefault(record.event.seat, record.event.role)
    return roles


def count(game: Game, variant: str) -> Counter[str]:
    """The tallies of one finished game (keys are summed over games)."""
    roles = _roles(game)
    tally: Counter[str] = Counter(games=1)
    tally.update(f"won:{side}" for side in sides_won(game))
    evil = EVIL.get(variant)
    shot = SHOTS.get(variant)
    for record in game.records:
        event = record.event
        if isinstance(event, ChoiceMade) and event.decision == shot:
            tally["shots_offered"] += 1
            if event.option.startswith("seat:"):
                tally["shots_fired"] += 1
                tally["shots_at_evil"] += roles.get(int(event.option[5:])) == evil
    if variant == "chinese_werewolf":
        _werewolf(game, roles, tally)
    elif variant == "city_mafia":
        _city(game, roles, tally)
    return tally


def _werewolf(game: Game, roles: dict[int, str], tally: Counter[str]) -> None:
    wolves = {s for s, r in roles.items() if r == "werewolf"}
    tally["counter_claim_day1"] += any(
        isinstance(r.event, Speech) and r.phase == "day:1" and r.event.seat in wolves and r.event.claim == "seer"
        for r in game.records
    )
    poisons = [
        r.event
        for r in game.records
        if isinstance(r.event, ChoiceMade)
        and r.event.decision == "witch_poison"
        and r.event.option.startswith("seat:")
        and r.phase in ("night:1", "night:2")
    ]
    tally["poison_by_night2"] += bool(poisons)
    tally["poison_by_night2_at_wolf"] += any(roles.get(int(p.option[5:])) == "werewolf" for p in poisons)
    first: dict[str, int] = {}
    for said in heard(game.view(None)):
        if said.stage == "discussion" and said.key in NAMING_KEYS and said.target is not None and not said.claim:
            first.setdefault(said.phase, said.speaker)
    tally["days_named"] += len(first)
    tally["days_first_namer_wolf"] += sum(seat in wolves for seat in first.values())


def _city(game: Game, roles: dict[int, str], tally: Counter[str]) -> None:
    dead: set[int] = set()
    for record in game.records:
        event = record.event
        if isinstance(event, Died):
            dead.add(event.seat)
        elif isinstance(event, Announcement) and event.key == "no_nominations":
            living = [s for s in roles if s not in dead]
            mafia = sum(roles[s] in MAFIA for s in living)
            tally["no_nomination_days"] += 1
            tally["no_nomination_days_town_behind"] += len(living) - mafia - 1 <= mafia


Task = tuple[str, int, str | None, int, int, dict[str, Any]]


def _task(args: Task) -> tuple[str, int, str | None, Counter[str]]:
    variant, players, preset, first, games, switches = args
    for name, value in switches.items():
        module, _, constant = name.rpartition(".")
        setattr(importlib.import_module(f"llm_werewolf.agents.heuristics.{module}"), constant, value)
    names = tuple(f"P{i + 1}" for i in range(players))
    options = get_ruleset(variant).options_with_preset(preset, {})
    total: Counter[str] = Counter()
    for seed in range(first, first + games):
        agents: list[SyncAgent] = [HeuristicAgent(seed * 1009 + i) for i in range(players)]
        game = play_with_agents(GameConfig(variant=variant, names=names, seed=seed, options=options), agents)
        total.update(count(game, variant))
    return variant, players, preset, total


def _rate(part: int, whole: int) -> float | None:
    return round(100.0 * part / whole, 1) if whole else None


def summary(variant: str, players: int, preset: str | None, tally: Counter[str]) -> dict[str, Any]:
    games = tally["games"]
    out: dict[str, Any] = {"variant": variant, "players": players, "preset": preset, "games": games}
    out["wins_pct"] = {k[4:]: _rate(v, games) for k, v in sorted(tally.items()) if k.startswith("won:")}
    if tally["shots_offered"]:
        out["shots_fired"] = f"{tally['shots_fired']}/{tally['shots_offered']}"
        out["shots_fired_pct"] = _rate(tally["shots_fired"], tally["shots_offered"])
        out["shots_at_evil_pct"] = _rate(tally["shots_at_evil"], tally["shots_fired"])
    if variant == "chinese_werewolf" and games:
        out["counter_claim_day1_pct"] = _rate(tally["counter_claim_day1"], games)
        out["poison_by_night2_pct"] = _rate(tally["poison_by_night2"], games)
        out["poison_by_night2_at_wolf_pct"] = _rate(tally["poison_by_night2_at_wolf"], tally["poison_by_night2"])
        out["first_namer_wolf"] = f"{tally['days_first_namer_wolf']}/{tally['days_named']}"
    if variant == "city_mafia":
        out["no_nomination_days"] = tally["no_nomination_days"]
        out["no_nomination_days_town_behind"] = tally["no_nomination_days_town_behind"]
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="Games per board (default 200).")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--variant", action="append", help="Only these rulesets (repeatable).")
    parser.add_argument("--set", action="append", default=[], metavar="RULESET.NAME=VALUE")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    switches = {name: json.loads(value) for name, _, value in (item.partition("=") for item in args.set)}
    boards = [b for b in BOARDS if not args.variant or b[0] in args.variant]
    tasks: list[Task] = [
        (variant, players, preset, first, min(CHUNK, args.games + 1 - first), switches)
        for variant, players, preset in boards
        for first in range(1, args.games + 1, CHUNK)
    ]
    started = time.perf_counter()
    totals: dict[tuple[str, int, str | None], Counter[str]] = {}
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for variant, players, preset, tally in pool.map(_task, tasks):
            totals.setdefault((variant, players, preset), Counter()).update(tally)
    results = [summary(v, p, b, totals[(v, p, b)]) for v, p, b in boards]
    if args.json:
        print(json.dumps(results, ensure_ascii=False, indent=2))
        return
    for result in results:
        print(json.dumps(result, ensure_ascii=False))
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
