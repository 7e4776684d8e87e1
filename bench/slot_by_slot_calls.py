"""Model calls per game of base-model seats on a backend that picks slot by slot (no ``picks_sequences``).

    PYTHONPATH=. .venv/bin/python bench/slot_by_slot_calls.py [--games 8] [--variant V] [--lang L] [--players N]

Seeds 1..N, every seat an ``LLMAgent`` on the fake backend with the ``local`` profile and
``picks_sequences`` off, so each slot of a speech is a call of its own and a speech decision's option
pick (city_mafia's nomination) is a ``decision:pick`` call. Prints the calls per game and the option picks.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
from collections import Counter

from llm_werewolf.agents.llm_agent import LLMAgent, LLMAgentSettings
from llm_werewolf.llm.fake import FakeBackend
from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.rules import Game, GameConfig
from llm_werewolf.table import Table, TableSettings
from llm_werewolf.table_notes import ModelCall
from llm_werewolf.texts import default_names


class SlotBySlot(FakeBackend):
    """The fake backend, walking no sequence: one call per slot."""

    picks_sequences = False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--variant", default="city_mafia")
    parser.add_argument("--lang", default="ru")
    parser.add_argument("--players", type=int, default=7)
    args = parser.parse_args()
    per_game: list[int] = []
    purposes: Counter[str] = Counter()
    for seed in range(1, args.games + 1):
        backend = SlotBySlot(profile=get_profile("local"), seed=seed)
        names = default_names(args.lang, args.players)
        game = Game(GameConfig(variant=args.variant, names=names, seed=seed, language=args.lang))
        agents = [LLMAgent(backend, settings=LLMAgentSettings(seed=i)) for i in range(args.players)]
        asyncio.run(Table(game, agents, settings=TableSettings(max_attempts=2)).play())
        calls = [r.event for r in game.records if isinstance(r.event, ModelCall)]
        per_game.append(len(calls))
        purposes.update(c.purpose for c in calls)
    print(f"model calls per game: mean {statistics.fmean(per_game):.1f} ({per_game})")
    print(f"decision:pick calls: {purposes['decision:pick']} of {sum(purposes.values())}")


if __name__ == "__main__":
    main()
