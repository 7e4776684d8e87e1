"""Every tactic a ruleset's roles declare answers only legal options on the decisions of real games.

The rulesets are found, not listed: each whose heuristic module reads a seat for its roles' tactics
(``TACTICS``: decision kind -> tactic, the ruleset's own table, and ``reading(view, rng)``). Their
standard boards, presets and, for a role with tactics that none of them deals, a deck with that role
in place of a card of its side are played by heuristic seats; at every decision a tactic answers,
the tactic is asked on the seat's view and its answer must be ``None`` or an offered option. Every
declared kind must be met at least once.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from types import ModuleType

import pytest

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.ladder import standard_boards
from llm_werewolf.rules import Choice, Decision, GameConfig, SeatView, SetupError, all_rulesets, get_ruleset
from llm_werewolf.rules.events import RoleAssigned
from llm_werewolf.sim import SyncAgent, play_with_agents

SEEDS = (1, 2, 3)


def _tactic_modules() -> dict[str, ModuleType]:
    found: dict[str, ModuleType] = {}
    for ruleset in all_rulesets():
        try:
            module = importlib.import_module(f"llm_werewolf.agents.heuristics.{ruleset.id}")
        except ModuleNotFoundError:
            continue
        if hasattr(module, "TACTICS") and hasattr(module, "reading"):
            found[ruleset.id] = module
    return found


MODULES = _tactic_modules()


class Checked:
    """A heuristic seat that first asks the tactic of each decision it has one for, and notes the answer."""

    def __init__(self, seed: int, module: ModuleType, met: set[str], illegal: list[str]) -> None:
        self.agent = HeuristicAgent(seed)
        self.module = module
        self.met = met
        self.illegal = illegal

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        tactics: Mapping[str, Callable[..., Choice | None]] = self.module.TACTICS
        tactic = tactics.get(decision.kind)
        if tactic is not None:
            self.met.add(decision.kind)
            answer = tactic(self.module.reading(view, random.Random(decision.seat)), decision)
            if answer is not None and decision.option(answer.option) is None:
                self.illegal.append(f"{decision.kind} {view.phase} seat {decision.seat}: {answer.option!r}")
        return self.agent.choose(view, decision)


def _play(config: GameConfig, module: ModuleType, met: set[str], illegal: list[str]) -> dict[int, str]:
    agents: list[SyncAgent] = [Checked(config.seed * 1009 + i, module, met, illegal) for i in range(len(config.names))]
    game = play_with_agents(config, agents)
    dealt: dict[int, str] = {}
    for record in game.records:
        if isinstance(record.event, RoleAssigned):
            dealt.setdefault(record.event.seat, record.event.role)
    return dealt


def _configs(variant: str) -> Iterator[GameConfig]:
    ruleset = get_ruleset(variant)
    for players in standard_boards(variant):
        names = tuple(f"P{i + 1}" for i in range(players))
        for seed in SEEDS:
            yield GameConfig(variant=variant, names=names, seed=seed)
        for preset in ruleset.presets:
            options = ruleset.options_with_preset(preset, {})
            for seed in SEEDS:
                yield GameConfig(variant=variant, names=names, seed=seed, options=options)


def check(variant: str) -> tuple[set[str], list[str]]:
    """The tactic kinds met and the illegal answers, over the ruleset's boards and presets, then (while
    a declared kind is still unmet) a deck for each role those games never dealt: the first played
    deal with a card of the role's side (for a role that wins alone, of another such role), that card
    replaced by the role."""
    module = MODULES[variant]
    met: set[str] = set()
    illegal: list[str] = []
    deals: list[tuple[GameConfig, list[str]]] = []
    for config in _configs(variant):
        dealt = _play(config, module, met, illegal)
        deals.append((config, [dealt[seat] for seat in sorted(dealt)]))
    roles = get_ruleset(variant).roles
    dealt_ever = {card for _, deal in deals for card in deal}
    for role in sorted(set(roles) - dealt_ever):
        if set(module.TACTICS) <= met:
            break
        for config, deal in deals:
            side = roles[role].side
            solo = side == role  # a role that wins alone stands in for another that does
            same_side = [i for i, card in enumerate(deal) if roles[card].side == (card if solo else side)]
            if same_side:
                deck = list(deal)
                deck[same_side[-1]] = role
                try:
                    for seed in SEEDS:
                        _play(replace(config, seed=seed, deck=tuple(deck)), module, met, illegal)
                except SetupError:
                    continue  # the swap breaks the deck's rules: another deal
                break
    return met, illegal


@pytest.mark.parametrize("variant", sorted(MODULES))
def test_every_declared_tactic_answers_only_offered_options_in_real_games(variant: str) -> None:
    met, illegal = check(variant)
    assert not illegal, illegal
    assert set(MODULES[variant].TACTICS) <= met, sorted(set(MODULES[variant].TACTICS) - met)


def test_a_tactic_that_answers_an_option_not_offered_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check itself: one game with every tactic of a ruleset answering a seat that does not exist."""
    variant = sorted(MODULES)[0]
    module = MODULES[variant]
    for kind in list(module.TACTICS):
        monkeypatch.setitem(module.TACTICS, kind, lambda reading, decision: Choice("seat:99"))
    met: set[str] = set()
    illegal: list[str] = []
    _play(next(_configs(variant)), module, met, illegal)
    assert met and len(illegal) >= len(met)
