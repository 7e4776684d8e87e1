"""Russian city Mafia (seed 002): Putana, Mafia, Don, Sheriff, Doctor, Maniac, citizens."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from llm_werewolf.rules import BaseOptions, GameState, RoleInfo, Ruleset, Seat, Step, register
from llm_werewolf.rules.act_vocabulary import Fact
from llm_werewolf.rules.day_limit import end_at_day_limit
from llm_werewolf.rules.eval_profile import EvalProfile
from llm_werewolf.rules.heard import HeardKeys
from llm_werewolf.rules.units import RoleUnit
from llm_werewolf.rules.variant import SeatBallot
from llm_werewolf.rules.versions import RulesVersion
from llm_werewolf.rules.views import SeatView

from . import setup
from .ballot_reading import seat_ballot
from .common import CityCtx
from .data import CityData
from .facts import BAD_ROLES, FACTS
from .history import HISTORY
from .morning import Morning
from .night import NIGHT_STEPS
from .options import CityMafiaOptions
from .roles import ROLES, SIDES
from .units import UNITS


@dataclass(frozen=True, slots=True)
class Round(Step):
    """One night and the day after it, then the next round."""

    def run(self, ctx: CityCtx) -> None:
        if end_at_day_limit(ctx):
            return
        ctx.push(*NIGHT_STEPS, Morning(), Round())


class Reason(StrEnum):
    """Why a game of city_mafia ends (``Outcome.reason``)."""

    MAFIA_AND_MANIAC_GONE = "mafia_and_maniac_gone"
    MAFIA_PARITY = "mafia_parity"
    MANIAC_LAST = "maniac_last"
    MANIAC_ONE_ON_ONE = "maniac_one_on_one"
    TABLE_EMPTY = "table_empty"
    DAY_LIMIT = "day_limit"


DECISION_KINDS: Mapping[str, str] = {
    "putana_block": "the Putana picks the player she visits (blocked tonight)",
    "mafia_suggest": "a mafia member other than the Don suggests a victim (the team sees it)",
    "mafia_kill": "the Don names the victim; without a Don every member names one and all must agree",
    "don_check": "the Don asks: is this player the Sheriff?",
    "sheriff_check": "the Sheriff asks: is this player mafia?",
    "doctor_heal": "the Doctor heals a player (not the same twice running; himself once)",
    "maniac_kill": "the Maniac kills a player or refuses (skip)",
    "speech": "a day speech; the option nominates a player (seat:N) or none",
    "defense": "a tied player speaks again before the revote",
    "vote": "raise a hand (yes) against the nominee being voted on, or keep the ballot (no)",
    "remove_all": "after a second tie: remove all the tied players (yes) or none (no)",
    "last_words": "a departing player's last words (he is already out)",
}

DEATH_CAUSES: Mapping[str, str] = {
    "mafia": "shot by the mafia at night",
    "maniac": "killed by the Maniac at night",
    "putana_client": "left with the Putana, who was shot while visiting him",
    "vote": "voted out by the table",
    "disqualified": "the Don-less mafia could not agree and the team was asked to leave",
}

POSTHUMOUS_KINDS = frozenset({"last_words"})

ANNOUNCEMENT_KEYS: Mapping[str, str] = {
    "opener": "who opens today's speeches (seats)",
    "nomination": "a player nominates another (seats: nominator, nominee)",
    "no_nominations": "nobody was nominated",
    "single_nominee_not_voted": "day 1: a single nominee is not voted on (seats)",
    "vote_on": "the vote on a nominee (seats; value: elimination, revote)",
    "leftover_votes": "unvoted ballots go to the last nominee (seats: voters; value: the nominee's option)",
    "tie_resolved": "the table's vote on the tied players (seats; value: all_removed, none_removed)",
    "mafia_disqualified": "a leaderless mafia that could not agree leaves the game (seats)",
}

STATUSES: Mapping[str, str] = {}

BALLOTS: Mapping[str, tuple[str, ...]] = {
    "elimination": ("eliminated", "tie"),
    "revote": ("eliminated", "tie"),
    "remove_all": ("all_removed", "none_removed"),
}


EVAL_PROFILE = EvalProfile(
    variant="city_mafia",
    exile_ballots=("elimination", "revote"),
    village_sides=frozenset({"town"}),
    wolf_sides=frozenset({"mafia"}),
    exile_causes=frozenset({"vote"}),
    # no poll: the city votes yes/no per nominee, so the probes have no "whom" question to reuse
)
"""How the evaluation reads this ruleset's transcripts (:mod:`llm_werewolf.rules.eval_profile`)."""


HEARD = HeardKeys(check=("reveal_mafia", "reveal_clear"))
"""How the heuristic players hear this ruleset's speeches (:mod:`llm_werewolf.rules.heard`)."""


class CityMafiaRuleset(Ruleset[CityData, CityMafiaOptions]):
    id: ClassVar[str] = "city_mafia"
    source_language: ClassVar[str] = "ru"
    languages: ClassVar[tuple[str, ...]] = ("ru", "en")
    min_players: ClassVar[int] = setup.MIN_PLAYERS
    max_players: ClassVar[int] = setup.MAX_PLAYERS
    roles: ClassVar[Mapping[str, RoleInfo]] = ROLES
    sides: ClassVar[tuple[str, ...]] = SIDES
    options_model: ClassVar[type[BaseOptions]] = CityMafiaOptions
    decision_kinds: ClassVar[Mapping[str, str]] = DECISION_KINDS
    death_causes: ClassVar[Mapping[str, str]] = DEATH_CAUSES
    units: ClassVar[tuple[RoleUnit, ...]] = UNITS
    eval_profile: ClassVar[EvalProfile | None] = EVAL_PROFILE
    heard: ClassVar[HeardKeys] = HEARD
    posthumous_kinds: ClassVar[frozenset[str]] = POSTHUMOUS_KINDS
    history: ClassVar[tuple[RulesVersion, ...]] = HISTORY
    outcome_reasons: ClassVar[type[StrEnum]] = Reason
    announcement_keys: ClassVar[Mapping[str, str]] = ANNOUNCEMENT_KEYS
    statuses: ClassVar[Mapping[str, str]] = STATUSES
    ballots: ClassVar[Mapping[str, tuple[str, ...]]] = BALLOTS
    speech_facts: ClassVar[tuple[Fact, ...]] = FACTS
    bad_roles: ClassVar[frozenset[str]] = BAD_ROLES

    def seat_ballot(self, view: SeatView) -> SeatBallot | None:
        return seat_ballot(view)

    def standard_deck(self, players: int, options: CityMafiaOptions) -> tuple[str, ...]:
        return setup.standard_deck(players)

    def check_deck(self, deck: Sequence[str], players: int, options: CityMafiaOptions) -> None:
        super().check_deck(deck, players, options)
        setup.check_cards(deck, players)

    def initial_data(self, seats: tuple[Seat, ...], extra: tuple[str, ...], options: CityMafiaOptions) -> CityData:
        return CityData(deck=frozenset(seat.role for seat in seats))

    def first_steps(self, state: GameState[CityData, CityMafiaOptions]) -> tuple[Step, ...]:
        return (Round(),)


CITY_MAFIA = register(CityMafiaRuleset())
