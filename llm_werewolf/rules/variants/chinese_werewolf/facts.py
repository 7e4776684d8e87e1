"""Which results each role can report in a speech (``result`` acts), and the roles a check calls bad.

Read by the rules (``Ruleset.speech_facts``, ``Ruleset.bad_roles``); a role unit adds its own (``RoleUnit.facts``).
"""

from __future__ import annotations

from llm_werewolf.rules.act_vocabulary import BINARY, Fact

FACTS: tuple[Fact, ...] = (
    Fact("check", ("seer",), BINARY, info="role", decisions=("seer_check",)),
    Fact("saved", ("witch",), decisions=("witch_antidote",)),
    Fact("poisoned", ("witch",), decisions=("witch_poison",)),
    Fact("protected", ("guard",), self_ok=True, decisions=("guard",)),
    Fact("linked", ("cupid",), other=True, self_ok=True, decisions=("cupid",)),
    Fact("saw_wolf", ("little_girl",), info="role"),
)

BAD_ROLES: frozenset[str] = frozenset({"werewolf"})
