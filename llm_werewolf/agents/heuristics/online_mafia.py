"""Heuristic play for online_mafia, reading only the seat's view.

Investigators (Detective, Investigator, Butler, Lookout...) that find an evil player claim their role
and name him in their speech; the town puts players named that way (or found evil by itself) on trial
and votes them guilty; the mafia never names a member. Each role's own decisions (night abilities,
the Volunteer's offer) are answered by the tactics its spec declares (``rules/variants/online_mafia/
tactics.py``), given a :class:`SeatReading` of what this module gathers. Every answer is one of the
decision's options.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import lru_cache

from ...rules import Choice, Decision, SeatView
from ...rules.events import (
    ChoiceMade,
    DeathsAnnounced,
    Info,
    PhaseStarted,
    Record,
    SharedEventRecord,
    Speech,
    VoteCast,
    VoteTally,
)
from ...rules.variants.online_mafia.model import Faction
from ...rules.variants.online_mafia.registry import ROLES
from ...rules.variants.online_mafia.roles import TACTICS, seed_roles_of
from ...rules.variants.online_mafia.tactics import INVESTIGATIVE, PROTECTED_CLAIMS, TOWN_ROLES
from ..speech import act_speech, answered_line
from ..thoughts import thought
from .common import lean, pick_seat, seat_options, team_chance, team_draw
from .record_scan import ScanMemory, scan_records

EVIL_GROUPS = frozenset({"faces", "leaders"})
MAFIA_ROLES = seed_roles_of(Faction.MAFIA)
CULT_ROLES = seed_roles_of(Faction.CULT)
KILLER_ROLES = seed_roles_of(Faction.NEUTRAL_KILLER)
EVIL_ROLES = MAFIA_ROLES | CULT_ROLES | KILLER_ROLES
WANTS_EXECUTIONS = frozenset({"jester", "executioner"})
TRIED_KINDS = frozenset(
    {
        "serial_killer_kill",
        "butcher_kill",
        "mask_artist_kill",
        "thief_kill",
        "werewolf_maul",
        "mafia_kill",
        "cult_convert",
    }
)
"""Attacks whose target a seat remembers (a survivor was protected: try someone else)."""
BLUFF_CHANCE = 0.0  # games in which an exposed mafia counter-claims Detective
RECORD_SUSPECT = 2.0  # verdict-record suspicion that makes a seat a suspect
UNKNOWN_GUILTY = 0.3  # a town player's verdict on an accused nobody has information about
EVIL_NOMINATE = 0.8  # an evil player with no claimant to push nominates an unclaimed outsider
MAFIA_NOMINATE = 1.0  # the same for a mafia member: every trial of a townie helps the team
EVIL_GUILTY = 0.6  # an evil player's guilty verdict on an accused nobody has information about (else abstain)
BUS_CHANCE = 0.5  # days the mafia votes an exposed partner guilty with the town (recorded note)
ABSTAIN_ON_MAFIA = 2.0  # verdict-record suspicion of a seat that abstained on a player who flipped mafia
NOMINATED_TOWN = 1.0  # verdict-record suspicion of a seat that nominated a player who then flipped town
SILENT_SPEECH = 2.0  # verdict-record suspicion per empty discussion speech ("claim or be lynched": speak up)
JESTER_SILENT = True  # the Jester says nothing of his own in discussion, to be read as the silent seat (his win
# is his lynch); a question put to him gets an answer that names nobody, which the town reads as silence
JESTER_WARY = False  # while a Jester may hide, silence makes a seat a lead for checks, not a trial (measured; off)
OUTLAW_SPARES_SILENCE = True  # while a Jester may hide, the Outlaw shoots no seat suspected for silence alone
JESTER_READ = True  # while a Jester may hide, a seat that never spoke is tried last, and acquitted on day 1
JESTER_LATE = 2  # from day JESTER_LATE (after that night) silence alone convicts a mute seat again
JESTER_BAITS = False  # the Jester abstains on the town's suspects to enter its verdict record (measured; off: see docs)
EXE_FAKE_CLAIM = 0.0  # games in which the Executioner claims Detective and calls his target suspicious
DET_OPEN_CLAIM = 0.0  # games in which the Detective claims on his first speech, whatever his result (measured worse)
CERTAIN = 40.0  # credibility beyond which a claimant is known real (or, negated, known to lie)
UNIQUE_ROLES = frozenset(role for role, spec in ROLES.items() if spec.unique)
VERDICTS = frozenset({"guilty", "innocent", "skip"})


@dataclass
class Facts:
    """What this seat knows, gathered once per decision from its visible records."""

    me: int
    role: str | None
    living: tuple[int, ...]
    night: int = 0
    team: set[int] = field(default_factory=set)
    evil: set[int] = field(default_factory=set)
    good: set[int] = field(default_factory=set)
    checked: set[int] = field(default_factory=set)
    claims: dict[int, str] = field(default_factory=dict)
    exposed: set[int] = field(default_factory=set)
    exposed_by_me: set[int] = field(default_factory=set)
    dead_roles: dict[int, str | None] = field(default_factory=dict)
    accused: int | None = None
    executioner_target: int | None = None
    tried: set[int] = field(default_factory=set)
    watched: dict[int, set[int]] = field(default_factory=dict)  # lookout: target -> visitors last seen
    exposures: dict[int, list[int]] = field(default_factory=dict)  # investigative claimant -> seats named
    claim_order: dict[int, int] = field(default_factory=dict)
    verdicts: dict[int, str] = field(default_factory=dict)  # today's verdict ballots: voter -> guilty|innocent
    record: dict[int, float] = field(default_factory=dict)  # suspicion from verdicts on players who flipped
    nominated: dict[int, set[int]] = field(default_factory=dict)  # seat -> who ever nominated him
    groups: dict[int, str] = field(default_factory=dict)  # my investigations: seat -> group seen
    roles_seen: dict[int, str] = field(default_factory=dict)  # my exact-role checks: seat -> role seen
    check_order: dict[int, int] = field(default_factory=dict)  # my checks: seat -> order learned
    innocent: set[int] = field(default_factory=set)  # my detective checks that read not suspicious
    contested: set[int] = field(default_factory=set)  # claimants in an unsettled claim war
    liars: set[int] = field(default_factory=set)  # claimants this seat knows to lie
    names: tuple[str, ...] = ()
    single: frozenset[str] = UNIQUE_ROLES  # roles only one seat can hold: unique, or once in the public deck

    def suspicion(self, seat: int) -> float:
        return self.record.get(seat, 0.0)

    """Seats this player attacked on an earlier night who are still alive (protected: try someone else)."""

    @property
    def evil_side(self) -> bool:
        return self.role in EVIL_ROLES

    def claimed(self, roles: AbstractSet[str]) -> list[int]:
        return sorted(s for s, r in self.claims.items() if r in roles and s in self.living and s != self.me)

    def suspects(self) -> list[int]:
        found = (self.evil | self.exposed) - self.team - {self.me}
        # a seat found or named evil before a claimant caught lying: a lie may be a neutral's,
        # whose goal is met (an Executioner) or is the trial itself (a Jester)
        certain = sorted((s for s in found if s in self.living), key=lambda s: (s in self.liars, s))
        voted = sorted(
            (s for s in self.living if self.record.get(s, 0.0) >= RECORD_SUSPECT and s not in found | self.good),
            key=lambda s: (-self.record[s], s),
        )
        return certain + [s for s in voted if s not in self.team and s != self.me]


@lru_cache(maxsize=16384)
def _names_in(text: str, names: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(i for i, name in enumerate(names) if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text))


def _named_evil(event: Speech, names: tuple[str, ...]) -> list[int]:
    """The seats a claimant's speech names evil: its accusations and bad results, read as acts.

    A speech without acts (a model's or a human's own words) names the one other seat its
    text names, if it names exactly one.
    """
    if not event.acts:
        named = [i for i in _names_in(event.text, names) if i != event.seat]
        return named if len(named) == 1 else []
    out: list[int] = []
    for act in event.acts:
        seat = act.target
        if seat is None or seat == event.seat or seat in out:
            continue
        bad = act.kind == "accuse" or (
            act.kind == "result"
            and (
                (act.fact == "check" and act.value == "bad")
                or (act.fact == "investigated" and act.value in EVIL_GROUPS)
                or (act.fact == "saw_role" and act.value in EVIL_ROLES)
            )
        )
        if bad:
            out.append(seat)
    return out


def _learn(facts: Facts, info: Info) -> None:
    """One private result: teams, checks, the executioner's target."""
    subject, value = info.subject, info.value
    if info.fact == "team":
        facts.team = set(info.seats)
    elif info.fact == "executioner_target":
        facts.executioner_target = subject
    elif info.fact == "visitors" and subject is not None:
        facts.watched[subject] = set(info.seats)
    elif subject is None or info.fact not in ("detective", "role", "investigation"):
        return
    elif info.fact == "detective":
        facts.checked.add(subject)
        facts.check_order[subject] = len(facts.check_order)
        (facts.evil if value == "suspicious" else facts.good).add(subject)
        if value != "suspicious":
            facts.innocent.add(subject)
    elif info.fact == "role":
        facts.checked.add(subject)
        if value is not None:
            facts.roles_seen[subject] = value
        if value in EVIL_ROLES:
            facts.evil.add(subject)
        elif value in TOWN_ROLES:
            facts.good.add(subject)
    else:
        facts.checked.add(subject)
        if value is not None:
            facts.groups[subject] = value
        if value in EVIL_GROUPS:
            facts.evil.add(subject)


