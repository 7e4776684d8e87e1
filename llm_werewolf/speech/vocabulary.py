"""The speech-act vocabulary of each ruleset: act kinds and the results each role can report.

Pure data (no I/O). Every ruleset has the same eight act kinds; what differs is
the *results* (:class:`Fact`): which role can report which fact, with which
values, about a seat or a center card. A ruleset without a declaration here
gets the common kinds and no results.

How a result is known is declared too, so :mod:`.truth` can say whether a seat's
act matches what it saw (``info``: a private ``Info`` record; ``decisions``: the
seat's own night choice) and whether it matches the god view.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

ACT_KINDS: tuple[str, ...] = ("claim", "result", "accuse", "defend", "agree", "disagree", "vote", "ask")
"""Every act kind, in the order the picker offers them."""

SEAT_ACTS = frozenset({"accuse", "defend", "agree", "disagree", "vote", "ask"})
"""Kinds whose ``target`` is a seat (the speaker may defend only himself among these)."""

MAX_ACTS = 4
"""Most acts a model picks for one speech (and one heuristic intent makes)."""

DISCOURSE_KINDS: tuple[str, ...] = ("answer", "reason")
"""Kinds the discourse planner adds around an intent (``speech.planner``): an answer to a
question put to the speaker, and a public fact offered as grounds, with its records' refs."""

QUESTIONS: tuple[str, ...] = ("vote", "trust", "role")
"""What an ``ask`` (its ``fact``; none: a general question, answered as ``vote``) and an ``answer`` are about."""

REASONS: tuple[str, ...] = ("voted", "claimed", "named_first", "quiet", "accused")
"""The public facts a ``reason`` asserts (``speech.grounding`` finds and checks them)."""

MAX_SPEECH_ACTS = 8
"""Most acts one speech may carry (an intent's acts with the planner's answers, reasons and question)."""

TargetKind = Literal["seat", "center", "none"]


@dataclass(frozen=True, slots=True)
class Fact:
    """One kind of result a role can report (``result`` acts).

    ``values``: the words the result may take (``()``: no value; ``("role",)``:
    any role id of the ruleset). ``target``: what ``Act.target`` names.
    ``other``: a second seat is needed (two lovers, two swapped players, a visitor).
    ``info``/``decisions``: where the reporting seat learned it (see :mod:`.truth`).
    """

    id: str
    roles: tuple[str, ...]
    values: tuple[str, ...] = ()
    target: TargetKind = "seat"
    other: bool = False
    self_ok: bool = False
    info: str | None = None
    decisions: tuple[str, ...] = ()

    @property
    def takes_role(self) -> bool:
        return self.values == ("role",)


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """The acts of one ruleset. ``bad_roles``: the roles a binary ``check`` reports as bad."""

    variant: str
    facts: tuple[Fact, ...] = ()
    bad_roles: frozenset[str] = frozenset()
    kinds: tuple[str, ...] = ACT_KINDS
    by_id: Mapping[str, Fact] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_id", {f.id: f for f in self.facts})

    def fact(self, fact_id: str) -> Fact | None:
        return self.by_id.get(fact_id)

    def facts_of(self, role: str | None) -> tuple[Fact, ...]:
        """The results a holder of ``role`` can report."""
        if role is None:
            return ()
        return tuple(f for f in self.facts if role in f.roles)

    def reporting_roles(self) -> frozenset[str]:
        return frozenset(r for f in self.facts for r in f.roles)


BINARY = ("bad", "good")
ROLE = ("role",)

_CHINESE = Vocabulary(
    "chinese_werewolf",
    (
        Fact("check", ("seer",), BINARY, info="role", decisions=("seer_check",)),
        Fact("saved", ("witch",), decisions=("witch_antidote",)),
        Fact("poisoned", ("witch",), decisions=("witch_poison",)),
        Fact("protected", ("guard",), self_ok=True, decisions=("guard",)),
        Fact("linked", ("cupid",), other=True, self_ok=True, decisions=("cupid",)),
        Fact("saw_wolf", ("little_girl",), info="role"),
    ),
    bad_roles=frozenset({"werewolf"}),
)

