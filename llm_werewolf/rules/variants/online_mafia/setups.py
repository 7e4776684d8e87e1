"""Role lists: named lobby presets (truncated to the table size) and validation of custom lists."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from llm_werewolf.rules import SetupError

from .model import Faction
from .registry import ROLES

PRESET_LISTS: Mapping[str, tuple[str, ...]] = {
    "classic": (
        "mafioso", "detective", "citizen", "doctor", "godfather", "investigator", "jester", "escort",
        "serial_killer", "framer", "lookout", "citizen", "outlaw", "executioner", "bodyguard", "consigliere",
        "veteran", "survivor", "spy", "janitor",
    ),
    "chaos": (
        "godfather", "detective", "serial_killer", "doctor", "citizen", "witch", "mafioso", "jester", "werewolf",
        "butler", "blackmailer", "amnesiac", "volunteer", "outlaw", "judge", "politician", "accomplice", "butcher",
        "investigator", "mask_artist",
    ),
    "cult": (
        "cult_leader", "detective", "citizen", "doctor", "mafioso", "mimic", "citizen", "investigator",
        "godfather", "lookout", "cult_member", "escort", "survivor", "bodyguard", "undertaker", "infiltrator",
        "guild_member", "martyr", "guild_member", "femme_fatale",
    ),
    "killers": (
        "serial_killer", "detective", "citizen", "werewolf", "doctor", "thief", "mafioso", "butcher", "citizen",
        "mask_artist", "bodyguard", "godfather", "lookout", "veteran", "citizen", "investigator", "necromancer",
        "escort", "jinx", "twin_soul",
    ),
}  # fmt: skip
"""Each preset lists 20 roles in the order a lobby fills them: a table of n players takes the first n."""

MAFIA_KILLERS = frozenset({"godfather", "mafioso"})
OPPOSITION = frozenset({Faction.MAFIA, Faction.CULT, Faction.NEUTRAL_KILLER})


def preset_deck(players: int, preset: str) -> tuple[str, ...]:
    roles = PRESET_LISTS[preset]
    if not 1 <= players <= len(roles):
        raise SetupError(f"online_mafia preset {preset!r} has lists for up to {len(roles)} players, not {players}")
    return roles[:players]


def validate(deck: Sequence[str]) -> None:
    """Raise :class:`SetupError` for role lists the rules cannot play (roles are known ids already)."""
    counts = Counter(deck)
    for role, count in sorted(counts.items()):
        if ROLES[role].unique and count > 1:
            raise SetupError(f"online_mafia: at most one {role} per table (the list has {count})")
    factions = Counter(ROLES[role].faction for role in deck)
    if factions[Faction.MAFIA] and not MAFIA_KILLERS & counts.keys():
        raise SetupError("online_mafia: a mafia needs a godfather or a mafioso to carry out its kill")
    if factions[Faction.CULT] and "cult_leader" not in counts:
        raise SetupError("online_mafia: cult roles (mimic, cult_member) need a cult_leader")
    if "cult_leader" in counts and not any(
        ROLES[r].faction in (Faction.TOWN, Faction.EVIL_NEUTRAL, Faction.BENIGN_NEUTRAL) for r in deck
    ):
        raise SetupError("online_mafia: a cult_leader needs someone to convert (a town or neutral non-killer role)")
    if "executioner" in counts and not factions[Faction.TOWN]:
        raise SetupError("online_mafia: an executioner needs a town player as his target")
    if not any(factions[f] for f in OPPOSITION):
        raise SetupError("online_mafia: the list needs an opposing faction (mafia, cult or a neutral killer)")
