"""Role and side ids of Russian city Mafia (seed 002)."""

from __future__ import annotations

from collections.abc import Mapping

from llm_werewolf.rules import RoleInfo
from llm_werewolf.rules.units import roles_with_units

from .units import UNITS

PUTANA = "putana"
MAFIA = "mafia"
DON = "don"
SHERIFF = "sheriff"
DOCTOR = "doctor"
MANIAC = "maniac"
CITIZEN = "citizen"

TOWN_SIDE = "town"
MAFIA_SIDE = "mafia"
MANIAC_SIDE = "maniac"

SIDES: tuple[str, ...] = (TOWN_SIDE, MAFIA_SIDE, MANIAC_SIDE)

MAFIA_ROLES = frozenset({MAFIA, DON})
UNIQUE_ROLES: tuple[str, ...] = (DON, SHERIFF, PUTANA, DOCTOR, MANIAC, *(u.role.id for u in UNITS))
"""Roles with one card at most (every role unit's too)."""
DOCTOR_MIN_PLAYERS = 13

SEED_ROLES: Mapping[str, RoleInfo] = {
    PUTANA: RoleInfo(PUTANA, TOWN_SIDE, power=True, description="blocks one player each night"),
    MAFIA: RoleInfo(MAFIA, MAFIA_SIDE, description="names the night victim with the team"),
    DON: RoleInfo(DON, MAFIA_SIDE, power=True, description="names the team's victim; looks for the Sheriff"),
    SHERIFF: RoleInfo(SHERIFF, TOWN_SIDE, power=True, description="checks one player a night: mafia or not"),
    DOCTOR: RoleInfo(DOCTOR, TOWN_SIDE, power=True, description="heals one player a night (13+ players)"),
    MANIAC: RoleInfo(MANIAC, MANIAC_SIDE, power=True, description="kills alone, may refuse; wins alone"),
    CITIZEN: RoleInfo(CITIZEN, TOWN_SIDE, description="plain townsperson"),
}

ROLES: Mapping[str, RoleInfo] = roles_with_units(SEED_ROLES, UNITS)
"""The seed's cards and those of the role units (``units/``: one module per added role)."""
