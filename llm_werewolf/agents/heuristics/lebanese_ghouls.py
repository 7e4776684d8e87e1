"""Heuristic play for lebanese_ghouls ("Min El Ghoul?"), from the seat's view only (docs/heuristics.md).

* Bassara and Jara: once they know a living ghoul (a look, a peek) they claim and name it, one a day.
* Good players believe claimants who do not contradict each other. When claims clash (one
  names the other, or two claim the same role) each weighs the evidence: a claimant who named
  *me* lies; one who answered an earlier claim by naming that claimant is likely the ghouls'
  bluff; one the ghouls killed at night was real; the rest is a personal lean. Then they vote
  the believed claimants' ghouls, the disbelieved claimant, and seats whose votes or announced
  votes went against a believed claimant; with nothing to go on they follow announced votes.
* Ghouls agree through team-seeded draws. When a claimant exposes one of them, most games
  a ghoul counter-claims Bassara and names the claimant; they hunt claimants at night, vote as
  a block for the real claimant or the day's bandwagon, and sometimes vote out an exposed,
  doomed partner themselves (bussing, recorded in the agent's note).
* Nobody votes against a lover. Each role's own decisions (night abilities, the Sayyad's shot) are
  answered by its tactics (``rules/variants/lebanese_ghouls/tactics.py``), given a
  :class:`SeatReading` of what this module gathers.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ...rules import Choice, Decision, SeatView
from ...rules.events import ChoiceMade, DeathsAnnounced, Info, Record, SharedEventRecord, Speech, VoteCast
from ...rules.variants.lebanese_ghouls.tactics import TACTICS
from ...speech.table_reading import game_memo
from ..speech import act_speech
from ..thoughts import thought
from .common import drawn_bluffer, lean, pick_seat, seat_options, team_draw
from .record_scan import ScanMemory, scan_records
from .talk import SPEECH_READINGS, IntentsRun, Said, hear, intents_run, say

GHOUL = "ghoul"
BASSARA = "bassara"
JARA = "jara"
EXPOSERS = frozenset({BASSARA, JARA})
REPORT_KEYS = {"reveal_ghoul": BASSARA, "jara_saw": JARA}
VOTE_KEYS = frozenset({"accuse"})
BLUFF_CHANCE = 0.3
BUS_CHANCE = 0.5  # busing a doomed partner on half of such days: 31 ghoul wins in 150 twelve-seat games (14 at 0.25)


@dataclass
class Facts:
    """What this seat knows, gathered from its view; with the seat's generator (``rng``) it is what a
    role's tactic reads (:class:`~llm_werewolf.rules.variants.lebanese_ghouls.unit.Reading`)."""

    view: SeatView
    me: int
    role: str
    phase: str
    number: int
    living: frozenset[int]
    lover: int | None = None
    team: set[int] = field(default_factory=set)
    known: dict[int, str] = field(default_factory=dict)
    claims: dict[int, tuple[str, int]] = field(default_factory=dict)  # claimant -> (role, order)
    reports: dict[int, list[int]] = field(default_factory=dict)  # claimant -> seats named ghoul, in order
    night_dead: set[int] = field(default_factory=set)
    flipped: dict[int, str] = field(default_factory=dict)  # cards shown at an execution
    victims_seen: set[int] = field(default_factory=set)
    victim: int | None = None  # Sahra: tonight's prey
    saved: set[int] = field(default_factory=set)
    votes: list[tuple[int, int]] = field(default_factory=list)
    intents: dict[int, int] = field(default_factory=dict)  # today's announced votes (read only)
    intents_run: IntentsRun = ("", {})  # the announced votes of the latest phase with statements (``talk.intents_run``)
    said: Sequence[Said] = ()  # the public statements, oldest first (as ``talk.heard`` gives them)
    _belief: tuple[set[int], dict[int, float]] | None = None
    rng: random.Random | None = None

    @property
    def ghoul(self) -> bool:
        return self.role == GHOUL

    def rolled(self, tag: str) -> random.Random:
        return team_draw(f"{tag}:{self.phase}:{sorted(self.team)}:{self.view.names}")

    def found(self) -> list[int]:
        """Living ghouls this seat saw itself (a look or a peek)."""
        return [s for s, r in sorted(self.known.items()) if r == GHOUL and s in self.living and s != self.me]

    def clash(self, a: int, b: int) -> bool:
        return b in self.reports.get(a, []) or a in self.reports.get(b, []) or self.claims[a][0] == self.claims[b][0]

    def credibility(self, claimant: int) -> float:
        if claimant == self.me:
            return 100.0 if self.role in EXPOSERS else -100.0
        if claimant in self.team or self.known.get(claimant) == GHOUL:
            return -100.0
        named = self.reports.get(claimant, [])
        if (self.me in named and not self.ghoul) or self.role == self.claims[claimant][0]:
            return -100.0
        if any(self.known.get(s) not in (None, GHOUL) for s in named):
            return -100.0
        if claimant in self.victims_seen:
            return 100.0
        shown = self.flipped.get(claimant)
        if shown is not None:
            return 100.0 if shown == self.claims[claimant][0] else -100.0
        for seat in named:
            card = self.flipped.get(seat)
            if card is not None:
                return 100.0 if card == GHOUL else -100.0
        score = 3.0 if claimant in self.night_dead else 0.0
        if self.lover is not None and self.lover in named:
            score -= 3.0
        if named:
            first = named[0]
            if first in self.claims and self.claims[first][1] < self.claims[claimant][1]:
                score -= 2.5
        return score + 2.5 * lean(self.me, claimant, self.claims[claimant][1], len(self.view.names))

    def belief(self) -> tuple[set[int], dict[int, float]]:
        """(believed claimants, suspicion per living seat) for a good player."""
        if self._belief is not None:
            return self._belief
        suspicion = {s: 0.0 for s in self.living}
        believed: set[int] = set()
        for claimant in sorted(self.claims, key=lambda c: -self.credibility(c)):
            if self.credibility(claimant) > -50 and not any(self.clash(claimant, b) for b in believed):
                believed.add(claimant)
        for claimant in self.claims:
            if claimant not in believed and claimant in suspicion:
                suspicion[claimant] += 6.0
        exposed: set[int] = set()
        for claimant in believed:
            for seat in self.reports.get(claimant, []):
                exposed.add(seat)
                if seat in suspicion:
                    suspicion[seat] += 10.0
        for seat, role in self.known.items():
            if seat in suspicion:
                suspicion[seat] += 50.0 if role == GHOUL else -50.0
        for voter, target in self.votes:
            if voter in suspicion:
                if target in believed or (target == self.me and not self.ghoul):
                    suspicion[voter] += 1.5
                elif target in exposed:
                    suspicion[voter] -= 1.0
        for speaker, target in self.intents.items():
            if speaker in suspicion and target in believed:
                suspicion[speaker] += 2.0
        for claimant in believed:
            if claimant in suspicion:
                suspicion[claimant] -= 8.0
        if self.lover is not None and self.lover in suspicion:
            suspicion[self.lover] = -99.0
        suspicion.pop(self.me, None)
        self._belief = (believed, suspicion)
        return self._belief

    def suspects(self, threshold: float = 2.0) -> list[int]:
        _, suspicion = self.belief()
        return [s for s in sorted(suspicion, key=lambda s: (-suspicion[s], s)) if suspicion[s] >= threshold]

    def believed(self) -> set[int]:
        return self.belief()[0]

    def suspicion(self) -> dict[int, float]:
        return self.belief()[1]

    def draws(self) -> random.Random:
        if self.rng is None:
            raise RuntimeError("a tactic draws from the seat's generator: read the seat with reading()")
        return self.rng

    def chance(self) -> float:
        return self.draws().random()

    def any_of(self, seats: list[int]) -> int:
        return self.draws().choice(seats)

    def pick(self, decision: Decision, prefer: Iterable[int] = (), avoid: Iterable[int] = ()) -> Choice:
        return _seat_choice(decision, self.draws(), prefer=prefer, avoid=avoid)

    def real_claimants(self) -> list[int]:
        """For ghouls: living claimants who are not on the team, earliest first."""
        return sorted(
            (s for s in self.claims if s not in self.team and s in self.living), key=lambda s: self.claims[s][1]
        )


