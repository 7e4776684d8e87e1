"""Which results each role can report in a speech (``result`` acts), and the roles a check calls bad.

Read by the rules (``Ruleset.speech_facts``, ``Ruleset.bad_roles``); a role unit adds its own (``RoleUnit.facts``).
"""

from __future__ import annotations

from llm_werewolf.rules.act_vocabulary import BINARY, Fact

FACTS: tuple[Fact, ...] = (
    Fact("check", ("bassara",), BINARY, info="role", decisions=("bassara_look",)),
    Fact("saved", ("sahra",), decisions=("sahra_elixir",)),
    Fact("poisoned", ("sahra",), decisions=("sahra_poison",)),
    Fact("linked", ("umm_lhaf",), other=True, self_ok=True, decisions=("umm_lhaf_first", "umm_lhaf_second")),
    Fact("saw_wolf", ("jara",), info="ghouls_seen"),
)

BAD_ROLES: frozenset[str] = frozenset({"ghoul"})