_READ_EVENTS = frozenset({Info, Speech, PhaseStarted, ChoiceMade, VoteTally, VoteCast, DeathsAnnounced})


@lru_cache(maxsize=64)
def _single_roles(deck: tuple[str, ...]) -> frozenset[str]:
    """Roles at most one seat can hold: unique by the rules, or dealt once in the public role list."""
    once = {role for role in deck if deck.count(role) == 1}
    return UNIQUE_ROLES | once


_SCANNED = (
    "night",
    "team",
    "evil",
    "good",
    "checked",
    "claims",
    "exposed_by_me",
    "dead_roles",
    "accused",
    "executioner_target",
    "tried",
    "watched",
    "exposures",
    "claim_order",
    "verdicts",
    "record",
    "nominated",
    "groups",
    "roles_seen",
    "check_order",
    "innocent",
)
"""The fields :func:`_read` folds from the records (kept by the agent's ``ScanMemory``)."""


def gather(view: SeatView, memory: ScanMemory | None = None) -> Facts:
    """Everything this seat knows, from its visible records (with ``memory``: only the new ones)."""
    assert view.seat is not None
    facts = Facts(me=view.seat, role=view.role, living=view.living(), single=_single_roles(view.deck))
    facts.names = view.names
    # Only ``_read`` changes the scanned containers: what follows, the tactics and the day's play assign new
    # ones (tests/test_record_scan.py compares the remembered facts with fresh ones at every decision).
    evidence = False  # whether the records read now hold something _weigh_exposures weighs

    def read(scanned: Facts, records: Sequence[Record], first: int) -> None:
        nonlocal evidence
        evidence = _read(scanned, records, first)

    start = scan_records(facts, view, _SCANNED, read, memory, read_only_after=True)
    facts.team = facts.team - {facts.me}
    facts.tried = (facts.tried & set(facts.living)) - facts.team
    if JESTER_WARY:
        quiet = _quiet(view, facts)
        if quiet:
            facts.record = {seat: points - quiet.get(seat, 0.0) for seat, points in facts.record.items()}
    _weigh_or_recall(facts, view, start, memory, evidence)
    return facts


