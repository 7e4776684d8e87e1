"""Which results each role can report in a speech (``result`` acts), and the roles a check calls bad.

Read by the rules (``Ruleset.speech_facts``, ``Ruleset.bad_roles``); a role unit adds its own (``RoleUnit.facts``).
"""

from __future__ import annotations

from llm_werewolf.rules.act_vocabulary import BINARY, Fact

FACTS: tuple[Fact, ...] = (
    Fact("check", ("sheriff",), BINARY, info="mafia", decisions=("sheriff_check",)),
    Fact("sheriff_check", ("don",), ("yes", "no"), info="sheriff", decisions=("don_check",)),
    Fact("protected", ("doctor",), self_ok=True, decisions=("doctor_heal",)),
    Fact("blocked", ("putana",), decisions=("putana_block",)),
)

BAD_ROLES: frozenset[str] = frozenset({"mafia", "don"})
