"""Role and side ids of Russian city Mafia (seed 002)."""

from __future__ import annotations

from collections.abc import Mapping

from llm_werewolf.rules import RoleInfo

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
UNIQUE_ROLES: tuple[str, ...] = (DON, SHERIFF, PUTANA, DOCTOR, MANIAC)
DOCTOR_MIN_PLAYERS = 13

ROLES: Mapping[str, RoleInfo] = {
    PUTANA: RoleInfo(PUTANA, TOWN_SIDE, power=True, description="blocks one player each night"),
    MAFIA: RoleInfo(MAFIA, MAFIA_SIDE, description="names the night victim with the team"),
    DON: RoleInfo(DON, MAFIA_SIDE, power=True, description="names the team's victim; looks for the Sheriff"),
    SHERIFF: RoleInfo(SHERIFF, TOWN_SIDE, power=True, description="checks one player a night: mafia or not"),
    DOCTOR: RoleInfo(DOCTOR, TOWN_SIDE, power=True, description="heals one player a night (13+ players)"),
    MANIAC: RoleInfo(MANIAC, MANIAC_SIDE, power=True, description="kills alone, may refuse; wins alone"),
    CITIZEN: RoleInfo(CITIZEN, TOWN_SIDE, description="plain townsperson"),
}
