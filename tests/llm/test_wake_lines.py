"""The moderator's wake-up lines in model prompts address a card in its own grammar (Arabic): a card
called in the feminine or held by several seats («العرّافة، استيقظي», «المستذئبون، استيقظوا»), as the
renders and the web feed do (``role_address`` in the ruleset's vocabulary)."""

from __future__ import annotations

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.prompting.render import SeatPrompter
from llm_werewolf.rules import Game, GameConfig, ViewBuilder


def _prompts(variant: str, language: str, players: int) -> str:
    names = tuple(f"P{i}" for i in range(players))
    game = Game(GameConfig(variant=variant, names=names, seed=1, language=language))
    builders = [ViewBuilder(i) for i in range(players)]
    prompters = [
        SeatPrompter(language=language, variant=variant, seat=i, profile=get_profile("local")) for i in range(players)
    ]
    heuristic = HeuristicAgent(1)
    published = 0
    users: list[str] = []
    while not game.over:
        for builder in builders:
            builder.extend(game.records[published:])
        published = len(game.records)
        for decision in game.pending:
            view = builders[decision.seat].view()
            users.append(prompters[decision.seat].prompt(view, decision).user)
            game.submit(decision.id, heuristic.choose(view, decision))
    return "\n".join(users)


def test_arabic_prompts_wake_a_feminine_card_and_a_shared_card_in_their_own_grammar() -> None:
    text = _prompts("one_night", "ar", 5)
    assert "العرّافة، استيقظي." in text and "العرّافة، استيقظ." not in text
    assert "المستذئبون، استيقظوا." in text
    assert "اللص، استيقظ." in text  # a masculine card keeps the masculine


def test_english_prompts_keep_the_one_wake_line() -> None:
    text = _prompts("one_night", "en", 5)
    assert "Seer, wake up." in text
