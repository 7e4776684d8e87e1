"""Our engine beside TextArena's SecretMafia-v0, interleaved in one process (``make bench-peers``).

    .venv/bin/python bench/peers.py [--games N] [--repeats R] [--players 12] [--json]

Installs nothing. When ``textarena`` is importable (``pip install -e '.[bench]'``), it plays
``--games`` SecretMafia-v0 games with uniform random *legal* actions (a living target for
votes, kills, protections and checks; a fixed short line for discussion), then the same
number of games of each of our rulesets with uniform random agents (bench/engine.py's
policy), and repeats the round ``--repeats`` times, so that both feel the same machine
load. Times are CPU time of this process; the best round counts. Two TextArena figures
are shown: the bare environment class, and the environment ``textarena.make`` returns
(with its default observation wrappers, as an agent would get it).

Printed per ruleset: games/s and µs per decision (ours) beside games/s and µs per step
(TextArena), and the ratios: ``games`` = our games/s ÷ TextArena's games/s; ``per step`` =
TextArena's µs per step ÷ our µs per decision (above 1: our decision is cheaper than its
step). The games are different games (our rulesets are longer), so the per-step ratio is
the fairer comparison of the two engines; games/s is what a study sees.

Without textarena it says so and measures our engine alone.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import platform
import random
import time
from typing import Any

from llm_werewolf.rules import Game, GameConfig
from llm_werewolf.sim import random_policy, run_sync

RULESETS = ("chinese_werewolf", "city_mafia", "lebanese_ghouls", "one_night", "online_mafia")
DISCUSSION_LINE = "I have nothing to add."


def textarena_available() -> bool:
    return importlib.util.find_spec("textarena") is not None


def _bare_mafia_env() -> Any:
    from textarena.envs.SecretMafia.env import SecretMafiaEnv

    return SecretMafiaEnv(mafia_ratio=0.25, discussion_rounds=3)


def _wrapped_mafia_env() -> Any:
    import textarena

    return textarena.make("SecretMafia-v0")


def _core(env: Any) -> Any:
    while not hasattr(env, "player_roles") and hasattr(env, "env"):
        env = env.env
    return env


def play_textarena(make_env: Any, players: int, first_seed: int, games: int) -> tuple[float, int]:
    """CPU seconds and steps of ``games`` SecretMafia games with random legal actions."""
    from textarena.envs.SecretMafia.env import Phase

    steps = 0
    started = time.process_time()
    for seed in range(first_seed, first_seed + games):
        random.seed(seed)  # the environment draws its own choices from the global generator
        env = make_env()
        env.reset(num_players=players, seed=seed)
        core = _core(env)
        picker = random.Random(seed)
        done = False
        while not done:
            pid, _observation = env.get_observation()
            phase = core.phase
            if phase == Phase.DAY_DISCUSSION:
                action = DISCUSSION_LINE
            else:
                alive = core.state.game_state["alive_players"]
                if phase == Phase.NIGHT_MAFIA:
                    targets = [p for p in alive if core.player_roles[p] != "Mafia"] or alive
                elif phase in (Phase.NIGHT_DOCTOR, Phase.NIGHT_DETECTIVE):
                    targets = [p for p in alive if p != pid] or alive
                else:
                    targets = alive
                action = f"[{targets[picker.randrange(len(targets))]}]"
            done, _info = env.step(action=action)
            steps += 1
        env.close()
    return time.process_time() - started, steps


def play_ours(variant: str, players: int, first_seed: int, games: int) -> tuple[float, int]:
    """CPU seconds and decisions of ``games`` games of ``variant`` with random agents."""
    names = tuple(f"P{i + 1}" for i in range(players))
    decisions = 0
    started = time.process_time()
    for seed in range(first_seed, first_seed + games):
        game = run_sync(Game(GameConfig(variant=variant, names=names, seed=seed)), random_policy(random.Random(seed)))
        decisions += game.state.next_decision_id
    return time.process_time() - started, decisions


def measure(games: int, repeats: int, players: int) -> dict[str, Any]:
    peers = {"textarena": _bare_mafia_env, "textarena_wrapped": _wrapped_mafia_env} if textarena_available() else {}
    best: dict[str, tuple[float, float]] = {}  # name -> (games/s, µs per step or decision)

    def keep(name: str, seconds: float, count: int) -> None:
        rate = games / seconds
        if name not in best or rate > best[name][0]:
            best[name] = (rate, 1e6 * seconds / count)

    # warm-up: imports and caches are not per-game costs
    for variant in RULESETS:
        play_ours(variant, players, 10**6, 1)
    for make_env in peers.values():
        play_textarena(make_env, players, 10**6, 1)
    for repeat in range(repeats):
        first = repeat * games
        for name, make_env in peers.items():
            keep(name, *play_textarena(make_env, players, first, games))
        for variant in RULESETS:
            keep(variant, *play_ours(variant, players, first, games))
    rows = []
    for variant in RULESETS:
        rate, cost = best[variant]
        row: dict[str, Any] = {
            "ruleset": variant,
            "games_per_second": round(rate, 1),
            "us_per_decision": round(cost, 2),
        }
        for name in peers:
            peer_rate, peer_cost = best[name]
            row[f"{name}_games_ratio"] = round(rate / peer_rate, 2)
            row[f"{name}_step_ratio"] = round(peer_cost / cost, 2)
        rows.append(row)
    return {
        "python": platform.python_version(),
        "players": players,
        "games": games,
        "repeats": repeats,
        "peers": {
            name: {"games_per_second": round(best[name][0], 1), "us_per_step": round(best[name][1], 2)}
            for name in peers
        },
        "rulesets": rows,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--players", type=int, default=12, help="Seats per game (SecretMafia takes 6-15).")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = measure(args.games, args.repeats, args.players)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    if not result["peers"]:
        print("textarena is not installed (pip install -e '.[bench]'); our engine alone:")
    print(f"Python {result['python']}, {args.players} players, {args.games} games x {args.repeats} rounds, CPU time")
    for name, peer in result["peers"].items():
        print(f"{name:18} {peer['games_per_second']:>8} games/s {peer['us_per_step']:>7} us/step")
    for row in result["rulesets"]:
        line = f"{row['ruleset']:18} {row['games_per_second']:>8} games/s {row['us_per_decision']:>7} us/decision"
        for name in result["peers"]:
            line += f"   vs {name}: games x{row[f'{name}_games_ratio']}, per step x{row[f'{name}_step_ratio']}"
        print(line)


if __name__ == "__main__":
    main()
