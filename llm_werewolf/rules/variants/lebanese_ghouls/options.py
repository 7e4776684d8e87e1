"""The switches of lebanese_ghouls, each with its default (docs/rules/lebanese_ghouls.md)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from llm_werewolf.rules import BaseOptions

TiePolicy = Literal["revote_tied_then_none", "none", "all_tied_die"]
ShotCause = Literal["execution", "ghouls", "poison", "grief", "shot"]


class GhoulsOptions(BaseOptions):
    tie_policy: TiePolicy = Field(
        "revote_tied_then_none",
        description="A tie at the top of the day vote: revote among the tied players once and "
        "execute nobody on a second tie (default); execute nobody; or execute every tied player.",
    )
    jara_caught_probability: float = Field(
        0.0,
        ge=0.0,
        le=1.0,
        description="Chance that a peeking Jara is caught by the ghouls (the game's seeded RNG decides); "
        "a caught Jara becomes the ghouls' prey instead of the player they chose.",
    )
    hunter_shoots_on: tuple[ShotCause, ...] = Field(
        ("execution", "ghouls"),
        description="Death causes after which the Sayyad shoots (the seed: executed by the vote or "
        "eaten by the ghouls).",
    )
    call_inactive_roles: bool = Field(
        True,
        description="The narrator still calls (wake/sleep) a role of the deck whose holder is dead or "
        "spent, so the calls tell the table nothing.",
    )