Weighed = tuple[str | None, tuple[int, ...], set[int], set[int], set[int]]
"""What :func:`_weigh_exposures` made of a seat's facts: (role, living, contested, liars, exposed)."""


def _weigh_or_recall(facts: Facts, view: SeatView, start: int, memory: ScanMemory | None, evidence: bool) -> None:
    """:func:`_weigh_exposures`, or (with ``memory``) what it found at this seat's last decision when no record
    since can change what it weighs (``evidence``: what :func:`_read` said of the records from ``start`` on): no
    private result, no claim, no death (most votes and night actions).

    The recalled sets are the ones that decision made: nothing changes them after this (they are read,
    or replaced), and the same objects iterate in the same order (``tests/test_record_scan.py``)."""
    if memory is None:
        _weigh_exposures(facts)
        return
    records = view.records
    kept: Weighed | None = memory.derived(facts.me, "weighed", records, start)
    if kept is not None and kept[0] == facts.role and kept[1] == facts.living and not evidence:
        facts.contested, facts.liars, facts.exposed = kept[2], kept[3], kept[4]
    else:
        _weigh_exposures(facts)
    weighed: Weighed = (facts.role, facts.living, facts.contested, facts.liars, facts.exposed)
    memory.derive(facts.me, "weighed", records, weighed)


read_facts = gather


def _silent(event: Speech) -> bool:
    """A discussion speech that says nothing: no claim and either no text and no act, or only answers
    that name nobody (a Jester's dodge; every other heuristic seat names, claims or asks)."""
    if event.stage != "discussion" or event.claim:
        return False
    if not event.acts:
        return not event.text.strip()
    if event.acts[0].kind != "answer":  # most speeches: no generator made (every seat asks this of every speech)
        return False
    return all(a.kind == "answer" and a.other is None and a.role is None for a in event.acts)


def _quiet(view: SeatView, facts: Facts) -> dict[int, float]:
    """The part of each seat's record that comes from silence, while a Jester may hide (else nothing).

    Read again from the records, and only by the measured switches (``JESTER_WARY``,
    ``OUTLAW_SPARES_SILENCE``): the default play keeps no extra field in ``Facts``. It has 29
    attributes, the most for which CPython 3.11 keeps instance dicts with shared keys; a 30th
    (tried for this) made every decision 3% dearer in instructions.
    """
    if not _jester_possible(view.deck, facts):
        return {}
    quiet: dict[int, float] = {}
    for record in view.records:
        event = record.event if type(record) is SharedEventRecord else record  # a plain record is its event
        if type(event) is Speech and _silent(event):
            quiet[event.seat] = quiet.get(event.seat, 0.0) + SILENT_SPEECH
    return quiet