_READ_EVENTS = frozenset({Info, ChoiceMade, VoteCast, DeathsAnnounced, Speech})


# The fields _read fills; kept per seat by the agent's ScanMemory between decisions.
_SCANNED = (
    "lover",
    "team",
    "known",
    "victims_seen",
    "victim",
    "saved",
    "votes",
    "flipped",
    "night_dead",
    # the public statements (``talk.hear``) and what is read from them (``_read_statements``)
    "said",
    "claims",
    "reports",
    "intents_run",
)


def _read(facts: Facts, records: Sequence[Record], start: int) -> None:
    """Read the private and public records from ``start`` on into ``facts``, the public speeches as statements
    (``facts.said``, replaced, never changed, so a remembered scan stays as it was) read by
    :func:`_read_statements`."""
    view = facts.view
    heard_now: list[Said] = []
    read = game_memo(view, SPEECH_READINGS) if start < len(records) else {}
    for index in range(start, len(records)):
        record = records[index]
        event = record.event if type(record) is SharedEventRecord else record  # a plain record is its event
        kind = type(event)
        if kind not in _READ_EVENTS:
            continue
        if kind is Speech:
            assert isinstance(event, Speech)
            if event.to is None:
                heard_now.append(hear(event, index, record.phase, view.language, view.variant, view.names, read))
        elif isinstance(event, Info):
            if event.fact == "lover":
                facts.lover = event.subject
            elif event.fact == "team" and event.value == GHOUL:
                facts.team.update(event.seats)
            elif event.fact == "role" and event.subject is not None and event.value:
                facts.known[event.subject] = event.value
            elif event.fact == "ghouls_seen":
                facts.known.update((s, GHOUL) for s in event.seats)
            elif event.fact == "ghoul_victim" and event.subject is not None:
                facts.victim = event.subject
                facts.victims_seen.add(event.subject)
        elif isinstance(event, ChoiceMade) and event.decision == "sahra_elixir" and event.option == "elixir":
            if facts.victim is not None:
                facts.saved.add(facts.victim)
        elif isinstance(event, VoteCast) and event.ballot.startswith("execution") and event.target is not None:
            facts.votes.append((event.seat, event.target))
        elif isinstance(event, DeathsAnnounced):
            facts.flipped.update((d.seat, d.role) for d in event.deaths if d.role)
            if event.moment == "morning":
                facts.night_dead.update(d.seat for d in event.deaths)
    if heard_now:
        facts.said = (*facts.said, *heard_now)
        _read_statements(facts, heard_now)


