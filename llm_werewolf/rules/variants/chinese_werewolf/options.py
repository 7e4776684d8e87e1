"""The switches of 狼人殺 (RULES_NOTES §5), each with its default and a description."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from llm_werewolf.rules import BaseOptions


class ChineseWerewolfOptions(BaseOptions):
    thief_must_take_wolf: Literal["if_both", "if_any", "never"] = Field(
        "if_both",
        description="When the thief must take a werewolf card: if both extra cards are werewolves "
        "(if_both) or if either is (if_any); never: he may always keep his own card (the seed's letter). "
        "Otherwise he may keep his own card.",
    )
    same_guard_same_save_dies: bool = Field(
        True,
        description="同守同救: a player both guarded and saved by the witch's antidote dies.",
    )
    witch_self_save: Literal["never", "first_night_only", "always"] = Field(
        "never", description="Whether the witch may use the antidote on herself."
    )
    witch_told_victim: Literal["always", "while_antidote"] = Field(
        "always",
        description="The witch is shown the wolves' victim every night (always, the seed's step 8) "
        "or only while she still holds the antidote (while_antidote, common platforms).",
    )
    tie_policy: Literal["none", "pk_revote_then_none"] = Field(
        "none",
        description="Exile tie: nobody is exiled (none, the seed), or the tied players speak again "
        "and the others revote among them; a second tie exiles nobody (pk_revote_then_none).",
    )
    victory_mode: Literal["all_good", "side_wipe", "parity"] = Field(
        "all_good",
        description="Wolves win when every non-wolf is dead (all_good, 屠城: the seed's 狼人殺死所有村民), "
        "already when all plain villagers or all gods are dead (side_wipe, 屠邊, the platforms' rule), "
        "or as soon as the living wolves are at least as many as the other living players (parity: "
        "Werewolf Arena's rule, for imported games).",
    )
    mixed_lovers: Literal["third_side", "card_side"] = Field(
        "third_side",
        description="A wolf and a non-wolf linked by cupid: a side of their own that wins only as the last "
        "two alive (third_side, the seed's C); or each lover also keeps his card's side and wins with it, "
        "dead or alive (card_side: a hunter in love with a wolf wins with the village once every wolf is dead).",
    )
    exile_needs_majority: bool = Field(
        False,
        description="An exile needs more than half of the living players' ballots (Werewolf Arena); "
        "otherwise the plurality exiles.",
    )
    guard_same_twice: bool = Field(
        False,
        description="The guard may protect the same player on consecutive nights (Werewolf Arena's doctor).",
    )
    exile_abstain: bool = Field(
        True,
        description="A player may abstain in the exile vote (skip); false: everyone must point at "
        "someone (the seed's letter).",
    )
    exile_self_vote: bool = Field(
        False,
        description="A player may vote to exile himself (some platforms allow it); false: only other players.",
    )
    hunter_shot_timing: Literal["before_win_check", "after_win_check"] = Field(
        "before_win_check",
        description="A dead hunter shoots before the win check (before_win_check: the seed's 立即進行報復) "
        "or the game ends first when it is already decided (after_win_check, common platforms).",
    )
    wolf_self_destruct: bool = Field(
        False,
        description="自爆: before each of his day speeches (discussion or PK defense) a werewolf may "
        "reveal himself and die at once; the day then ends with no further speech and no exile vote.",
    )
    sheriff: bool = Field(True, description="Elect a sheriff (警長) on day 1 before the night's deaths.")
    last_words: Literal["first_night_and_day", "all", "none"] = Field(
        "first_night_and_day",
        description="Who speaks last words: night-1 victims and every death during the day "
        "(first_night_and_day), every dead player (all), or nobody (none, the seed's letter).",
    )
    little_girl_caught_probability: float = Field(
        0.0,
        ge=0.0,
        le=1.0,
        description="Chance (seeded RNG) that a peeking little girl is caught: she then becomes "
        "the wolves' victim instead of their choice, and the wolves learn who she is.",
    )
    with_cupid: bool = Field(False, description="Standard board: a villager card becomes cupid (丘比特).")
    with_thief: bool = Field(
        False,
        description="Standard board: a villager card becomes the thief (盜賊) and two villager cards "
        "are added as the thief's extra cards.",
    )
    with_little_girl: bool = Field(False, description="Standard board: a villager card becomes the little girl.")
    with_guard: bool | None = Field(
        None,
        description="Standard board: add a guard (守衛) in place of a villager (true), leave it out "
        "(false), or follow the board (null: a guard from 11 players).",
    )
    require_seer: bool = Field(True, description="The seed: a deck must contain a seer.")
    require_villager: bool = Field(True, description="The seed: a deck must contain a plain villager.")