def _jester_possible(deck: Sequence[str], facts: Facts) -> bool:
    """Whether a living seat may be a Jester: the public list deals a Jester or an Executioner (who
    turns Jester when his target dies at night) and not every such card has been shown at death."""
    dealt = sum(1 for role in deck if role in WANTS_EXECUTIONS)
    shown = sum(1 for role in facts.dead_roles.values() if role in WANTS_EXECUTIONS)
    return dealt > shown


def _read(facts: Facts, records: Sequence[Record], start: int) -> bool:
    """Fold ``records[start:]`` into ``facts``; returns whether they hold evidence, a record that changes
    what :func:`_weigh_exposures` weighs: a private result (``Info``), a death, or a speech that claims a role.

    Containers held inside containers (a claimant's named seats, a seat's nominators) are
    replaced, never changed in place, so the memory's copy of an earlier scan stays as it was.
    """
    evidence = False
    for record in records[start:]:
        event = record.event if type(record) is SharedEventRecord else record  # a plain record is its event
        kind = type(event)
        if kind not in _READ_EVENTS:
            continue
        if kind is VoteCast:  # the records read most: nominations and verdicts
            assert isinstance(event, VoteCast)
            if event.option in VERDICTS and event.ballot.startswith("verdict"):
                facts.verdicts[event.seat] = event.option
            elif event.target is not None and event.ballot.startswith("nominate"):
                facts.nominated[event.target] = facts.nominated.get(event.target, set()) | {event.seat}
        elif isinstance(event, Info):
            _learn(facts, event)
            evidence = True
        elif isinstance(event, Speech):
            if _silent(event):
                # a seat with nothing to say hides a role (every player speaks, if only to ask)
                facts.record[event.seat] = facts.record.get(event.seat, 0.0) + SILENT_SPEECH
            if event.claim:
                facts.claims[event.seat] = event.claim
                evidence = True
            if event.claim in INVESTIGATIVE and event.stage in ("discussion", "defense"):
                facts.claim_order.setdefault(event.seat, len(facts.claim_order))
                exposures = facts.exposures.get(event.seat, [])
                named = [s for s in _named_evil(event, facts.names) if s not in exposures]
                facts.exposures[event.seat] = exposures + named
                if event.seat == facts.me:
                    facts.exposed_by_me.update(named)
        elif isinstance(event, PhaseStarted):
            if event.phase == "night":
                facts.night = event.number
        elif isinstance(event, ChoiceMade):
            if event.decision in TRIED_KINDS and event.option.startswith("seat:"):
                facts.tried.add(int(event.option[5:]))
        elif isinstance(event, VoteTally):
            if event.result == "trial" and event.targets:
                facts.accused = event.targets[0]
                facts.verdicts = {}
        elif isinstance(event, DeathsAnnounced):
            evidence = True
            for death in event.deaths:
                facts.dead_roles[death.seat] = death.role
                if death.role in TOWN_ROLES:
                    for voter in facts.nominated.get(death.seat, ()):
                        facts.record[voter] = facts.record.get(voter, 0.0) + NOMINATED_TOWN
                if event.moment == "execution" and death.role is not None:
                    _weigh_verdicts(facts, death.role)
                if event.moment == "morning" and death.seat in facts.watched:
                    facts.evil.update(facts.watched[death.seat] - {facts.me})
            facts.watched = {}
    return evidence


def _weigh_verdicts(facts: Facts, flipped: str) -> None:
    """After an execution shows the card, mark the voters whose ballot went against it.

    A guilty ballot on a townie adds 1, an innocent one on an evil player 1.5, and an
    abstention on a mafia member ``ABSTAIN_ON_MAFIA``: the town convicts a shown evil player,
    and a seat that would not vote against a mafia member is the one who protects a partner
    without leaving an innocent ballot.
    """
    evil = flipped in EVIL_ROLES
    for voter, verdict in facts.verdicts.items():
        if verdict == "skip":
            if flipped in MAFIA_ROLES:
                facts.record[voter] = facts.record.get(voter, 0.0) + ABSTAIN_ON_MAFIA
        elif (verdict == "guilty") != evil:
            facts.record[voter] = facts.record.get(voter, 0.0) + (1.5 if evil else 1.0)
    facts.verdicts = {}


