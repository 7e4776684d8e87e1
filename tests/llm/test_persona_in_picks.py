"""``Profile.persona_in_picks``: the embedded model's pick prompts carry the seat's card and what it knows, not
its persona and role tips (about 100 tokens evaluated again on every call); speeches the model writes keep
them, and so do every profile's picks where the setting is on. ``local`` asks for no words
(``speech_text`` off), so its speeches are picks too."""

from __future__ import annotations

import pytest

from llm_werewolf.llm.profiles import PROFILES, Profile, get_profile
from llm_werewolf.prompting.personas import personas_for
from llm_werewolf.prompting.render import SeatPrompter
from llm_werewolf.rules import all_rulesets, get_ruleset

from .support import sample_decision, sample_view

TABLES = [(r.id, language) for r in all_rulesets() if r.id != "toy" for language in r.languages]


def _prompts(variant: str, language: str, profile: str | Profile) -> tuple[str, str, str]:
    persona = personas_for(language)[0]
    ruleset = get_ruleset(variant)
    roles = list(ruleset.roles)
    view = sample_view(variant, language, roles, roles[0])
    chosen = get_profile(profile) if isinstance(profile, str) else profile
    prompter = SeatPrompter(language=language, variant=variant, seat=0, profile=chosen, persona=persona)
    kind = sorted(ruleset.decision_kinds)[0]
    pick = prompter.prompt(view, sample_decision(kind, speech=False))
    speech = prompter.prompt(view, sample_decision(kind, speech=True))
    return persona.temperament, pick.system + pick.user, speech.system + speech.user


@pytest.mark.parametrize(("variant", "language"), TABLES)
def test_the_local_profile_leaves_the_persona_out_of_picks_and_keeps_it_in_written_speeches(
    variant: str, language: str
) -> None:
    temperament, pick, speech = _prompts(variant, language, get_profile("local").with_overrides(speech_text=True))
    assert temperament in speech
    assert temperament not in pick
    temperament, pick, acts_only_speech = _prompts(variant, language, "local")
    assert temperament not in pick and temperament not in acts_only_speech


@pytest.mark.parametrize("profile", sorted(name for name, p in PROFILES.items() if p.persona_in_picks))
def test_other_profiles_keep_the_persona_in_every_prompt(profile: str) -> None:
    temperament, pick, speech = _prompts("chinese_werewolf", "zh-Hant", profile)
    assert temperament in pick and temperament in speech


def test_the_setting_is_a_profile_override() -> None:
    assert get_profile("local").with_overrides(persona_in_picks=True).persona_in_picks
    temperament, pick, _ = _prompts("one_night", "ar", "local")
    assert temperament not in pick
