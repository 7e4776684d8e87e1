"""Role, side and death-cause ids of "Min El Ghoul?" (the names players see live in prompts/)."""

from __future__ import annotations

from collections.abc import Mapping

from llm_werewolf.rules import RoleInfo
from llm_werewolf.rules.units import roles_with_units

from .units import UNITS

UMM_LHAF = "umm_lhaf"
BASSARA = "bassara"
GHOUL = "ghoul"
SAHRA = "sahra"
JARA = "jara"
SAYYAD = "sayyad"
FARMER = "farmer"

FARMERS = "farmers"
GHOULS = "ghouls"
LOVERS = "lovers"

SIDES: tuple[str, ...] = (FARMERS, GHOULS, LOVERS)

SEED_ROLES: Mapping[str, RoleInfo] = {
    UMM_LHAF: RoleInfo(UMM_LHAF, FARMERS, power=True, description="links two lovers on night 1"),
    BASSARA: RoleInfo(BASSARA, FARMERS, power=True, description="sees one card every night"),
    GHOUL: RoleInfo(GHOUL, GHOULS, description="the ghouls agree on one prey every night"),
    SAHRA: RoleInfo(SAHRA, FARMERS, power=True, description="one elixir and one poison per game"),
    JARA: RoleInfo(JARA, FARMERS, power=True, description="may peek at the ghouls during their turn"),
    SAYYAD: RoleInfo(SAYYAD, FARMERS, power=True, description="shoots a player when he dies"),
    FARMER: RoleInfo(FARMER, FARMERS, description="a plain villager"),
}

ROLES: Mapping[str, RoleInfo] = roles_with_units(SEED_ROLES, UNITS)
"""The seed's cards and those of the role units (``units/``: one module per added role)."""

SINGLE_ROLES: tuple[str, ...] = (UMM_LHAF, BASSARA, SAHRA, JARA, SAYYAD, *(u.role.id for u in UNITS if u.single))
"""Roles a deck may hold at most once."""

# Death causes (the truth, in god-only ``Died`` records).
GHOULS_KILL = "ghouls"
JARA_CAUGHT = "jara_caught"
POISON = "poison"
GRIEF = "grief"
EXECUTION = "execution"
SHOT = "shot"

SEED_DEATH_CAUSES: Mapping[str, str] = {
    GHOULS_KILL: "eaten by the ghouls at night",
    JARA_CAUGHT: "the Jara was caught peeking and eaten instead of the ghouls' prey "
    "(announced to the table as 'ghouls')",
    POISON: "poisoned by the Sahra at night",
    GRIEF: "a lover who died at once of grief for the other",
    EXECUTION: "executed by the day vote",
    SHOT: "shot by the Sayyad",
}