def _credibility(facts: Facts, claimant: int) -> float:
    """How far this seat believes an investigative claimant (see docs/heuristics.md).

    Beyond ``CERTAIN`` either way the seat knows: the claimant is itself, a partner, a seat
    it found evil, a flipped card, a claim of the unique role this seat holds, a claim its
    own check of the claimant contradicts, or a claimant who named this seat or a seat whose
    card showed the other side.
    """
    if claimant == facts.me:
        return 100.0
    if claimant in facts.team or claimant in facts.evil:
        return -100.0
    flipped = facts.dead_roles.get(claimant)
    if flipped is not None:
        return 100.0 if flipped == facts.claims.get(claimant) else -100.0
    claimed = facts.claims.get(claimant)
    if claimed is not None and _contradicted(facts, claimant, claimed):
        return -100.0
    named = facts.exposures.get(claimant, [])
    if facts.me in named and not facts.evil_side:
        return -100.0
    if any(facts.dead_roles.get(s) in EVIL_ROLES for s in named):
        return 100.0
    if any(s in facts.good or facts.dead_roles.get(s) in TOWN_ROLES for s in named):
        return -50.0
    score = 0.0
    first = named[0] if named else None
    if first is not None and facts.claim_order.get(first, 1 << 30) < facts.claim_order[claimant]:
        score -= 2.5  # answered an earlier claim by accusing that claimant
    return score + 2.5 * lean(facts.me, claimant, facts.claim_order[claimant], len(facts.living))


def _contradicted(facts: Facts, claimant: int, claimed: str) -> bool:
    """Whether this seat's own knowledge shows ``claimant`` is not the ``claimed`` role."""
    if claimed == facts.role and claimed in facts.single:
        return True  # the role is mine and there is only one
    seen = facts.roles_seen.get(claimant)
    if seen is not None and seen != claimed:
        return True
    group = facts.groups.get(claimant)
    spec = ROLES.get(claimed)
    return group is not None and spec is not None and group != spec.group


def _clash(facts: Facts, a: int, b: int) -> bool:
    """Two claimants who cannot both be honest: one names the other, or both claim one unique role."""
    if a in facts.exposures.get(b, ()) or b in facts.exposures.get(a, ()):
        return True
    role = facts.claims.get(a)
    return role is not None and role == facts.claims.get(b) and role in facts.single


def _weigh_exposures(facts: Facts) -> None:
    """Settle the investigative claims by evidence; the believed claimants' targets are exposed.

    A claimant this seat knows to lie is exposed himself; one it knows real is believed, and
    every claimant clashing with him lies. Among the rest, a claimant named by two others
    (who do not clash with each other) lies; a claimant who clashes with nobody is believed
    (a lone claim stands until evidence contradicts it); claimants who clash and whom nothing
    settles are *contested*: neither is believed, and the seats they named are not exposed.
    A later flip, an investigation or a counter-claim settles the war.
    """
    cred = {c: _credibility(facts, c) for c in facts.exposures}
    liars = {c for c, v in cred.items() if v <= -CERTAIN}
    sure = {c for c, v in cred.items() if v >= CERTAIN}
    liars |= {c for c in cred if c not in sure and any(_clash(facts, c, b) for b in sure)}
    open_ = sorted(c for c in cred if c not in sure | liars)
    changed = True
    while changed:
        changed = False
        for c in open_:
            accusers = [b for b in open_ if b != c and c in facts.exposures.get(b, ())]
            if any(not _clash(facts, x, y) for i, x in enumerate(accusers) for y in accusers[i + 1 :]):
                liars.add(c)
                open_.remove(c)
                changed = True
                break
    contested = {c for c in open_ if any(_clash(facts, c, b) for b in open_ if b != c)}
    believed = sure | (set(open_) - contested)
    facts.contested = contested - {facts.me}
    facts.liars = liars - {facts.me}
    facts.exposed.update(facts.liars)
    for claimant in believed:
        facts.exposed.update(s for s in facts.exposures[claimant] if s != facts.me)


def _fallback(decision: Decision) -> str:
    return decision.default if decision.default is not None else decision.options[0].id


def _seat(
    decision: Decision, rng: random.Random, prefer: list[int] | None = None, avoid: set[int] | None = None
) -> Choice:
    option = pick_seat(decision, rng, prefer=prefer or (), avoid=avoid or ())
    return Choice(option.id if option is not None else _fallback(decision))


def _only_if(decision: Decision, prefer: list[int]) -> Choice:
    """A preferred seat if one is offered, else the default (skip)."""
    offered = {o.target for o in seat_options(decision)}
    for seat in prefer:
        if seat in offered:
            return Choice(f"seat:{seat}")
    return Choice(_fallback(decision))


