"""The versions of chinese_werewolf after the first (docs/rules/chinese_werewolf.md, "Versions")."""

from __future__ import annotations

from llm_werewolf.rules.versions import DefaultChange, RulesVersion

HISTORY: tuple[RulesVersion, ...] = (
    RulesVersion(
        2,
        "the wolves win only when every non-wolf is dead (the seed's B) and the witch is shown the "
        "wolves' victim every night (the seed's step 8)",
        defaults=(
            DefaultChange("victory_mode", before="side_wipe", after="all_good"),
            DefaultChange("witch_told_victim", before="while_antidote", after="always"),
        ),
    ),
)
