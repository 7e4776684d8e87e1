"""A seat's prompt is the same whether its game logs schema-1 ``asked`` records or schema-2
choices with their options: neither reaches a prompt (decision bookkeeping)."""

from __future__ import annotations

import pytest

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.prompting.items import to_item
from llm_werewolf.prompting.render import SeatPrompter
from llm_werewolf.rules import Game, GameConfig, all_rulesets, get_ruleset
from llm_werewolf.rules.events import Asked, ChoiceMade
from llm_werewolf.rules.variant import BUILTIN_MODULES
from llm_werewolf.texts import default_names
from llm_werewolf.transcript.schema_one import AskedCtx


@pytest.mark.parametrize("variant", sorted(BUILTIN_MODULES))
def test_prompts_are_the_same_in_both_schemas(variant: str) -> None:
    assert variant in {r.id for r in all_rulesets()}
    ruleset = get_ruleset(variant)
    language = ruleset.source_language
    players = min(max(8, ruleset.min_players), ruleset.max_players)
    names = default_names(language, players)
    games = [
        Game(GameConfig(variant=variant, names=names, seed=7, language=language, transition=transition))
        for transition in (None, AskedCtx)
    ]
    agents = [HeuristicAgent(seed=i) for i in range(players)]
    prompters = [
        SeatPrompter(language=language, variant=variant, seat=i, profile=get_profile("openai")) for i in range(players)
    ]
    compared = 0
    while not games[0].over:
        decision = games[0].pending[0]
        assert games[1].pending[0] == decision
        if decision.id % 4 == 0 or decision.speech:
            new, old = (prompters[decision.seat].prompt(g.view(decision.seat), decision) for g in games)
            assert new == old, (variant, decision)
            compared += 1
        choice = agents[decision.seat].choose(games[0].view(decision.seat), decision)
        for game in games:
            game.submit(decision.id, choice)
    assert compared > 5
    assert any(isinstance(r.event, Asked) for r in games[1].records)
    assert all(r.event.options for r in games[0].records if isinstance(r.event, ChoiceMade))
    assert games[0].outcome == games[1].outcome
    # a choice is the same prompt item in both logs (its options are bookkeeping)
    choices = [[r for r in g.records if isinstance(r.event, ChoiceMade)] for g in games]
    assert [to_item(r, quote_chars=300) for r in choices[0]] == [to_item(r, quote_chars=300) for r in choices[1]]
