"""Suggest balanced setups: simulate candidate decks with heuristic players and compare win rates.

A candidate deck starts from the ruleset's standard deck for the player count;
the others replace one to three of its cards with other roles of the ruleset
(the ruleset's ``check_deck`` refuses illegal ones). Every candidate plays the
same game seeds (common random numbers), so differences between decks are not
differences of luck. A suggestion carries the win rate of every side with its
standard error and a 95% Wilson interval, and the *imbalance*: the gap between
the win rates of the two sides with the most cards in the standard deck, plus the
share of games that neither of them wins beyond a quarter (docs/heuristics.md asks
that no neutral killer win more than 25%).

Works for any registered ruleset; rulesets without a heuristic policy are
played by uniformly random agents (see ``llm_werewolf.agents.heuristic``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from .agents.heuristic import HeuristicAgent
from .rules import GameConfig, Ruleset, SetupError, get_ruleset
from .sim import SyncAgent, parallel_map, play_with_agents
from .stats import Rate, wilson_interval

__all__ = ["SetupSuggestion", "WinEstimate", "suggest_setups", "wilson_interval"]

MAX_REPLACED = 3
AGENTS = "heuristic"  # who plays every seat of the simulations (llm_werewolf.agents.heuristic)
AGENTS_LINE = "simulated with heuristic players on every seat (llm_werewolf.agents.heuristic, docs/heuristics.md)"


OTHERS_ALLOWED = 0.25  # share of games the main sides may leave to neutrals and draws


@dataclass(frozen=True, slots=True)
class WinEstimate:
    """How often one side won: the rate, its standard error and a 95% Wilson interval."""

    side: str
    wins: int
    games: int

    @property
    def rate(self) -> float:
        return Rate(self.wins, self.games).rate

    @property
    def stderr(self) -> float:
        return Rate(self.wins, self.games).stderr

    @property
    def interval(self) -> tuple[float, float]:
        return Rate(self.wins, self.games).interval

    def as_dict(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "side": self.side,
            "wins": self.wins,
            "games": self.games,
            "rate": round(self.rate, 4),
            "stderr": round(self.stderr, 4),
            "low": round(low, 4),
            "high": round(high, 4),
        }


@dataclass(frozen=True, slots=True)
class SetupSuggestion:
    """One simulated deck (sorted), with every side's estimated win rate."""

    roles: tuple[str, ...]
    games: int
    estimates: tuple[WinEstimate, ...]
    no_winner: int
    balance_sides: tuple[str, str]

    def estimate(self, side: str) -> WinEstimate:
        for estimate in self.estimates:
            if estimate.side == side:
                return estimate
        raise KeyError(side)

    @property
    def imbalance(self) -> float:
        """The gap between the win rates of the two main sides (0 = perfectly even), plus the share
        of games neither of them wins beyond ``OTHERS_ALLOWED`` (a deck whose neutral killers win
        most games is not even because town and mafia both lose)."""
        first, second = self.balance_sides
        a, b = self.estimate(first).rate, self.estimate(second).rate
        return abs(a - b) + max(0.0, 1.0 - a - b - OTHERS_ALLOWED)

    def as_dict(self) -> dict[str, Any]:
        return {
            "roles": list(self.roles),
            "games": self.games,
            "imbalance": round(self.imbalance, 4),
            "no_winner": self.no_winner,
            "agents": AGENTS,
            "sides": [e.as_dict() for e in self.estimates],
        }


def main_sides(ruleset: Ruleset[Any, Any], deck: Sequence[str]) -> tuple[str, str]:
    """The two sides holding the most cards of ``deck`` (ties in the ruleset's side order)."""
    cards = Counter(ruleset.side_of_role(role) for role in deck)
    ranked = sorted(ruleset.sides, key=lambda side: (-cards[side], ruleset.sides.index(side)))
    if len(ranked) < 2:
        raise SetupError(f"{ruleset.id} has fewer than two sides to balance")
    return ranked[0], ranked[1]


def candidate_decks(
    ruleset: Ruleset[Any, Any],
    players: int,
    options: Any,
    rng: random.Random,
    count: int,
) -> list[tuple[str, ...]]:
    """The standard deck, then up to ``count - 1`` legal variations of it (sorted, distinct)."""
    standard = tuple(ruleset.standard_deck(players, options))
    decks = [tuple(sorted(standard))]
    seen = set(decks)
    roles = sorted(ruleset.roles)
    attempts = 0
    while len(decks) < count and attempts < 200 * count:
        attempts += 1
        deck = list(standard)
        for _ in range(rng.randint(1, MAX_REPLACED)):
            deck[rng.randrange(len(deck))] = rng.choice(roles)
        candidate = tuple(sorted(deck))
        if candidate in seen:
            continue
        try:
            ruleset.check_deck(candidate, players, options)
        except SetupError:
            continue
        seen.add(candidate)
        decks.append(candidate)
    return decks


def simulate_deck(
    variant: str,
    deck: Sequence[str],
    players: int,
    *,
    games: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    balance_sides: tuple[str, str] | None = None,
) -> SetupSuggestion:
    """Play ``games`` heuristic games with ``deck`` (seeds ``seed``, ``seed + 1``, ...)."""
    ruleset = get_ruleset(variant)
    names = tuple(f"P{i + 1}" for i in range(players))
    wins: Counter[str] = Counter()
    no_winner = 0
    for index in range(games):
        game_seed = seed + index
        config = GameConfig(variant=variant, names=names, seed=game_seed, deck=tuple(deck), options=dict(options or {}))
        agents: list[SyncAgent] = [HeuristicAgent(seed=game_seed * 1009 + i) for i in range(players)]
        outcome = play_with_agents(config, agents).outcome
        assert outcome is not None
        if not outcome.sides:
            no_winner += 1
        wins.update(set(outcome.sides))
    estimates = tuple(WinEstimate(side, wins[side], games) for side in ruleset.sides)
    return SetupSuggestion(
        roles=tuple(sorted(deck)),
        games=games,
        estimates=estimates,
        no_winner=no_winner,
        balance_sides=balance_sides or main_sides(ruleset, deck),
    )


def suggest_setups(
    variant: str,
    players: int,
    *,
    games: int,
    seed: int,
    candidates: int,
    options: Mapping[str, Any] | None = None,
    workers: int | None = 1,
) -> list[SetupSuggestion]:
    """Simulate ``candidates`` decks for ``players`` seats, ``games`` games each; most even first.

    The decks are simulated on ``workers`` processes (0/None: every core); the result does not
    depend on the number."""
    if games < 1 or candidates < 1:
        raise ValueError("games and candidates must be at least 1")
    ruleset = get_ruleset(variant)
    if not ruleset.min_players <= players <= ruleset.max_players:
        raise SetupError(f"{variant} is played by {ruleset.min_players}-{ruleset.max_players} players, not {players}")
    parsed = ruleset.parse_options(dict(options or {}))
    decks = candidate_decks(ruleset, players, parsed, random.Random(seed), candidates)
    sides = main_sides(ruleset, ruleset.standard_deck(players, parsed))
    play = partial(
        simulate_deck, variant, players=players, games=games, seed=seed, options=options, balance_sides=sides
    )
    suggestions = list(parallel_map(play, decks, workers))
    return sorted(suggestions, key=lambda s: (s.imbalance, s.roles))
