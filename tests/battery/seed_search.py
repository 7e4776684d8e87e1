"""The seed-recovery attack, bounded: how far a seat is from finding the game seed by replay.

A seat that records its own feed can replay candidate seeds and keep those whose
game shows that seat the same feed; once one seed is left it knows every card. This
module runs that attack over a bounded number of candidates and measures its speed,
so a test and ``bench/reliability.py`` can state how long the whole search space
would take: with 128-bit fresh seeds the answer is far beyond reach. The game's
generator keeps 64 bits of state (:func:`llm_werewolf.rules.rng.fold_seed`), so the
figure is also given for an attacker who searches generator states instead of seeds.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.rules import Game, GameConfig, ViewBuilder
from llm_werewolf.seeds import seat_seed

SECONDS_PER_YEAR = 365.25 * 24 * 3600


def seat_feed(variant: str, players: int, seed: int, seat: int = 0, decisions: int = 40) -> tuple[str, ...]:
    """What ``seat`` saw of the game seeded ``seed`` during its first ``decisions`` answers (heuristic seats)."""
    names = tuple(f"P{i + 1}" for i in range(players))
    game = Game(GameConfig(variant=variant, names=names, seed=seed, language="en"))
    agents = [HeuristicAgent(seed=seat_seed(seed, i)) for i in range(players)]
    builders = [ViewBuilder(i) for i in range(players)]
    published = answered = 0
    while not game.over and answered < decisions:
        new = game.records[published:]
        published = len(game.records)
        for builder in builders:
            builder.extend(new)
        pending = game.pending
        views = {d.seat: builders[d.seat].view() for d in pending}
        for decision in pending:
            game.submit(decision.id, agents[decision.seat].choose(views[decision.seat], decision))
            answered += 1
    builders[seat].extend(game.records[published:])
    return tuple(repr(record.event) for record in builders[seat].records)


@dataclass(frozen=True, slots=True)
class SearchResult:
    tried: int
    matches: tuple[int, ...]
    seconds: float

    @property
    def rate(self) -> float:
        """Candidates per second on this machine, one core."""
        return self.tried / self.seconds if self.seconds > 0 else float("inf")

    def years_for(self, bits: int) -> float:
        """Expected years to find the seed among ``2**bits`` candidates (half the space) at this rate."""
        return float(2 ** (bits - 1)) / self.rate / SECONDS_PER_YEAR


def search(
    variant: str, players: int, feed: tuple[str, ...], candidates: Iterable[int], seat: int = 0, decisions: int = 40
) -> SearchResult:
    """Replay every candidate and keep those that show ``seat`` the same ``feed``."""
    started = time.perf_counter()
    tried = 0
    matches = []
    for candidate in candidates:
        tried += 1
        if seat_feed(variant, players, candidate, seat, decisions) == feed:
            matches.append(candidate)
    return SearchResult(tried, tuple(matches), time.perf_counter() - started)