def bluffer(view: SeatView, facts: Facts) -> int | None:
    """The mafia member who counter-claims Detective once a claimant exposed one of the team."""
    if facts.role not in MAFIA_ROLES or not facts.team:
        return None
    team = sorted(facts.team | {facts.me})
    already = [s for s in facts.exposures if s in team]
    if already:
        return already[0]
    hit = any(s in team for c, named in facts.exposures.items() if c not in team for s in named)
    if not hit:
        return None
    draw = team_draw(f"bluff:{team}:{view.names}")
    if draw.random() >= BLUFF_CHANCE:
        return None
    living = [s for s in team if s in facts.living]
    return draw.choice(living) if living else None


def _bluff(view: SeatView, facts: Facts, decision: Decision, rng: random.Random) -> Choice | None:
    team = facts.team | {facts.me}
    mine = facts.exposures.get(facts.me, [])
    accusers = [c for c, named in facts.exposures.items() if c not in team and c in facts.living and c not in mine]
    if not accusers or any(s in team for s in accusers):
        return None
    return act_speech(
        view,
        decision,
        rng,
        "expose",
        option=_fallback(decision),
        target=accusers[0],
        role="detective",
        result="suspicious",
        claim="detective",
    )


def fakes_detective(view: SeatView, facts: Facts) -> bool:
    """Whether this Executioner claims Detective and calls his target suspicious (``EXE_FAKE_CLAIM``)."""
    if facts.role != "executioner" or facts.executioner_target not in facts.living:
        return False
    return team_chance(f"exe:{facts.me}:{view.names}") < EXE_FAKE_CLAIM


def _opens(view: SeatView, facts: Facts) -> bool:
    """Whether this Detective claims on his first speech whatever his result (``DET_OPEN_CLAIM``)."""
    return team_chance(f"open:{facts.me}:{view.names}") < DET_OPEN_CLAIM


