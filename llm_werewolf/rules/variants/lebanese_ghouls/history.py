"""The versions of lebanese_ghouls after the first (docs/rules/lebanese_ghouls.md, "Versions")."""

from __future__ import annotations

from llm_werewolf.rules.versions import RulesVersion

HISTORY: tuple[RulesVersion, ...] = (
    RulesVersion(
        2,
        "the day limit ends the game at the nightfall after day max_days, as in every ruleset",
        unswitched=(
            "the day limit: max_days=N ends the game as a draw at the nightfall after day N "
            "(version 1 played night N+1 and its deaths first)",
        ),
    ),
)
