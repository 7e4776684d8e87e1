"""The ruleset's switches and its own part of the game state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from llm_werewolf.rules import BaseOptions


class OneNightOptions(BaseOptions):
    """Switches of One Night (see docs/rules/one_night.md)."""

    discussion_rounds: int = Field(
        2, ge=0, le=10, description="Rounds of speeches, every player once per round in seat order."
    )
    whispers: bool = Field(
        False,
        description="A speaker may whisper to one player instead of speaking aloud; "
        "the table sees that a whisper happened, not what was said.",
    )
    minion_only_death_wolfless: Literal["nobody_wins", "village_wins"] = Field(
        "nobody_wins",
        description="No player holds a werewolf and the Minion is the only one who dies: "
        "nobody wins, or the village wins.",
    )


@dataclass(frozen=True, slots=True)
class NightData:
    """What One Night keeps besides the seats and the center (``GameState.extra``).

    Attributes:
        deck: every card of the game, sorted (it decides which roles are called).
        doppel_copy: the role the Doppelganger copied (decides her night actions).
        doppel_as: what the Doppelganger card counts as (the role she copied).
        converted: ``(seat, role)`` for every player who looked as an Investigator (or a
            Doppel-Investigator) and found a werewolf or the Tanner: that *player* plays as
            that role to the end, whatever card he holds (seed §6).
        votes: each seat's vote target (``None`` before the vote).
    """

    deck: tuple[str, ...]
    doppel_copy: str | None = None
    doppel_as: str | None = None
    converted: tuple[tuple[int, str], ...] = ()
    votes: tuple[int | None, ...] = ()

    def in_deck(self, role: str) -> bool:
        return role in self.deck

    def conversion_of(self, seat: int) -> str | None:
        """What ``seat`` became as an Investigator, if he converted."""
        for converted, role in self.converted:
            if converted == seat:
                return role
        return None
