"""online_mafia: a Town-of-Salem-like online Mafia engine with ~45 roles (Hebrew seed)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from llm_werewolf.rules import BaseOptions, GameState, Preset, RoleInfo, Ruleset, Seat, Step, register
from llm_werewolf.rules.act_vocabulary import Fact
from llm_werewolf.rules.eval_profile import EvalProfile, PollSpec
from llm_werewolf.rules.events import Info
from llm_werewolf.rules.heard import HeardKeys
from llm_werewolf.rules.units import RoleUnit
from llm_werewolf.rules.versions import RulesVersion

from .data import OMCtx, OMData
from .deaths import set_role, tell_team
from .facts import BAD_ROLES, FACTS
from .history import HISTORY
from .model import Faction
from .night import Night
from .options import PRESETS, OnlineMafiaOptions
from .priority import PRIORITY_ORDER
from .registry import ROLES
from .roles import UNITS  # (importing the roles fills the role table)
from .setups import preset_deck, validate
from .wake import WAKE_ORDER
from .win import side_of, side_of_role

DECISION_KINDS: Mapping[str, str] = {
    "necromancer_corpse": "Necromancer: a dead player whose ability he uses tonight (seat:N, once per corpse) or skip",
    "necromancer_target": "Necromancer: the living target of the corpse's ability (seat:N) or skip",
    "witch_control": "Witch: the player she controls (seat:N) or skip",
    "witch_target": "Witch: whom the controlled player's ability is forced onto (seat:N, any living) or skip",
    "jinx_curse": "Jinx, night 1: the player whose night ability fails from now on (seat:N) or skip",
    "escort_block": "Escort: roleblock a player tonight (seat:N) or skip",
    "femme_fatale_block": "Femme Fatale: roleblock a non-mafia player tonight (seat:N) or skip",
    "framer_frame": "Framer: frame a non-mafia player for tonight's investigations (seat:N) or skip",
    "blackmailer_silence": "Blackmailer: a non-mafia player who may not speak tomorrow (seat:N) or skip",
    "disguiser_member": "Disguiser: the mafia member to disguise (seat:N) or skip",
    "disguiser_as": "Disguiser: the non-mafia player whose role the member appears as (seat:N) or skip",
    "accomplice_guard": "Accomplice: the mafia member he dies for if attacked (seat:N) or skip",
    "consigliere_check": "Consigliere: learn a non-mafia player's exact role (seat:N) or skip",
    "janitor_clean": "Janitor (3 uses): clean a non-mafia player (seat:N) or skip",
    "mafia_kill": "Godfather and Mafioso at once: the mafia's victim (seat:N, non-mafia) or skip; "
    "the Godfather's target wins",
    "butler_check": "Butler, night 1: learn a player's exact role (seat:N) or skip",
    "detective_check": "Detective: suspicious or innocent (seat:N) or skip",
    "doctor_heal": "Doctor: heal a player (seat:N; himself once per game) or skip",
    "bodyguard_guard": "Bodyguard: guard a player (seat:N) or skip",
    "twin_soul_bind": "Twin soul, night 1: the player he binds himself to (seat:N; no skip)",
    "outlaw_shoot": "Outlaw, from night 2 (3 bullets): shoot a player (seat:N) or skip",
    "martyr_shield": "Martyr: shield a player (seat:N) or skip",
    "serial_killer_kill": "Serial Killer: attack a player (seat:N) or skip",
    "werewolf_maul": "Werewolf: maul at a player's house (seat:N; himself = rampage at home) or skip",
    "butcher_kill": "Butcher: attack a player (seat:N) or skip",
    "mimic_copy": "Mimic: appear tonight as a non-cult player's role (seat:N) or skip",
    "cult_convert": "Cult leader: convert a non-cult player (seat:N) or skip",
    "veteran_alert": "Veteran (3 alerts): alert or skip",
    "survivor_vest": "Survivor (4 vests): vest or skip",
    "mask_artist_kill": "Mask artist: attack a player (seat:N) or skip",
    "undertaker_exhume": "Undertaker: learn a dead player's true role (seat:N) or skip",
    "thief_kill": "Thief: attack a player (seat:N) or skip",
    "judge_rule": "Judge: a player whose vote does not count tomorrow (seat:N) or skip",
    "amnesiac_remember": "Amnesiac (once): become a dead player's role (seat:N) or skip",
    "lookout_watch": "Lookout: see who visits a player (seat:N) or skip",
    "investigator_check": "Investigator: learn a player's role group (seat:N) or skip",
    "speech": "a discussion speech (speak + text); blackmailed players are not asked",
    "nominate": "everyone at once: put a player on trial (seat:N, not self) or nobody (skip)",
    "defense": "the accused's defense speech (speak + text); not asked if blackmailed",
    "verdict": "everyone but the accused at once: guilty, innocent or abstain (skip)",
    "volunteer_offer": "a living Volunteer after a guilty verdict: take the condemned's place (volunteer) or skip",
}

DEATH_CAUSES: Mapping[str, str] = {
    "mafia": "the mafia's kill",
    "serial_killer": "the Serial Killer (also a roleblocker who visited him)",
    "werewolf": "the Werewolf (his target or a visitor at the target's house)",
    "butcher": "the Butcher (role not announced)",
    "mask_artist": "the Mask artist",
    "thief": "the Thief",
    "outlaw": "the Outlaw's bullet",
    "veteran": "a visitor shot by a Veteran on alert",
    "bodyguard": "an attacker killed by the Bodyguard he ran into",
    "necromancer": "a corpse's attack raised by the Necromancer",
    "guilt": "an Outlaw who shot a town player, the next night",
    "twin_soul": "a Twin soul dying with the player he is bound to",
    "execution": "executed after a guilty verdict",
    "volunteered": "a Volunteer executed in the condemned player's place",
}

SIDES: tuple[str, ...] = tuple(dict.fromkeys(name for names in PRIORITY_ORDER for name in names))


@dataclass(frozen=True, slots=True)
class Setup(Step):
    """Before night 1: teams learn each other; each Executioner is given a town target (seeded RNG)."""

    def run(self, ctx: OMCtx) -> None:
        tell_team(ctx, Faction.MAFIA)
        tell_team(ctx, Faction.CULT)
        targets: dict[int, int] = {}
        for seat in ctx.state.seats:
            if seat.role != "executioner":
                continue
            town = [s.index for s in ctx.state.seats if ROLES[s.role].faction is Faction.TOWN]
            if not town:
                set_role(ctx, seat.index, "jester", "no_target")
                continue
            target = ctx.choice(town)
            targets[seat.index] = target
            ctx.emit_to(Info(fact="executioner_target", subject=target), seat.index)
        ctx.update_data(targets=targets)
        ctx.push(Night())


class Reason(StrEnum):
    """Why a game of online_mafia ends (``Outcome.reason``)."""

    TOWN_DOMINANCE = "town_dominance"
    MAFIA_DOMINANCE = "mafia_dominance"
    CULT_DOMINANCE = "cult_dominance"
    KILLER_DOMINANCE = "killer_dominance"
    DUEL = "duel"
    CULT_MAJORITY = "cult_majority"
    MAFIA_PARITY = "mafia_parity"
    STALEMATE = "stalemate"
    ALL_DEAD = "all_dead"
    DAY_LIMIT = "day_limit"


ANNOUNCEMENT_KEYS: Mapping[str, str] = {
    "silenced": "a blackmailed player may not speak (seats)",
    "jester_wins": "an executed Jester wins (seats)",
    "remembered": "an Amnesiac became a dead player's role (seats; value: the role)",
    "volunteered": "a Volunteer dies in the executed player's place (seats)",
}

STATUSES: Mapping[str, str] = {
    "blackmailed": "may not speak today (public)",
    "judged": "his vote does not count today (public)",
    "jinxed": "cursed by the Jinx (told to the Jinx)",
    "converted": "joined the cult (told to the cult)",
}

BALLOTS: Mapping[str, tuple[str, ...]] = {
    "nominate_1": ("trial", "no_trial"),
    "verdict_1": ("guilty", "innocent"),
    "nominate_2": ("trial", "no_trial"),
    "verdict_2": ("guilty", "innocent"),
    "nominate_3": ("trial", "no_trial"),
    "verdict_3": ("guilty", "innocent"),
}


EVAL_PROFILE = EvalProfile(
    variant="online_mafia",
    exile_ballots=("nominate_", "verdict_"),
    village_sides=frozenset({"town"}),
    wolf_sides=frozenset({"mafia"}),
    exile_causes=frozenset({"execution"}),
    accuse_options={"verdict_": "guilty"},
    poll=PollSpec("nominate", "skip"),
)
"""How the evaluation reads this ruleset's transcripts (:mod:`llm_werewolf.rules.eval_profile`)."""