def _claimed_role(said: Said) -> str | None:
    """The exposing role a statement speaks as (a report's, or a claim of one), else ``None``."""
    return REPORT_KEYS.get(said.key) or (said.claim if said.claim in EXPOSERS else None)


def _read_statements(facts: Facts, statements: Sequence[Said]) -> None:
    """The claims, reports and announced votes of the public ``statements`` (newly heard, oldest first).

    A claimant's list of named seats is replaced, never changed, so a remembered scan stays as it was.
    """
    for statement in statements:
        role = _claimed_role(statement)
        if role is None:
            continue
        facts.claims.setdefault(statement.speaker, (role, statement.order))
        if statement.target is not None:
            named = facts.reports.get(statement.speaker, [])
            if statement.target not in named:
                facts.reports[statement.speaker] = [*named, statement.target]
    facts.intents_run = intents_run(facts.intents_run, statements, _announces_vote)


def _announces_vote(statement: Said) -> bool:
    return _claimed_role(statement) is None and statement.key in VOTE_KEYS


def read_facts(view: SeatView, memory: ScanMemory | None = None) -> Facts:
    me = view.seat if view.seat is not None else -1
    _, _, number = view.phase.partition(":")
    facts = Facts(
        view=view,
        me=me,
        role=view.role or "",
        phase=view.phase,
        number=int(number) if number.isdigit() else 0,
        living=frozenset(view.living()),
    )
    # Only the scan changes the scanned containers (what follows assigns new ones), so the memory keeps them as
    # they are (tests/test_record_scan.py compares the remembered facts with fresh ones at every decision).
    scan_records(facts, view, _SCANNED, _read, memory, read_only_after=True)
    phase, intents = facts.intents_run
    if phase == view.phase:  # today's announced votes, shared with the memory: read, never changed
        facts.intents = intents
    if facts.ghoul:
        facts.team = facts.team | {me}
    return facts


# -- choosing ------------------------------------------------------------------------------------


def _fallback(decision: Decision) -> Choice:
    return Choice(decision.default or decision.options[0].id)


def _offered(decision: Decision) -> list[int]:
    return sorted(o.target for o in seat_options(decision) if o.target is not None)


def _seat_choice(
    decision: Decision, rng: random.Random, prefer: Iterable[int] = (), avoid: Iterable[int] = ()
) -> Choice:
    option = pick_seat(decision, rng, prefer=prefer, avoid=avoid)
    return Choice(option.id) if option is not None else _fallback(decision)


def bluffer(facts: Facts) -> int | None:
    """The ghoul who counter-claims Bassara (the same for every ghoul), or ``None``."""
    if not facts.ghoul:
        return None
    already = [s for s in facts.claims if s in facts.team]
    if already:
        return already[0]
    return drawn_bluffer(facts.team, facts.living, facts.view.names, BLUFF_CHANCE)


