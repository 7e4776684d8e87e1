"""The seed's win priority ("עדיפות ניצחון"), highest first. Used by the 1v1 tiebreak and ties by numbers."""

from __future__ import annotations

from collections.abc import Mapping

PRIORITY_ORDER: tuple[tuple[str, ...], ...] = (
    ("thief",),
    ("werewolf",),
    ("serial_killer", "butcher", "mask_artist"),
    ("mafia",),
    ("cult",),
    ("town",),
    ("witch",),
    ("jinx",),
    ("judge",),
    ("politician",),
    ("twin_soul",),
    ("executioner",),
    ("amnesiac",),
    ("survivor",),
    ("jester",),
    ("volunteer",),
    ("martyr",),
)
"""Each entry is a rank; the three killers in one rank are "drawn between them" by the seed."""

RANK: Mapping[str, int] = {name: rank for rank, names in enumerate(PRIORITY_ORDER) for name in names}

THIEF = RANK["thief"]
WEREWOLF = RANK["werewolf"]
KILLERS = RANK["serial_killer"]
MAFIA = RANK["mafia"]
CULT = RANK["cult"]
TOWN = RANK["town"]
