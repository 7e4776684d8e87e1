"""Every prompt of long games stays within the prompt budget (llm_werewolf/prompting/budgets.py).

Games of ten rounds or more at twelve seats (one_night: its largest board, one round) for every ruleset in
every language it has prompts in, played passively (tests/llm/long_games.py) with the real prompt builder
building, at every decision, the prompt that seat's model would receive: a chat model's system and user
message (``openai``), and in the source language also a base model's transcript with its cue (``local``).
"""

from __future__ import annotations

import pytest

from llm_werewolf.prompting.budgets import BUDGETS, GIST

from .long_games import LANGUAGES, long_game, rounds

GAMES = [(variant, language) for variant, languages in LANGUAGES.items() for language in languages]


@pytest.mark.parametrize(("variant", "language"), GAMES)
def test_no_prompt_of_a_long_game_passes_the_budget(variant: str, language: str) -> None:
    profiles = ("openai", "local") if language != "en" else ("openai",)  # a base model plays in the source language
    for profile in profiles:
        turns = list(long_game(variant, language, profile=profile))
        assert rounds(turns) >= (1 if variant == "one_night" else 10), "the game is too short to test the bound"
        for turn in turns:
            size = len(turn.prompt.text())
            assert size <= BUDGETS.total, f"{profile} {turn.view.phase} {turn.decision.kind}: {size} characters"
            assert len(turn.prompt.system) <= BUDGETS.system, f"{profile}: the rules text passes its budget"


def test_a_compacted_day_keeps_the_newest_speech_whole_and_the_options() -> None:
    """English chinese_werewolf's long days pass the current day's budget: older speeches are shortened to
    their speaker and acts, the newest stays whole, and every option is still listed."""
    shortened = 0
    for turn in long_game("chinese_werewolf", "en"):
        user = turn.prompt.user
        if turn.decision.kind == "exile_vote":
            for option in turn.prompt.labels:
                assert option in user
        shortened += f"“{GIST}”" in user
    assert shortened > 0, "no day was compacted: the test would show nothing"
