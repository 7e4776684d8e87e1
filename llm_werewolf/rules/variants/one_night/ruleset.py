"""The One Night ruleset: metadata, setup checks, and the start of the game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import ClassVar

from llm_werewolf.rules import BaseOptions, GameState, RoleInfo, Ruleset, Seat, Step, register
from llm_werewolf.rules.act_vocabulary import Fact
from llm_werewolf.rules.eval_profile import EvalProfile, PollSpec
from llm_werewolf.rules.heard import HeardKeys
from llm_werewolf.rules.units import RoleUnit

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


EVAL_PROFILE = EvalProfile(
    variant="one_night",
    exile_ballots=("vote",),
    village_sides=frozenset({"village"}),
    wolf_sides=frozenset({"wolves"}),
    exile_causes=frozenset({"vote"}),
    identity_announcements={
        "doppelganger": ("doppelganger_became", "doppelganger_copied"),
        "paranormal_investigator": ("investigator_became",),
    },
    claims_compare_start_role=True,
    day_roles_final=True,
    poll=PollSpec("vote", None),
)
"""How the evaluation reads this ruleset's transcripts (:mod:`llm_werewolf.rules.eval_profile`)."""


HEARD = HeardKeys(
    saw_wolf="little_girl_report",
    results={
        "robbed": "robber_report",
        "swapped": "troublemaker_report",
        "woke_as": "insomniac_report",
        "saw_mason": "mason_report",
        "saw_center": "seer_center_report",
    },
    untargeted=frozenset({"woke_as", "saw_center"}),
    paired=frozenset({"swapped"}),
    role_seen="seer_report",
    role_seen_by={"paranormal_investigator": "pi_report", "doppelganger": "doppel_report"},
)
"""How the heuristic players hear this ruleset's speeches (:mod:`llm_werewolf.rules.heard`)."""


class OneNightRuleset(Ruleset[NightData, OneNightOptions]):
    id: ClassVar[str] = "one_night"
    source_language: ClassVar[str] = "ar"
    languages: ClassVar[tuple[str, ...]] = ("ar", "en")
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 12
    roles: ClassVar[Mapping[str, RoleInfo]] = ROLES
    sides: ClassVar[tuple[str, ...]] = SIDES
    options_model: ClassVar[type[BaseOptions]] = OneNightOptions
    posthumous_kinds: ClassVar[frozenset[str]] = frozenset()
    outcome_reasons: ClassVar[type[StrEnum]] = Reason
    announcement_keys: ClassVar[Mapping[str, str]] = ANNOUNCEMENT_KEYS
    statuses: ClassVar[Mapping[str, str]] = STATUSES
    decision_kinds: ClassVar[Mapping[str, str]] = DECISION_KINDS
    death_causes: ClassVar[Mapping[str, str]] = DEATH_CAUSES
    units: ClassVar[tuple[RoleUnit, ...]] = UNITS
    eval_profile: ClassVar[EvalProfile | None] = EVAL_PROFILE
    heard: ClassVar[HeardKeys] = HEARD
    ballots: ClassVar[Mapping[str, tuple[str, ...]]] = BALLOTS
    speech_facts: ClassVar[tuple[Fact, ...]] = FACTS
    bad_roles: ClassVar[frozenset[str]] = BAD_ROLES
    center_cards: ClassVar[bool] = True
    single_night: ClassVar[bool] = True
    cards_move: ClassVar[bool] = True

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
