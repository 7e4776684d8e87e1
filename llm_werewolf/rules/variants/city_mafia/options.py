"""The switches of city Mafia, each with its default (docs/rules/city_mafia.md)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from llm_werewolf.rules import BaseOptions

LeaderlessPolicy = Literal["mafia_loses", "no_kill"]
TiePolicy = Literal["vote_all_or_none", "none", "all"]


class CityMafiaOptions(BaseOptions):
    first_night_kills: bool = Field(
        True,
        description="Night 1 has kills; when false it is a meeting night (no mafia or maniac kill, "
        "the Doctor is not asked).",
    )
    leaderless_disagreement: LeaderlessPolicy = Field(
        "mafia_loses",
        description="Mafia without a living Don naming different victims: mafia_loses (the seed: the "
        "whole team leaves the table in the morning) or no_kill.",
    )
    tie_policy: TiePolicy = Field(
        "vote_all_or_none",
        description="After a second tie: vote_all_or_none (the table votes to remove all tied "
        "players; more than half of the living must agree), none (nobody leaves), all (all tied leave).",
    )
    night_last_words: bool = Field(
        True,
        description="Players who leave at night (shot, or with the Putana) say last words in the morning.",
    )
