"""Which results each role can report in a speech (``result`` acts), and the roles a check calls bad.

Read by the rules (``Ruleset.speech_facts``, ``Ruleset.bad_roles``); a role unit adds its own (``RoleUnit.facts``).
"""

from __future__ import annotations

from llm_werewolf.rules.act_vocabulary import ROLE, Fact

FACTS: tuple[Fact, ...] = (
    Fact(
        "saw_role",
        ("seer", "mystic_wolf", "paranormal_investigator", "doppelganger"),
        ROLE,
        info="role",
        decisions=("seer_look", "mystic_look", "pi_look", "doppel_copy"),
    ),
    Fact("saw_center", ("seer", "werewolf"), ROLE, target="center", info="center_role"),
    Fact("robbed", ("robber",), ROLE, decisions=("robber_swap",)),
    Fact("swapped", ("troublemaker",), other=True, decisions=("troublemaker_swap",)),
    Fact("took_center", ("drunk",), target="center", decisions=("drunk_swap",)),
    Fact("woke_as", ("insomniac",), ROLE, target="none"),
    Fact("saw_wolf", ("minion", "little_girl"), info="wolves"),
    Fact("saw_mason", ("mason",), info="team"),
)

BAD_ROLES: frozenset[str] = frozenset({"werewolf", "mystic_wolf"})
