"""Every role's declared heuristic tactic answers only options the rules offer, on the decisions of real games.

The tactics are found, not listed: every unit's ``tactics`` and, where a ruleset gathers its roles'
play in ``rules/variants/<id>/tactics``, its ``TACTICS``. Each is asked on every decision of its kind
in seeded heuristic games (random switches, player counts and, every other game, a random legal deck,
so roles outside the standard boards are dealt too), with the reading the ruleset's heuristic player
builds (``agents/heuristics/<id>.py``: ``reading(view, rng)``).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.rules import Choice, Decision, GameConfig, RulesError, SeatView, all_rulesets, get_ruleset
from llm_werewolf.sim import SyncAgent, play_with_agents
from llm_werewolf.testing.conformance import random_deck, random_options

Tactic = Callable[[Any, Decision], Choice | None]
MAX_GAMES = 80
"""Games per ruleset at most; the search stops once every tactic has answered and 6 games were played."""


def declared_tactics(variant: str) -> dict[str, Tactic]:
    """Every tactic the ruleset's folder declares, by decision kind: its units' and its gathered ones."""
    ruleset = get_ruleset(variant)
    found: dict[str, Tactic] = {}
    for unit in ruleset.units:
        found.update(getattr(unit, "tactics", {}))
    package = type(ruleset).__module__.rsplit(".", 1)[0]
    try:
        gathered = importlib.import_module(f"{package}.tactics")
    except ModuleNotFoundError:
        return found
    found.update(getattr(gathered, "TACTICS", {}))
    return found


WITH_TACTICS = [ruleset.id for ruleset in all_rulesets() if declared_tactics(ruleset.id)]


@dataclass
class Checked:
    """What the tactics answered in the games played."""

    answered: set[str] = field(default_factory=set)
    illegal: list[str] = field(default_factory=list)
    games: int = 0


class Asking:
    """A heuristic seat that also asks the declared tactic of each decision and checks its answer."""

    def __init__(self, seat: HeuristicAgent, tactics: Mapping[str, Tactic], read: Any, checked: Checked) -> None:
        self.seat, self.tactics, self.read, self.checked = seat, tactics, read, checked

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        tactic = self.tactics.get(decision.kind)
        if tactic is not None:
            chosen = tactic(self.read(view, random.Random(decision.id)), decision)
            self.checked.answered.add(decision.kind)
            if chosen is not None and decision.option(chosen.option) is None:
                self.checked.illegal.append(f"{decision.kind}: {chosen.option!r} not in {decision.option_ids}")
        return self.seat.choose(view, decision)


def check_tactics(variant: str, tactics: Mapping[str, Tactic]) -> Checked:
    ruleset = get_ruleset(variant)
    read = importlib.import_module(f"llm_werewolf.agents.heuristics.{variant}").reading
    counts = list(range(ruleset.min_players, ruleset.max_players + 1))
    checked = Checked()
    for seed in range(1, MAX_GAMES + 1):
        if checked.games >= 6 and checked.answered >= set(tactics):
            break
        rng = random.Random(seed * 7919 + 17)
        players = counts[seed % len(counts)]
        options = random_options(ruleset, rng)
        try:
            deck = random_deck(ruleset, players, ruleset.parse_options(options), rng) if seed % 2 else None
            names = tuple(f"P{i + 1}" for i in range(players))
            config = GameConfig(variant=variant, names=names, seed=seed, options=options, deck=deck)
            seats: list[SyncAgent] = [
                Asking(HeuristicAgent(seed * 1009 + i), tactics, read, checked) for i in range(players)
            ]
            play_with_agents(config, seats)
        except RulesError:
            continue
        checked.games += 1
    return checked


def test_some_ruleset_declares_tactics() -> None:
    assert {"one_night", "city_mafia"} <= set(WITH_TACTICS)


@pytest.mark.parametrize("variant", WITH_TACTICS)
def test_every_declared_tactic_answers_only_offered_options(variant: str) -> None:
    tactics = declared_tactics(variant)
    checked = check_tactics(variant, tactics)
    assert not checked.illegal, checked.illegal[:5]
    assert checked.answered == set(tactics), f"never asked in {checked.games} games: {set(tactics) - checked.answered}"


def test_a_tactic_that_answers_an_option_not_offered_is_caught() -> None:
    tactics = dict(declared_tactics("one_night"))
    tactics["seer_look"] = lambda reading, decision: Choice("seat:99")
    checked = check_tactics("one_night", tactics)
    assert checked.illegal and all(line.startswith("seer_look:") for line in checked.illegal)