def _ghoul_plan(facts: Facts, offered: list[int]) -> tuple[int | None, str]:
    """The seat the whole team votes for among ``offered``, with a note when it buses a partner."""
    targets = [s for s in offered if s not in facts.team and s != facts.lover]
    draw = facts.rolled("vote")
    real = facts.real_claimants()
    doomed = [s for c in real for s in facts.reports.get(c, []) if s in facts.team and s in offered and s != facts.me]
    if doomed and bluffer(facts) is None and draw.random() < BUS_CHANCE:
        return doomed[0], thought(facts.view, "bus_exile", doomed[0])
    if not targets:
        return None, ""
    if bluffer(facts) is not None:
        for claimant in real:
            if claimant in targets:
                return claimant, ""
    pool = [s for s in targets if s not in real] or targets
    heat = Counter(t for s, t in facts.intents.items() if s not in facts.team and t in pool)
    if heat:
        top = max(heat.values())
        return min(s for s in heat if heat[s] == top), ""
    return draw.choice(pool), ""


def _vote(facts: Facts, decision: Decision, rng: random.Random) -> tuple[Choice, str]:
    if facts.ghoul:
        target, note = _ghoul_plan(facts, _offered(decision))
        return (Choice(f"seat:{target}") if target is not None else _fallback(decision)), note
    offered = set(_offered(decision))
    suspects = [s for s in facts.suspects() if s in offered]
    if suspects:
        return Choice(f"seat:{suspects[0]}"), ""
    _, suspicion = facts.belief()
    heat = Counter(t for s, t in facts.intents.items() if suspicion.get(s, 0.0) < 1.0 and t in offered)
    for seat in [facts.me, *(s for s in suspicion if suspicion[s] < 0)]:
        heat.pop(seat, None)
    if heat:
        top = max(heat.values())
        return Choice(f"seat:{min(s for s in heat if heat[s] == top)}"), ""
    pool = [s for s in offered if s != facts.me and suspicion.get(s, 0.0) >= 0.0]
    if pool:
        return Choice(f"seat:{rng.choice(sorted(pool))}"), ""
    return _seat_choice(decision, rng, avoid=[facts.me]), ""


def _speech(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    view = facts.view
    if facts.role in EXPOSERS:
        named = facts.reports.get(facts.me, [])
        found = facts.found()
        fresh = [s for s in found if s not in named] or found
        if fresh:
            key = "reveal_ghoul" if facts.role == BASSARA else "jara_saw"
            return say(view, decision, rng, key, target=fresh[0], role=facts.role, claim=facts.role)
    if facts.ghoul and bluffer(facts) == facts.me:
        named = facts.reports.get(facts.me, [])
        real = [c for c in facts.real_claimants() if c not in named]
        pool = sorted(s for s in facts.living if s not in facts.team and s not in named and s != facts.lover)
        if real or pool:
            target = real[0] if real else facts.rolled("bluff").choice(pool)
            return say(view, decision, rng, "reveal_ghoul", target=target, role=BASSARA, claim=BASSARA)
    if facts.ghoul:
        exposed = any(facts.me in facts.reports.get(c, []) for c in facts.claims)
        if exposed:
            return act_speech(view, decision, rng, "defend")
        planned, _ = _ghoul_plan(facts, sorted(s for s in facts.living if s != facts.me))
        if planned is not None and planned not in facts.team and rng.random() < 0.6:
            return say(view, decision, rng, "accuse", target=planned)
        return act_speech(view, decision, rng, "neutral")
    suspects = facts.suspects()
    if suspects:
        return say(view, decision, rng, "accuse", target=suspects[0])
    return act_speech(view, decision, rng, "neutral")


def reading(view: SeatView, rng: random.Random, memory: ScanMemory | None = None) -> Facts:
    """What a role's tactic reads of ``view``'s seat, drawing from ``rng``."""
    facts = read_facts(view, memory)
    facts.rng = rng
    return facts


def decide_noted(
    view: SeatView, decision: Decision, rng: random.Random, memory: ScanMemory | None = None
) -> tuple[Choice, str]:
    """A legal choice for ``decision`` and the agent's private note (bussing).

    ``memory`` (the agent's) lets the seat read only the records added since its last decision.
    """
    facts = reading(view, rng, memory)
    kind = decision.kind
    note = ""
    if kind == "speech":
        choice = _speech(facts, decision, rng)
    elif kind == "vote":
        choice, note = _vote(facts, decision, rng)
    else:
        tactic = TACTICS.get(kind)
        chosen = tactic(facts, decision) if tactic is not None else None
        choice = chosen if chosen is not None else _fallback(decision)
    if decision.option(choice.option) is None:
        return _fallback(decision), ""
    if not decision.speech and (choice.text or choice.claim):
        choice = Choice(choice.option)
    return choice, note


def decide(view: SeatView, decision: Decision, rng: random.Random) -> Choice:
    return decide_noted(view, decision, rng)[0]
