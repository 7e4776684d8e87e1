"""The versions of online_mafia after the first (docs/rules/online_mafia.md, "Versions")."""

from __future__ import annotations

from llm_werewolf.rules.versions import RulesVersion

HISTORY: tuple[RulesVersion, ...] = (
    RulesVersion(
        2,
        "a blocked Mafioso is told when the Godfather carries out the kill; the day limit ends the game "
        "at the nightfall after day max_days, as in every ruleset",
        unswitched=(
            "a Mafioso blocked while the Godfather carries out the kill is told he was blocked "
            "(version 1 told him nothing)",
            "the day limit: max_days=N ends the game as a draw at the nightfall after day N "
            "(version 1 played night N+1 and its deaths first)",
        ),
    ),
)