HEARD = HeardKeys(check=("expose", "expose"), check_words=("suspicious", "innocent"), any_result="expose")
"""How the heuristic players hear this ruleset's speeches (:mod:`llm_werewolf.rules.heard`)."""


class OnlineMafia(Ruleset[OMData, OnlineMafiaOptions]):
    id: ClassVar[str] = "online_mafia"
    source_language: ClassVar[str] = "he"
    languages: ClassVar[tuple[str, ...]] = ("he", "en")
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 20
    roles: ClassVar[Mapping[str, RoleInfo]] = {
        spec.id: RoleInfo(spec.id, side_of_role(spec.id), power=spec.power) for spec in ROLES.values()
    } | {unit.role.id: unit.role for unit in UNITS}
    sides: ClassVar[tuple[str, ...]] = SIDES
    options_model: ClassVar[type[BaseOptions]] = OnlineMafiaOptions
    decision_kinds: ClassVar[Mapping[str, str]] = DECISION_KINDS
    death_causes: ClassVar[Mapping[str, str]] = DEATH_CAUSES
    units: ClassVar[tuple[RoleUnit, ...]] = UNITS
    eval_profile: ClassVar[EvalProfile | None] = EVAL_PROFILE
    heard: ClassVar[HeardKeys] = HEARD
    posthumous_kinds: ClassVar[frozenset[str]] = frozenset()
    outcome_reasons: ClassVar[type[StrEnum]] = Reason
    announcement_keys: ClassVar[Mapping[str, str]] = ANNOUNCEMENT_KEYS
    statuses: ClassVar[Mapping[str, str]] = STATUSES
    ballots: ClassVar[Mapping[str, tuple[str, ...]]] = BALLOTS
    speech_facts: ClassVar[tuple[Fact, ...]] = FACTS
    bad_roles: ClassVar[frozenset[str]] = BAD_ROLES
    board_switches: ClassVar[frozenset[str]] = frozenset({"preset"})
    history: ClassVar[tuple[RulesVersion, ...]] = HISTORY
    presets: ClassVar[Mapping[str, Preset]] = {
        name: Preset(name, f"the {name} lobby role list (the same as -o preset={name})", {"preset": name})
        for name in PRESETS
    }

    def standard_deck(self, players: int, options: OnlineMafiaOptions) -> tuple[str, ...]:
        return preset_deck(players, options.preset)

    def check_deck(self, deck: Sequence[str], players: int, options: OnlineMafiaOptions) -> None:
        super().check_deck(deck, players, options)
        validate(deck)

    def side_of(self, state: GameState[OMData, OnlineMafiaOptions], seat: int) -> str:
        return side_of(state, seat)

    def initial_data(self, seats: tuple[Seat, ...], extra: tuple[str, ...], options: OnlineMafiaOptions) -> OMData:
        present = {s.role for s in seats}
        steps = tuple(step for step, roles in WAKE_ORDER if present.intersection(roles))
        uses = {s.index: limit for s in seats if (limit := ROLES[s.role].uses) is not None}
        return OMData(steps=steps, uses=uses)

    def first_steps(self, state: GameState[OMData, OnlineMafiaOptions]) -> tuple[Step, ...]:
        return (Setup(),)


ONLINE_MAFIA = register(OnlineMafia())
