"""Each ruleset declares how the evaluation reads its transcripts (``Ruleset.eval_profile``)."""

from __future__ import annotations

import pytest

from llm_werewolf.rules import get_ruleset
from llm_werewolf.rules.variant import BUILTIN_MODULES


@pytest.mark.parametrize("variant", sorted(BUILTIN_MODULES))
def test_every_builtin_ruleset_declares_its_eval_profile(variant: str) -> None:
    ruleset = get_ruleset(variant)
    profile = ruleset.eval_profile
    assert profile is not None
    assert profile.variant == variant
    assert profile.village_sides <= set(ruleset.sides) and profile.wolf_sides <= set(ruleset.sides)
    assert profile.exile_causes <= set(ruleset.death_causes), profile.exile_causes - set(ruleset.death_causes)
