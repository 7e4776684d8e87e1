"""A speech answer's acts have their own token budget, and the profile says how many acts a speech may carry.

A JSON speech cut at ``max_tokens`` is no JSON at all: the whole speech is lost. So the answer tokens of
a speech are the profile's ``speech_tokens`` plus :data:`ACT_TOKENS` per allowed act, and a profile for a
small model can allow fewer acts (``speech_acts``), or none, in the schema and in the prompt's format line.
"""

from __future__ import annotations

import pytest

from llm_werewolf.agents.llm_agent import LLMAgent, LLMAgentSettings
from llm_werewolf.llm.fake import FakeBackend
from llm_werewolf.llm.profiles import ACT_TOKENS, get_profile
from llm_werewolf.prompting.render import SeatPrompter
from llm_werewolf.rules import Game, GameConfig, all_rulesets, get_ruleset

from .support import play_table, sample_decision, sample_view

TABLES = [(r.id, language) for r in all_rulesets() if r.id != "toy" for language in r.languages]


@pytest.mark.parametrize(("variant", "language"), TABLES)
@pytest.mark.parametrize("acts", [0, 1, 4])
def test_the_schema_and_the_format_line_allow_the_profiles_acts(variant: str, language: str, acts: int) -> None:
    profile = get_profile("llamacpp").with_overrides(speech_acts=acts)
    ruleset = get_ruleset(variant)
    roles = list(ruleset.roles)
    view = sample_view(variant, language, roles, roles[0])
    prompter = SeatPrompter(language=language, variant=variant, seat=0, profile=profile)
    prompt = prompter.prompt(view, sample_decision(sorted(ruleset.decision_kinds)[0], speech=True))
    assert prompt.schema is not None
    properties = prompt.schema["properties"]
    if acts:
        assert properties["acts"]["maxItems"] == acts
        assert "acts" in prompt.schema["required"]
        assert '"acts"' in prompt.user and str(acts) in prompt.user.split('"acts"', 1)[1][:60]
    else:
        assert "acts" not in properties and "acts" not in prompt.schema["required"]
        assert '"acts"' not in prompt.user
    assert "speech" in properties  # the text is asked for either way


def test_a_speech_asks_for_its_acts_tokens_on_top_of_its_texts() -> None:
    profile = get_profile("fake").with_overrides(speech_tokens=100, choice_tokens=20, speech_acts=2)
    assert profile.speech_answer_tokens(True) == 100 + 2 * ACT_TOKENS
    assert profile.speech_answer_tokens(False) == 100
    assert get_profile("fake").with_overrides(speech_acts=0).speech_answer_tokens(True) == 600


async def test_the_agent_sends_the_speech_budget_with_acts_and_the_choice_budget_without() -> None:
    profile = get_profile("fake").with_overrides(speech_tokens=100, choice_tokens=20, speech_acts=2)
    backends = [FakeBackend(profile=profile, seed=seat) for seat in range(5)]
    agents = [LLMAgent(b, settings=LLMAgentSettings(seed=i)) for i, b in enumerate(backends)]
    game = Game(GameConfig(variant="one_night", names=("A", "B", "C", "D", "E"), seed=3, language="en"))
    await play_table(game, agents)
    requests = [r for b in backends for r in b.requests]
    speeches = [r for r in requests if r.schema is not None and "speech" in r.schema.get("properties", {})]
    choices = [r for r in requests if r.schema is not None and "speech" not in r.schema.get("properties", {})]
    assert speeches and choices
    assert {r.max_tokens for r in speeches} == {100 + 2 * ACT_TOKENS}
    assert all(r.schema is not None and r.schema["properties"]["acts"]["maxItems"] == 2 for r in speeches)
    assert {r.max_tokens for r in choices} == {20}
