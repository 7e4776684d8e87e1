"""狼人殺 (Chinese Werewolf, "international" rules with thief, cupid, guard, witch, hunter, sheriff)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import ClassVar

from llm_werewolf.rules import BaseOptions, GameState, Preset, RoleInfo, Ruleset, Seat, Step, register
from llm_werewolf.rules.act_vocabulary import Fact
from llm_werewolf.rules.eval_profile import EvalProfile, PollSpec
from llm_werewolf.rules.heard import HeardKeys
from llm_werewolf.rules.units import RoleUnit
from llm_werewolf.rules.versions import RulesVersion

from . import roles as cards
from .data import CWData
from .facts import BAD_ROLES, FACTS
from .flow import Night
from .history import HISTORY
from .options import ChineseWerewolfOptions
from .presets import PRESETS
from .units import UNITS
from .win import Reason, side_of

DECISION_KINDS: Mapping[str, str] = {
    "thief_swap": "night 1, thief: take an extra card (center:0, center:1) or keep his own (skip); "
    "only werewolf cards are offered when he is forced",
    "cupid": "night 1, cupid: name a lover (seat:N); asked twice, the second time without the first",
    "guard": "guard: protect a living seat (seat:N, self allowed, not last night's unless guard_same_twice) "
    "or nobody (skip)",
    "seer_check": "seer: see one other living player's card (seat:N)",
    "wolf_kill": "each living wolf at once: a victim (seat:N, any living seat) or no kill (skip); "
    "the single most named option wins, a tie kills nobody",
    "little_girl_peek": "little girl, during the wolves' step: peek (learns the wolves) or sleep",
    "witch_antidote": "witch, shown the victim: save him (antidote) or not (skip)",
    "witch_poison": "witch, if she used no potion tonight: poison a living seat (seat:N) or not (skip)",
    "sheriff_run": "day 1, every living player at once: run for sheriff (run) or not (skip)",
    "campaign": "a sheriff candidate's speech (speak + text); again after a tie",
    "sheriff_withdraw": "each candidate at once after the speeches: stay or withdraw",
    "sheriff_vote": "each player who did not run, at once: a candidate (seat:N) or abstain (skip)",
    "badge": "a dead sheriff: pass the badge to a living seat (seat:N) or tear it (tear)",
    "sheriff_order": "the living sheriff: discussion direction, clockwise or counterclockwise",
    "speech": "a discussion speech (speak + text)",
    "exile_vote": "every living player at once: exile a seat (seat:N; himself only with exile_self_vote) "
    "or abstain (skip, unless exile_abstain is off); the sheriff's ballot weighs 1.5",
    "self_destruct": "a werewolf before his day speech (wolf_self_destruct on): self-destruct (self_destruct) "
    "or speak (skip)",
    "defense": "a tied player's second speech before the PK revote (speak + text)",
    "hunter_shot": "a dead hunter (killed by wolves or exiled): shoot a living seat (seat:N) or decline (skip)",
    "last_words": "a dead player's last words (speak + text)",
}

DEATH_CAUSES: Mapping[str, str] = {
    "wolves": "killed by the wolves at night (also a little girl caught peeking)",
    "guard_and_antidote": "guarded and saved by the antidote on the same night (同守同救)",
    "poison": "poisoned by the witch (the guard does not help)",
    "grief": "died of grief when the other lover died",
    "hunter": "shot by the hunter",
    "exile": "voted out by the village",
    "self_destruct": "a werewolf who revealed himself by day (自爆, switch wolf_self_destruct)",
}


ANNOUNCEMENT_KEYS: Mapping[str, str] = {
    "peaceful_night": "nobody died in the night",
    "sheriff_election": "day 1: the sheriff election opens",
    "sheriff_candidates": "who runs (seats)",
    "sheriff_withdrawn": "candidates who withdrew (seats)",
    "sheriff_tie": "a tie: the tied candidates speak again (seats)",
    "sheriff_elected": "the new sheriff (seats)",
    "no_sheriff": "no sheriff (value: no_candidates, all_withdrew, no_voters, no_votes, tie)",
    "badge_passed": "a dead sheriff passes the badge (seats: him, the heir)",
    "badge_torn": "a dead sheriff tears the badge (seats)",
    "hunter_shot": "the hunter shoots (seats: him, the target)",
    "hunter_declined": "the hunter holds his fire (seats)",
    "speaking_order": "today's speaking order (seats)",
    "exile_pk": "an exile tie goes to a PK revote (seats: the tied)",
    "no_exile": "nobody is exiled today (value: tie, no_votes, no_majority)",
    "self_destruct": "a werewolf self-destructs; the day ends (seats)",
}

STATUSES: Mapping[str, str] = {
    "sheriff": "holds the sheriff's badge (public)",
    "lover": "one of cupid's lovers (told to the lover)",
}

POSTHUMOUS_KINDS = frozenset({"hunter_shot", "badge", "last_words"})

BALLOTS: Mapping[str, tuple[str, ...]] = {
    "wolf_kill": ("kill", "skip", "tie"),
    "sheriff_1": ("elected", "tie", "no_votes"),
    "sheriff_2": ("elected", "tie", "no_votes"),
    "exile_1": ("exiled", "tie", "no_votes", "no_majority"),
    "exile_2": ("exiled", "tie", "no_votes", "no_majority"),
}


EVAL_PROFILE = EvalProfile(
    variant="chinese_werewolf",
    exile_ballots=("exile_",),
    village_sides=frozenset({"village"}),
    wolf_sides=frozenset({"wolves"}),
    exile_causes=frozenset({"exile"}),
    lovers_side="lovers",
    poll=PollSpec("exile_vote", "skip"),
)
"""How the evaluation reads this ruleset's transcripts (:mod:`llm_werewolf.rules.eval_profile`)."""


