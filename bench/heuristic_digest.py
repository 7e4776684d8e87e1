"""One sha256 per standard board over every record of many all-heuristic games.

    PYTHONPATH=/path/to/checkout .venv/bin/python bench/heuristic_digest.py [--games 100] [--variant V ...]
                                                                             [--languages] [--random-decks N]

Seeds 1..N, seats ``P1..Pn``, every seat a ``HeuristicAgent`` (seed ``seed * 1009 + i``, as in the
ladder), on each ruleset's standard boards (llm_werewolf/ladder.py). Each record is serialised as a
transcript line (``dump_record``), so equal digests mean byte-identical transcripts: a speed change
to the heuristic players must leave every line unchanged. Run it on both checkouts and compare.
``--languages`` adds one line per board and source language of the ruleset, with the phrase bank's
default seat names (so speeches are voiced with their gender agreement and Russian cases).
``--random-decks N`` adds one line per ruleset over N games with random switches, player counts and
random legal decks (``llm_werewolf.testing``), so roles outside the standard boards play too.
"""

from __future__ import annotations

import argparse
import hashlib
import random

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.ladder import standard_boards
from llm_werewolf.rules import GameConfig, RulesError, all_rulesets, get_ruleset
from llm_werewolf.sim import SyncAgent, play_with_agents
from llm_werewolf.speech.phrases import phrase_bank
from llm_werewolf.testing.conformance import random_deck, random_options
from llm_werewolf.transcript.schema import dump_record


def digest(variant: str, players: int, games: int, language: str | None = None) -> str:
    if language is None:
        names = tuple(f"P{i + 1}" for i in range(players))
    else:
        names = tuple(list(phrase_bank(language, variant).genders)[:players])
    sha = hashlib.sha256()
    for seed in range(1, games + 1):
        agents: list[SyncAgent] = [HeuristicAgent(seed=seed * 1009 + i) for i in range(players)]
        config = GameConfig(variant=variant, names=names, seed=seed, language=language)
        game = play_with_agents(config, agents)
        for record in game.records:
            sha.update(dump_record(record) + b"\n")
    return sha.hexdigest()


def random_decks_digest(variant: str, games: int) -> tuple[int, str]:
    """(games played, sha256) over seeds 1..``games`` with random switches, player counts and decks."""
    ruleset = get_ruleset(variant)
    counts = list(range(ruleset.min_players, ruleset.max_players + 1))
    sha = hashlib.sha256()
    played = 0
    for seed in range(1, games + 1):
        rng = random.Random(seed * 7919 + 17)
        players = counts[seed % len(counts)]
        options = random_options(ruleset, rng)
        names = tuple(f"P{i + 1}" for i in range(players))
        agents: list[SyncAgent] = [HeuristicAgent(seed=seed * 1009 + i) for i in range(players)]
        try:
            deck = random_deck(ruleset, players, ruleset.parse_options(options), rng)
            game = play_with_agents(
                GameConfig(variant=variant, names=names, seed=seed, options=options, deck=deck), agents
            )
        except RulesError:
            continue
        played += 1
        for record in game.records:
            sha.update(dump_record(record) + b"\n")
    return played, sha.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="Games per board (default 100).")
    parser.add_argument("--variant", action="append", help="Only these rulesets (repeatable).")
    parser.add_argument("--languages", action="store_true", help="Also every source language, default names.")
    parser.add_argument("--random-decks", type=int, default=0, metavar="N", help="Also N games with random decks.")
    args = parser.parse_args()
    for ruleset in all_rulesets():
        if args.variant and ruleset.id not in args.variant:
            continue
        for players in standard_boards(ruleset.id):
            print(f"{ruleset.id} {players} {digest(ruleset.id, players, args.games)}", flush=True)
            for language in ruleset.languages if args.languages else ():
                if len(phrase_bank(language, ruleset.id).genders) >= players:
                    line = digest(ruleset.id, players, args.games, language)
                    print(f"{ruleset.id} {players} {language} {line}", flush=True)
        if args.random_decks:
            played, line = random_decks_digest(ruleset.id, args.random_decks)
            print(f"{ruleset.id} random-decks {played} {line}", flush=True)


if __name__ == "__main__":
    main()
