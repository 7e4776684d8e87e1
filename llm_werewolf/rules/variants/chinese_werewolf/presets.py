"""Named switch sets of 狼人殺 (``--preset NAME``; docs/rules/chinese_werewolf.md, "Presets")."""

from __future__ import annotations

from collections.abc import Mapping

from llm_werewolf.rules import Preset

TENCENT = Preset(
    name="tencent",
    description="The online platform of the recorded human games (9 players, no sheriff): side-wipe win, "
    "witch saves herself on night 1 only and sees the victim only while she holds the antidote, "
    "PK revote on a tie, self-votes and abstentions allowed, wolves may self-destruct, "
    "the game ends before a dead hunter's shot when it is already decided.",
    options={
        "victory_mode": "side_wipe",
        "witch_self_save": "first_night_only",
        "witch_told_victim": "while_antidote",
        "tie_policy": "pk_revote_then_none",
        "exile_self_vote": True,
        "exile_abstain": True,
        "wolf_self_destruct": True,
        "hunter_shot_timing": "after_win_check",
        "sheriff": False,
        "last_words": "first_night_and_day",
    },
    source="github.com/boluoweifenda/werewolf, processor/env9_en.py (MIT); shared/datasets/README.md",
)

SEED = Preset(
    name="seed",
    description="The seed's letter wherever our default is a house rule: the thief is never forced, "
    "everyone must vote, the dead say no last words.",
    options={
        "thief_must_take_wolf": "never",
        "exile_abstain": False,
        "last_words": "none",
    },
    source="shared/seeds/004_6ea8d78e2b606bb1.txt",
)

PRESETS: Mapping[str, Preset] = {preset.name: preset for preset in (TENCENT, SEED)}
