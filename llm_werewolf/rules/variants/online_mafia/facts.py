"""Which results each role can report in a speech (``result`` acts), and the roles a check calls bad.

Read by the rules (``Ruleset.speech_facts``, ``Ruleset.bad_roles``); a role unit adds its own (``RoleUnit.facts``).
"""

from __future__ import annotations

from llm_werewolf.rules.act_vocabulary import BINARY, ROLE, Fact

FACTS: tuple[Fact, ...] = (
    Fact("check", ("detective",), BINARY, info="detective", decisions=("detective_check",)),
    Fact(
        "saw_role",
        ("butler", "consigliere", "undertaker"),
        ROLE,
        info="role",
        decisions=("butler_check", "consigliere_check", "undertaker_exhume"),
    ),
    Fact(
        "investigated",
        ("investigator",),
        ("killers", "dead", "guards", "blockers", "watchers", "secrets", "faces", "crowd", "leaders", "fools"),
        info="investigation",
        decisions=("investigator_check",),
    ),
    Fact("visited", ("lookout",), other=True, info="visitors", decisions=("lookout_watch",)),
    Fact("mafia_visited", ("spy",), info="mafia_visits"),
    Fact("guild", ("guild_member", "infiltrator"), info="guild"),
    Fact("protected", ("doctor", "bodyguard"), self_ok=True, decisions=("doctor_heal", "bodyguard_guard")),
    Fact("blocked", ("escort", "femme_fatale"), decisions=("escort_block", "femme_fatale_block")),
)

BAD_ROLES: frozenset[str] = frozenset(
    {
        "godfather",
        "mafioso",
        "framer",
        "blackmailer",
        "disguiser",
        "accomplice",
        "consigliere",
        "janitor",
        "femme_fatale",
        "serial_killer",
        "werewolf",
        "butcher",
        "mask_artist",
        "thief",
        "cult_leader",
        "cult_member",
        "mimic",
        "necromancer",
    }
)
