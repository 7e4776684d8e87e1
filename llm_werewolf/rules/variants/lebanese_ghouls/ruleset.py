"""The "Min El Ghoul?" (مين الغول؟) ruleset object, registered as ``lebanese_ghouls``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import ClassVar

from llm_werewolf.rules import BaseOptions, GameState, RoleInfo, Ruleset, Seat, Step, register
from llm_werewolf.rules.act_vocabulary import Fact
from llm_werewolf.rules.eval_profile import EvalProfile, PollSpec
from llm_werewolf.rules.heard import HeardKeys
from llm_werewolf.rules.units import RoleUnit
from llm_werewolf.rules.versions import RulesVersion

from . import setup
from .data import GhoulsData
from .facts import BAD_ROLES, FACTS
from .history import HISTORY
from .night import Night
from .options import GhoulsOptions
from .roles import ROLES, SEED_DEATH_CAUSES, SIDES
from .units import UNITS
from .victory import side_of

GState = GameState[GhoulsData, GhoulsOptions]


class Reason(StrEnum):
    """Why a game of lebanese_ghouls ends (``Outcome.reason``)."""

    GHOULS_DEAD = "ghouls_dead"
    FARMERS_DEAD = "farmers_dead"
    LOVERS_LAST_ALIVE = "lovers_last_alive"
    NOBODY_ALIVE = "nobody_alive"
    DAY_LIMIT = "day_limit"


ANNOUNCEMENT_KEYS: Mapping[str, str] = {
    "saved": "the Sahra saved the ghouls' prey (seats)",
    "sayyad_card": "the dying Sayyad shows his card (seats; value: sayyad)",
    "sayyad_holds_fire": "the Sayyad does not shoot (seats)",
}

STATUSES: Mapping[str, str] = {
    "lover": "one of Umm Lhaf's lovers (told to the lover)",
}

BALLOTS: Mapping[str, tuple[str, ...]] = {
    "execution": ("executed", "revote", "tie"),
    "execution_revote": ("executed", "tie"),
}

DECISION_KINDS: Mapping[str, str] = {
    "umm_lhaf_first": "night 1: Umm Lhaf names the first lover (any living seat, herself included)",
    "umm_lhaf_second": "night 1: Umm Lhaf names the second lover (any other living seat)",
    "bassara_look": "the Bassara names a seat whose card she sees",
    "ghoul_kill": "each living ghoul names the prey (collective: plurality; a tie is voted again "
    "among the tied; a second tie is settled by the seeded RNG)",
    "jara_peek": "during the ghouls' turn the Jara peeks or sleeps (peek | sleep; default sleep)",
    "sahra_elixir": "the Sahra, shown the ghouls' prey, saves it (elixir | skip; default skip)",
    "sahra_poison": "the Sahra poisons a seat or not (seat | skip; default skip)",
    "speech": "a day speech (option speak)",
    "vote": "the simultaneous day vote (seat | abstain = a vote against oneself; default abstain)",
    "sayyad_shot": "the dead Sayyad shoots another living player (seat | skip; default skip)",
}


EVAL_PROFILE = EvalProfile(
    variant="lebanese_ghouls",
    exile_ballots=("execution", "execution_revote"),
    village_sides=frozenset({"farmers"}),
    wolf_sides=frozenset({"ghouls"}),
    exile_causes=frozenset({"execution"}),
    abstain_options=frozenset({"abstain"}),
    lovers_side="lovers",
    poll=PollSpec("vote", "abstain"),
)
"""How the evaluation reads this ruleset's transcripts (:mod:`llm_werewolf.rules.eval_profile`)."""


HEARD = HeardKeys(check=("reveal_ghoul", ""), saw_wolf="jara_saw")
"""How the heuristic players hear this ruleset's speeches (:mod:`llm_werewolf.rules.heard`)."""


class LebaneseGhouls(Ruleset[GhoulsData, GhoulsOptions]):
    id: ClassVar[str] = "lebanese_ghouls"
    source_language: ClassVar[str] = "ar-LB"
    languages: ClassVar[tuple[str, ...]] = ("ar-LB", "en")
    min_players: ClassVar[int] = setup.MIN_PLAYERS
    max_players: ClassVar[int] = setup.MAX_PLAYERS
    roles: ClassVar[Mapping[str, RoleInfo]] = ROLES
    sides: ClassVar[tuple[str, ...]] = SIDES
    options_model: ClassVar[type[BaseOptions]] = GhoulsOptions
    decision_kinds: ClassVar[Mapping[str, str]] = DECISION_KINDS
    death_causes: ClassVar[Mapping[str, str]] = SEED_DEATH_CAUSES
    units: ClassVar[tuple[RoleUnit, ...]] = UNITS
    eval_profile: ClassVar[EvalProfile | None] = EVAL_PROFILE
    heard: ClassVar[HeardKeys] = HEARD
    posthumous_kinds: ClassVar[frozenset[str]] = frozenset({"sayyad_shot"})
    history: ClassVar[tuple[RulesVersion, ...]] = HISTORY
    outcome_reasons: ClassVar[type[StrEnum]] = Reason
    announcement_keys: ClassVar[Mapping[str, str]] = ANNOUNCEMENT_KEYS
    statuses: ClassVar[Mapping[str, str]] = STATUSES
    ballots: ClassVar[Mapping[str, tuple[str, ...]]] = BALLOTS
    speech_facts: ClassVar[tuple[Fact, ...]] = FACTS
    bad_roles: ClassVar[frozenset[str]] = BAD_ROLES

    def side_of(self, state: GState, seat: int) -> str:
        return side_of(state, seat)

    def standard_deck(self, players: int, options: GhoulsOptions) -> tuple[str, ...]:
        return setup.standard_deck(players)

    def check_deck(self, deck: Sequence[str], players: int, options: GhoulsOptions) -> None:
        super().check_deck(deck, players, options)
        setup.check_deck(deck)

    def initial_data(self, seats: tuple[Seat, ...], extra: tuple[str, ...], options: GhoulsOptions) -> GhoulsData:
        return GhoulsData(deck_roles=frozenset(seat.role for seat in seats))

    def first_steps(self, state: GState) -> tuple[Step, ...]:
        return (Night(),)


LEBANESE_GHOULS = register(LebaneseGhouls())
