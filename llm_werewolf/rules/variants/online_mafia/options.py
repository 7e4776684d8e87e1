"""The switches of online_mafia (RULES_NOTES §4), each with its default and a description."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from llm_werewolf.rules import BaseOptions

PRESETS = ("classic", "chaos", "cult", "killers")


class OnlineMafiaOptions(BaseOptions):
    preset: Literal["classic", "chaos", "cult", "killers"] = Field(
        "classic",
        description="The lobby's role list when no custom deck is given: classic (town vs mafia with a "
        "serial killer and light neutrals), chaos (many neutrals and killers), cult (a cult against town and "
        "mafia), killers (every neutral killer).",
    )
    stalemate_policy: Literal["town_then_largest", "largest"] = Field(
        "town_then_largest",
        description="Three quiet nights in a row: the town wins if any town player lives, else the largest "
        "faction (town_then_largest, the seed); or always the largest faction (largest). Ties by win priority.",
    )
    trials_per_day: int = Field(
        1, ge=1, le=3, description="How many trials a day may hold (a trial that executes ends the day's voting)."
    )
