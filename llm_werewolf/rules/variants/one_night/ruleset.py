"""The One Night ruleset: metadata, setup checks, and the start of the game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import ClassVar

from llm_werewolf.rules import BaseOptions, GameState, RoleInfo, Ruleset, Seat, Step, register
from llm_werewolf.rules.act_vocabulary import Fact
from llm_werewolf.rules.units import facts_with_units, kinds_with_units, with_units

from . import setups
from .data import NightData, OneNightOptions
from .day import Dawn
from .facts import BAD_ROLES, FACTS
from .night import Night
from .roles import ROLES, SIDES, seat_identity, side_of_identity
from .units import UNITS


class Reason(StrEnum):
    """Why a game of one_night ends (``Outcome.reason``)."""

    WEREWOLF_DIED = "werewolf_died"
    NO_WEREWOLF_NO_DEATH = "no_werewolf_no_death"
    WEREWOLVES_SURVIVED = "werewolves_survived"
    TANNER_DIED = "tanner_died"
    MINION_ALONE_DEATH = "minion_alone_death"
    ONLY_MINION_DIED = "only_minion_died"
    NO_WINNER = "no_winner"


DECISION_KINDS: Mapping[str, str] = {
    "doppel_copy": "the Doppelganger picks another player whose card she copies",
    "wolf_center": "a lone wolf may view one center card (center:k or skip)",
    "little_girl_peek": "the Little Girl may peek at the wolves (peek or skip)",
    "mystic_look": "the Mystic Wolf may view another player's card (seat or skip)",
    "seer_look": "the Seer views a player's card, or a center card and then a second one",
    "pi_look": "the Paranormal Investigator views a player's card (up to twice, or skip)",
    "robber_swap": "the Robber swaps with another player and sees his new card (or skip)",
    "troublemaker_swap": "the Troublemaker names the first player (or skip), then the second",
    "drunk_swap": "the Drunk swaps with a center card without looking",
    "speech": "one turn of discussion (speak, or seat:j to whisper when whispers are on)",
    "vote": "everyone points at another player at the same time",
}

DEATH_CAUSES: Mapping[str, str] = {
    "vote": "voted out: the top count, at least two votes (all tied at the top die)",
    "hunter": "the vote target of a Hunter who died",
}

ANNOUNCEMENT_KEYS: Mapping[str, str] = {
    "doppelganger_copied": "at the end: the role the Doppelganger copied (value)",
    "investigator_became": "at the end: a player who converted as an Investigator (seats) and what he became (value)",
}

STATUSES: Mapping[str, str] = {}

BALLOTS: Mapping[str, tuple[str, ...]] = {
    "vote": ("killed", "nobody"),
}


class OneNightRuleset(Ruleset[NightData, OneNightOptions]):
    id: ClassVar[str] = "one_night"
    source_language: ClassVar[str] = "ar"
    languages: ClassVar[tuple[str, ...]] = ("ar", "en")
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 12
    roles: ClassVar[Mapping[str, RoleInfo]] = ROLES
    sides: ClassVar[tuple[str, ...]] = SIDES
    options_model: ClassVar[type[BaseOptions]] = OneNightOptions
    posthumous_kinds: ClassVar[frozenset[str]] = kinds_with_units(frozenset(), UNITS)
    outcome_reasons: ClassVar[type[StrEnum]] = Reason
    announcement_keys: ClassVar[Mapping[str, str]] = with_units(
        ANNOUNCEMENT_KEYS, UNITS, lambda u: u.announcement_keys, "announcement key"
    )
    statuses: ClassVar[Mapping[str, str]] = with_units(STATUSES, UNITS, lambda u: u.statuses, "status")
    decision_kinds: ClassVar[Mapping[str, str]] = with_units(
        DECISION_KINDS, UNITS, lambda u: u.decision_kinds, "decision kind"
    )
    death_causes: ClassVar[Mapping[str, str]] = with_units(DEATH_CAUSES, UNITS, lambda u: u.death_causes, "death cause")
    ballots: ClassVar[Mapping[str, tuple[str, ...]]] = BALLOTS
    speech_facts: ClassVar[tuple[Fact, ...]] = facts_with_units(FACTS, UNITS)
    bad_roles: ClassVar[frozenset[str]] = BAD_ROLES
    center_cards: ClassVar[bool] = True

    def standard_deck(self, players: int, options: OneNightOptions) -> tuple[str, ...]:
        return setups.standard_deck(players)

    def extra_cards(self, deck: Sequence[str], options: OneNightOptions) -> int:
        return setups.CENTER_CARDS

    def check_deck(self, deck: Sequence[str], players: int, options: OneNightOptions) -> None:
        super().check_deck(deck, players, options)
        setups.check_limits(deck)

    def initial_data(self, seats: tuple[Seat, ...], extra: tuple[str, ...], options: OneNightOptions) -> NightData:
        return NightData(deck=tuple(sorted([*(s.role for s in seats), *extra])))

    def first_steps(self, state: GameState[NightData, OneNightOptions]) -> tuple[Step, ...]:
        return (Night(), Dawn())

    def side_of(self, state: GameState[NightData, OneNightOptions], seat: int) -> str:
        """The side of what the seat's card counts as now (Doppelganger copy, converted Investigator)."""
        return side_of_identity(seat_identity(state.seats, state.data, seat))


ONE_NIGHT = register(OneNightRuleset())
