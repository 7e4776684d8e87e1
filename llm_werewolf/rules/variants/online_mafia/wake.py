"""The seed's night wake order ("סדר התעוררות בלילה"), step by step.

A step is called by its role id, or by a group id where the seed wakes several
roles together (``mafia``, ``guild``, ``cult``). Jinx and Butler wake on night 1 only.
"""

from __future__ import annotations

from collections.abc import Mapping

WAKE_ORDER: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("necromancer", ("necromancer",)),
    ("witch", ("witch",)),
    ("jinx", ("jinx",)),
    ("escort", ("escort",)),
    (
        "mafia",
        (
            "femme_fatale",
            "framer",
            "blackmailer",
            "disguiser",
            "accomplice",
            "consigliere",
            "janitor",
            "godfather",
            "mafioso",
        ),
    ),
    ("butler", ("butler",)),
    ("spy", ("spy",)),
    ("guild", ("guild_member", "infiltrator")),
    ("detective", ("detective",)),
    ("doctor", ("doctor",)),
    ("bodyguard", ("bodyguard",)),
    ("twin_soul", ("twin_soul",)),
    ("outlaw", ("outlaw",)),
    ("martyr", ("martyr",)),
    ("serial_killer", ("serial_killer",)),
    ("werewolf", ("werewolf",)),
    ("butcher", ("butcher",)),
    ("cult", ("mimic", "cult_leader", "cult_member")),
    ("veteran", ("veteran",)),
    ("survivor", ("survivor",)),
    ("mask_artist", ("mask_artist",)),
    ("undertaker", ("undertaker",)),
    ("thief", ("thief",)),
    ("judge", ("judge",)),
    ("amnesiac", ("amnesiac",)),
    ("lookout", ("lookout",)),
    ("investigator", ("investigator",)),
)

FIRST_NIGHT_ONLY = frozenset({"jinx", "butler"})
"""Steps the seed marks "night 1 only"."""

STEP_INDEX: Mapping[str, int] = {step: index for index, (step, _) in enumerate(WAKE_ORDER)}
STEP_OF_ROLE: Mapping[str, str] = {role: step for step, roles in WAKE_ORDER for role in roles}
