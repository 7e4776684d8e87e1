"""The versions of city_mafia after the first (docs/rules/city_mafia.md, "Versions")."""

from __future__ import annotations

from llm_werewolf.rules.versions import RulesVersion

HISTORY: tuple[RulesVersion, ...] = (
    RulesVersion(
        2,
        "the day limit ends the game at the nightfall after day max_days, as in every ruleset; "
        "the morning names the night's dead without causes",
        unswitched=(
            "the day limit: max_days=N ends the game as a draw at the nightfall after day N "
            "(version 1 played night N+1 and its deaths first)",
            "the morning names the night's dead in the seed's order without causes (version 1 named "
            "mafia / maniac / putana_client with two or three dead, which told the table who was the Putana)",
        ),
    ),
)