def _speech(view: SeatView, facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    option = _fallback(decision)
    liars = [s for s in sorted(facts.liars) if s in facts.living]
    if decision.kind == "defense":
        # falsely named by a claimant I know lies: say what I am, so the claims clash in public
        framed = [c for c in liars if facts.me in facts.exposures.get(c, ())]
        claim = facts.role if framed and facts.role in INVESTIGATIVE and not facts.evil_side else None
        return act_speech(view, decision, rng, "defend", option=option, claim=claim)
    if facts.role == "jester" and JESTER_SILENT and decision.kind == "speech":
        return answered_line(view, decision, rng, "", option=option)  # the town puts the silent seat on trial
    if facts.evil_side and bluffer(view, facts) == facts.me:
        bluffed = _bluff(view, facts, decision, rng)
        if bluffed is not None:
            return bluffed
    if fakes_detective(view, facts):
        target = facts.executioner_target
        key = "accuse" if facts.me in facts.exposures else "expose"
        return act_speech(
            view, decision, rng, key, option=option, target=target, result="suspicious", claim="detective"
        )
    if not facts.evil_side and facts.role in INVESTIGATIVE:
        # a counter-claim: a claimant my own knowledge shows lying is named, with my role
        fresh_liars = [s for s in liars if s not in facts.exposed_by_me]
        if fresh_liars:
            return act_speech(view, decision, rng, "accuse", option=option, target=fresh_liars[0], claim=facts.role)
    if not facts.evil_side and facts.role is not None:
        fresh = [s for s in sorted(facts.evil) if s in facts.living and s not in facts.exposed_by_me]
        if fresh and facts.role in INVESTIGATIVE | {"consigliere"}:
            claim = facts.role
            result = "suspicious" if facts.role == "detective" else "evil"
            return act_speech(view, decision, rng, "expose", option=option, target=fresh[0], result=result, claim=claim)
        if facts.role == "detective" and facts.me not in facts.claims and facts.checked and _opens(view, facts):
            # claim at once: a later claim of the one Detective role clashes in public
            newest = max(facts.checked, key=lambda s: facts.check_order.get(s, -1))
            return act_speech(view, decision, rng, "report", option=option, target=newest, claim="detective")
    suspects = facts.suspects()
    if suspects and not facts.evil_side:
        return act_speech(view, decision, rng, "accuse", option=option, target=suspects[0])
    return act_speech(view, decision, rng, "neutral", option=option)


def _nominate(view: SeatView, facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    if facts.role in WANTS_EXECUTIONS and facts.executioner_target is not None:
        return _only_if(decision, [facts.executioner_target])
    if facts.evil_side:
        prefer = [s for s in facts.claimed(INVESTIGATIVE) if s not in facts.team]
        push = MAFIA_NOMINATE if facts.role in MAFIA_ROLES else EVIL_NOMINATE
        if not any(o.target in prefer for o in seat_options(decision)) and rng.random() < push:
            # no claimant to push: put an unclaimed outsider on trial (every lynch of a townie helps)
            return _seat(decision, rng, avoid={facts.me} | facts.team | set(facts.claimed(PROTECTED_CLAIMS)))
        return _only_if(decision, prefer)
    suspects = facts.suspects()
    if JESTER_READ and suspects:
        # the Jester's bait: a seat that never spoke is tried only when no evidence marks anyone else
        mute = _mute_suspects(view, facts, suspects)
        suspects = [s for s in suspects if s not in mute] + [s for s in suspects if s in mute]
    if suspects:
        return _only_if(decision, suspects)
    if rng.random() < 0.1:
        return _seat(decision, rng, avoid=facts.good | set(facts.claimed(PROTECTED_CLAIMS)))
    return Choice(_fallback(decision))


def _busses(view: SeatView, facts: Facts, partner: int) -> bool:
    """Whether the team votes its exposed partner guilty today (a draw every member makes alike)."""
    if partner not in facts.exposed:
        return False
    team = sorted(facts.team | {facts.me})
    return team_chance(f"bus:{team}:{partner}:{view.phase}:{view.names}") < BUS_CHANCE


def _verdict(view: SeatView, facts: Facts, rng: random.Random) -> tuple[str, str]:
    """The verdict ballot and the private note (a bus of a partner is recorded)."""
    accused = facts.accused
    if accused is None:
        return "skip", ""
    if facts.role == "jester" and JESTER_BAITS:
        return _jester_verdict(facts, accused), ""
    if facts.role in WANTS_EXECUTIONS:
        return "guilty", ""
    if facts.evil_side:
        # A partner on trial: an innocent ballot for a member who then flips mafia marks the voter
        # in the town's verdict record, and so does an abstention. An exposed partner is usually
        # lost, so on some days the team votes him guilty with the town (bussing).
        if accused in facts.team:
            if facts.role in MAFIA_ROLES and _busses(view, facts, accused):
                return "guilty", thought(view, "bus_guilty", accused)
            return "skip", ""
        return _evil_verdict(facts, accused, rng), ""
    if JESTER_READ and facts.night < JESTER_LATE and accused in _mute_suspects(view, facts, (accused,)):
        return "innocent", ""
    if accused in facts.suspects():
        return "guilty", ""
    if accused in facts.good or accused in facts.claimed(PROTECTED_CLAIMS):
        return "innocent", ""
    return ("guilty" if rng.random() < UNKNOWN_GUILTY else "innocent"), ""


def _jester_verdict(facts: Facts, accused: int) -> str:
    """A Jester's ballot: the town marks a seat that abstained on a player who flips mafia (and
    one that voted guilty on a townie), so he abstains on the seats the town suspects and votes
    guilty on the rest; a suspect is what the Jester wants to be."""
    if accused in facts.suspects():
        return "skip"
    return "guilty"


def _evil_verdict(facts: Facts, accused: int, rng: random.Random) -> str:
    """An evil player's ballot on an outsider."""
    if accused in facts.exposed or facts.record.get(accused, 0.0) >= RECORD_SUSPECT:
        return "guilty"
    # never save an outsider: guilty often, otherwise abstain (the town reads abstentions only
    # on players who flip mafia)
    return "guilty" if rng.random() < EVIL_GUILTY else "skip"


def _leads(view: SeatView, facts: Facts) -> dict[int, float]:
    """How much each seat's record, its silence included (``JESTER_WARY`` leaves silence out of the
    record), points an investigator at it."""
    if not JESTER_WARY:
        return facts.record
    leads = dict(facts.record)
    for seat, points in _quiet(view, facts).items():
        leads[seat] = leads.get(seat, 0.0) + points
    return leads


def _mute_suspects(view: SeatView, facts: Facts, among: Sequence[int]) -> set[int]:
    """Of ``among``, while a Jester may hide, the seats that have said nothing in any discussion and
    are suspected for that alone (nothing found or named against them, their record without the
    silence under ``RECORD_SUSPECT``): the Jester's bait. A seat that spoke and then fell silent (an
    Executioner turned Jester) is read as before. One pass over the records, only for seats whose
    record silence could explain."""
    if JESTER_WARY or not _jester_possible(view.deck, facts):
        return set()
    found = facts.evil | facts.exposed
    left = {s for s in among if s not in found and facts.record.get(s, 0.0) >= SILENT_SPEECH}
    quiet: dict[int, float] = {}
    for record in view.records:
        if not left:
            break
        event = record.event if type(record) is SharedEventRecord else record  # a plain record is its event
        if type(event) is not Speech or event.stage != "discussion" or event.seat not in left:
            continue
        if _silent(event):
            quiet[event.seat] = quiet.get(event.seat, 0.0) + SILENT_SPEECH
        else:
            left.discard(event.seat)
    return {s for s in left if facts.record.get(s, 0.0) - quiet.get(s, 0.0) < RECORD_SUSPECT}


def _shootable(view: SeatView, facts: Facts) -> list[int]:
    """The Outlaw's targets: his suspects, but (``OUTLAW_SPARES_SILENCE``) while a Jester may hide not
    a seat suspected for his silence alone: the town may try him by day at no cost, and a bullet
    spent on the Jester is lost."""
    suspects = facts.suspects()
    if not OUTLAW_SPARES_SILENCE:
        return suspects
    found = facts.evil | facts.exposed
    silence = {} if JESTER_WARY else _quiet(view, facts)  # a wary town's record leaves silence out already
    return [s for s in suspects if s in found or facts.record.get(s, 0.0) - silence.get(s, 0.0) >= RECORD_SUSPECT]


class SeatReading:
    """What a role's tactic reads of this seat (:class:`~llm_werewolf.rules.variants.online_mafia.unit.Reading`):
    the gathered facts, the view (for the silence reads) and the seat's generator."""

    __slots__ = ("facts", "rng", "view")

    def __init__(self, view: SeatView, facts: Facts, rng: random.Random) -> None:
        self.view = view
        self.facts = facts
        self.rng = rng

    @property
    def me(self) -> int:
        return self.facts.me

    @property
    def night(self) -> int:
        return self.facts.night

    @property
    def evil_side(self) -> bool:
        return self.facts.evil_side

    @property
    def living(self) -> tuple[int, ...]:
        return self.facts.living

    @property
    def team(self) -> AbstractSet[int]:
        return self.facts.team

    @property
    def tried(self) -> AbstractSet[int]:
        return self.facts.tried

    @property
    def checked(self) -> AbstractSet[int]:
        return self.facts.checked

    @property
    def good(self) -> AbstractSet[int]:
        return self.facts.good

    @property
    def contested(self) -> AbstractSet[int]:
        return self.facts.contested

    @property
    def dead_roles(self) -> Mapping[int, str | None]:
        return self.facts.dead_roles

    def named_by(self, claimant: int) -> Sequence[int]:
        return self.facts.exposures.get(claimant, ())

    def claimed(self, roles: AbstractSet[str]) -> list[int]:
        return self.facts.claimed(roles)

    def suspects(self) -> list[int]:
        return self.facts.suspects()

    def shootable(self) -> list[int]:
        return _shootable(self.view, self.facts)

    def leads(self) -> Mapping[int, float]:
        return _leads(self.view, self.facts)

    def chance(self) -> float:
        return self.rng.random()

    def pick(self, decision: Decision, prefer: Iterable[int] = (), avoid: AbstractSet[int] = frozenset()) -> Choice:
        option = pick_seat(decision, self.rng, prefer=prefer, avoid=avoid)
        return Choice(option.id if option is not None else _fallback(decision))

    def only_if(self, decision: Decision, prefer: Iterable[int]) -> Choice:
        return _only_if(decision, list(prefer))


def reading(view: SeatView, rng: random.Random, memory: ScanMemory | None = None) -> SeatReading:
    """What a role's tactic reads of ``view``'s seat, drawing from ``rng``."""
    return SeatReading(view, gather(view, memory), rng)


def decide_noted(
    view: SeatView, decision: Decision, rng: random.Random, memory: ScanMemory | None = None
) -> tuple[Choice, str]:
    """A legal choice for ``decision`` from what ``view`` shows, and the private note (a bus).

    ``memory`` (the agent's) lets the seat read only the records added since its last decision.
    """
    facts = gather(view, memory)
    kind = decision.kind
    note = ""
    if decision.speech:
        choice = _speech(view, facts, decision, rng)
    elif kind == "nominate":
        choice = _nominate(view, facts, decision, rng)
    elif kind == "verdict":
        verdict, note = _verdict(view, facts, rng)
        choice = Choice(verdict)
    else:
        tactic = TACTICS.get(kind)
        chosen = tactic(SeatReading(view, facts, rng), decision) if tactic is not None else None
        choice = chosen if chosen is not None else Choice(_fallback(decision))
    if decision.option(choice.option) is None:
        return Choice(_fallback(decision), text=choice.text if decision.speech else ""), ""
    return choice, note


def decide(view: SeatView, decision: Decision, rng: random.Random) -> Choice:
    """A legal choice for ``decision`` from what ``view`` shows."""
    return decide_noted(view, decision, rng)[0]