_LEBANESE = Vocabulary(
    "lebanese_ghouls",
    (
        Fact("check", ("bassara",), BINARY, info="role", decisions=("bassara_look",)),
        Fact("saved", ("sahra",), decisions=("sahra_elixir",)),
        Fact("poisoned", ("sahra",), decisions=("sahra_poison",)),
        Fact("linked", ("umm_lhaf",), other=True, self_ok=True, decisions=("umm_lhaf_first", "umm_lhaf_second")),
        Fact("saw_wolf", ("jara",), info="ghouls_seen"),
    ),
    bad_roles=frozenset({"ghoul"}),
)

_ONE_NIGHT = Vocabulary(
    "one_night",
    (
        Fact(
            "saw_role",
            ("seer", "mystic_wolf", "paranormal_investigator", "doppelganger"),
            ROLE,
            info="role",
            decisions=("seer_look", "mystic_look", "pi_look", "doppel_copy"),
        ),
        Fact("saw_center", ("seer", "werewolf"), ROLE, target="center", info="center_role"),
        Fact("robbed", ("robber",), ROLE, decisions=("robber_swap",)),
        Fact("swapped", ("troublemaker",), other=True, decisions=("troublemaker_swap",)),
        Fact("took_center", ("drunk",), target="center", decisions=("drunk_swap",)),
        Fact("woke_as", ("insomniac",), ROLE, target="none"),
        Fact("saw_wolf", ("minion", "little_girl"), info="wolves"),
        Fact("saw_mason", ("mason",), info="team"),
    ),
    bad_roles=frozenset({"werewolf", "mystic_wolf"}),
)

_CITY = Vocabulary(
    "city_mafia",
    (
        Fact("check", ("sheriff",), BINARY, info="mafia", decisions=("sheriff_check",)),
        Fact("sheriff_check", ("don",), ("yes", "no"), info="sheriff", decisions=("don_check",)),
        Fact("protected", ("doctor",), self_ok=True, decisions=("doctor_heal",)),
        Fact("blocked", ("putana",), decisions=("putana_block",)),
    ),
    bad_roles=frozenset({"mafia", "don"}),
)

_ONLINE = Vocabulary(
    "online_mafia",
    (
        Fact("check", ("detective",), BINARY, info="detective", decisions=("detective_check",)),
        Fact(
            "saw_role",
            ("butler", "consigliere", "undertaker"),
            ROLE,
            info="role",
            decisions=("butler_check", "consigliere_check", "undertaker_exhume"),
        ),
        Fact(
            "investigated",
            ("investigator",),
            ("killers", "dead", "guards", "blockers", "watchers", "secrets", "faces", "crowd", "leaders", "fools"),
            info="investigation",
            decisions=("investigator_check",),
        ),
        Fact("visited", ("lookout",), other=True, info="visitors", decisions=("lookout_watch",)),
        Fact("mafia_visited", ("spy",), info="mafia_visits"),
        Fact("guild", ("guild_member", "infiltrator"), info="guild"),
        Fact("protected", ("doctor", "bodyguard"), self_ok=True, decisions=("doctor_heal", "bodyguard_guard")),
        Fact("blocked", ("escort", "femme_fatale"), decisions=("escort_block", "femme_fatale_block")),
    ),
    bad_roles=frozenset(
        {
            "godfather",
            "mafioso",
            "framer",
            "blackmailer",
            "disguiser",
            "accomplice",
            "consigliere",
            "janitor",
            "femme_fatale",
            "serial_killer",
            "werewolf",
            "butcher",
            "mask_artist",
            "thief",
            "cult_leader",
            "cult_member",
            "mimic",
            "necromancer",
        }
    ),
)

VOCABULARIES: Mapping[str, Vocabulary] = {v.variant: v for v in (_CHINESE, _LEBANESE, _ONE_NIGHT, _CITY, _ONLINE)}


def vocabulary(variant: str) -> Vocabulary:
    """The vocabulary of ``variant`` (the common kinds without results for an undeclared ruleset)."""
    found = VOCABULARIES.get(variant)
    return found if found is not None else Vocabulary(variant)
