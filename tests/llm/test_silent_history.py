"""A silent seat's speech (online_mafia's Jester keeps silent on purpose) reads as silence in a model's
prompt history, not as a name and an empty quote."""

from __future__ import annotations

import pytest

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.prompting.render import SeatPrompter
from llm_werewolf.rules import Game, GameConfig
from llm_werewolf.rules.events import Speech
from llm_werewolf.texts import default_names


@pytest.mark.parametrize(("language", "silence"), [("he", "(שתיקה)"), ("en", "(says nothing)")])
def test_a_silent_seat_reads_as_silence_in_the_history(language: str, silence: str) -> None:
    names = default_names(language, 15)
    game = Game(GameConfig(variant="online_mafia", names=names, seed=5, language=language))
    agents = [HeuristicAgent(seed=5 * 1009 + i) for i in range(15)]
    while not game.over:
        decision = game.pending[0]
        silent = [r.event for r in game.records if isinstance(r.event, Speech) and not r.event.text]
        if silent and decision.speech and decision.seat != silent[0].seat:
            prompter = SeatPrompter(
                language=language, variant="online_mafia", seat=decision.seat, profile=get_profile("openai")
            )
            text = str(prompter.prompt(game.view(decision.seat), decision))
            assert f"{names[silent[0].seat]}: {silence}" in text
            return
        game.submit(decision.id, agents[decision.seat].choose(game.view(decision.seat), decision))
    pytest.fail("no seat kept silent in this game (the silent Jester of online_mafia, seed 5)")
