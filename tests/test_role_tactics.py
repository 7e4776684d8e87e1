"""Every role's declared heuristic tactic answers only options the rules offer, on the decisions of real games.

The tactics are found, not listed: every unit's ``tactics`` and, where a ruleset gathers its roles'
play in ``rules/variants/<id>/tactics`` (online_mafia: ``roles``), its ``TACTICS``. Each is asked on
every decision of its kind in seeded heuristic games (random switches, player counts and, every other
game, a random legal deck; then a deck for each role never dealt), with the reading the ruleset's
heuristic player builds (``agents/heuristics/<id>.py``: ``reading(view, rng)``).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.rules import Choice, Decision, GameConfig, RulesError, SeatView, all_rulesets, get_ruleset
from llm_werewolf.rules.events import RoleAssigned
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
    for module in ("tactics", "roles"):  # online_mafia gathers its role specs' tactics in ``roles``
        try:
            gathered = importlib.import_module(f"{package}.{module}")
        except ModuleNotFoundError:
            continue
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


def _play(config: GameConfig, tactics: Mapping[str, Tactic], read: Any, checked: Checked) -> list[str]:
    """Play one game with asking seats; the cards dealt, by seat."""
    seats: list[SyncAgent] = [
        Asking(HeuristicAgent(config.seed * 1009 + i), tactics, read, checked) for i in range(len(config.names))
    ]
    game = play_with_agents(config, seats)
    dealt: dict[int, str] = {}
    for record in game.records:
        if isinstance(record.event, RoleAssigned):
            dealt.setdefault(record.event.seat, record.event.role)
    return [dealt[seat] for seat in sorted(dealt)]


def check_tactics(variant: str, tactics: Mapping[str, Tactic]) -> Checked:
    """Random games until every tactic answered (at least 6, at most ``MAX_GAMES``); then, while a kind is
    still unmet, a deck for each role those games never dealt: a played deal with that role in place of a
    card of its side (of another solo role, for a role that wins alone)."""
    ruleset = get_ruleset(variant)
    read = importlib.import_module(f"llm_werewolf.agents.heuristics.{variant}").reading
    counts = list(range(ruleset.min_players, ruleset.max_players + 1))
    checked = Checked()
    deals: list[tuple[GameConfig, list[str]]] = []
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
            deals.append((config, _play(config, tactics, read, checked)))
        except RulesError:
            continue
        checked.games += 1
    roles = ruleset.roles
    dealt_ever = {card for _, deal in deals for card in deal}
    for role in sorted(set(roles) - dealt_ever):
        if checked.answered >= set(tactics):
            break
        solo = roles[role].side == role
        for config, deal in deals:
            same_side = [i for i, card in enumerate(deal) if roles[card].side == (card if solo else roles[role].side)]
            if not same_side or len(deal) != len(config.names):
                continue
            swapped = list(deal)
            swapped[same_side[-1]] = role
            try:
                _play(replace(config, deck=tuple(swapped)), tactics, read, checked)
            except RulesError:
                continue  # the swap breaks the deck's rules: another deal
            checked.games += 1
            break
    return checked


def test_every_ruleset_declares_its_roles_tactics() -> None:
    assert {"one_night", "city_mafia", "chinese_werewolf", "lebanese_ghouls", "online_mafia"} <= set(WITH_TACTICS)


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