HEARD = HeardKeys(
    check=("seer_wolf", "seer_good"),
    saw_wolf="little_girl_wolf",
    seer_claim="seer",
    votes_apart=True,
)
"""How the heuristic players hear this ruleset's speeches (:mod:`llm_werewolf.rules.heard`)."""


class ChineseWerewolf(Ruleset[CWData, ChineseWerewolfOptions]):
    id: ClassVar[str] = "chinese_werewolf"
    source_language: ClassVar[str] = "zh-Hant"
    languages: ClassVar[tuple[str, ...]] = ("zh-Hant", "en")
    min_players: ClassVar[int] = cards.MIN_PLAYERS
    max_players: ClassVar[int] = cards.MAX_PLAYERS
    roles: ClassVar[Mapping[str, RoleInfo]] = cards.ROLES
    sides: ClassVar[tuple[str, ...]] = (cards.VILLAGE, cards.WOLVES, cards.LOVERS)
    options_model: ClassVar[type[BaseOptions]] = ChineseWerewolfOptions
    decision_kinds: ClassVar[Mapping[str, str]] = DECISION_KINDS
    death_causes: ClassVar[Mapping[str, str]] = DEATH_CAUSES
    units: ClassVar[tuple[RoleUnit, ...]] = UNITS
    eval_profile: ClassVar[EvalProfile | None] = EVAL_PROFILE
    heard: ClassVar[HeardKeys] = HEARD
    outcome_reasons: ClassVar[type[StrEnum]] = Reason
    announcement_keys: ClassVar[Mapping[str, str]] = ANNOUNCEMENT_KEYS
    statuses: ClassVar[Mapping[str, str]] = STATUSES
    ballots: ClassVar[Mapping[str, tuple[str, ...]]] = BALLOTS
    speech_facts: ClassVar[tuple[Fact, ...]] = FACTS
    bad_roles: ClassVar[frozenset[str]] = BAD_ROLES
    board_switches: ClassVar[frozenset[str]] = frozenset({"with_cupid", "with_thief", "with_little_girl", "with_guard"})
    posthumous_kinds: ClassVar[frozenset[str]] = POSTHUMOUS_KINDS
    presets: ClassVar[Mapping[str, Preset]] = PRESETS
    history: ClassVar[tuple[RulesVersion, ...]] = HISTORY

    def standard_deck(self, players: int, options: ChineseWerewolfOptions) -> tuple[str, ...]:
        return cards.standard_deck(players, options)

    def extra_cards(self, deck: Sequence[str], options: ChineseWerewolfOptions) -> int:
        return cards.THIEF_EXTRA if cards.THIEF in deck else 0

    def check_deck(self, deck: Sequence[str], players: int, options: ChineseWerewolfOptions) -> None:
        super().check_deck(deck, players, options)
        cards.check_roles(deck, players, options)

    def side_of(self, state: GameState[CWData, ChineseWerewolfOptions], seat: int) -> str:
        return side_of(state, seat)

    def initial_data(self, seats: tuple[Seat, ...], extra: tuple[str, ...], options: ChineseWerewolfOptions) -> CWData:
        return CWData(deck_roles=frozenset(s.role for s in seats) | frozenset(extra))

    def first_steps(self, state: GameState[CWData, ChineseWerewolfOptions]) -> tuple[Step, ...]:
        return (Night(),)


CHINESE_WEREWOLF = register(ChineseWerewolf())
