"""A base model continuing a transcript does not read its own past thoughts (it would repeat them aloud)."""

from __future__ import annotations

from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.prompting import SeatPrompter
from tests.llm.support import sample_decision, sample_view

ROLES = ("werewolf", "seer", "villager", "villager", "witch", "hunter")


def _prompt_text(profile_name: str) -> str:
    view = sample_view("chinese_werewolf", "en", ROLES, "seer")
    prompter = SeatPrompter(language="en", variant="chinese_werewolf", seat=0, profile=get_profile(profile_name))
    prompt = prompter.prompt(view, sample_decision("exile_vote", speech=False))
    return prompt.system + prompt.user + prompt.cue


def test_chat_models_remember_their_thoughts() -> None:
    assert "I think Bob lies." in _prompt_text("openai")


def test_the_base_model_does_not_see_its_thoughts() -> None:
    text = _prompt_text("local")
    assert "I think Bob lies." not in text
    assert "Bob" in text  # the rest of the history is still there
