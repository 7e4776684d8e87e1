"""Rule-of-thumb play for 狼人殺 (chinese_werewolf), reading only the seat's view.

docs/heuristics.md describes the strategy role by role. Each role's night play and the hunter's
shot are tactics declared in the ruleset's folder (``rules/variants/chinese_werewolf/``:
``tactics/<role>.py`` for the seed's roles, a unit's ``tactics``); this module reads the view for
them (:func:`reading`) and plays the day. In short:

* The seer runs for sheriff, claims at once and reports one check a day (a wolf first,
  else its newest "gold water" 金水); on last words it repeats a wolf it found.
* Good players believe a lone seer claimant. Against a counter-claim (悍跳) each weighs
  the evidence: a claimant who called *me* a wolf is a liar; one the wolves killed at
  night is real; one who vouched for me gains a little; the rest is a personal lean.
  Then they vote the believed seer's wolves, the disbelieved claimant, and seats whose
  votes went against the believed seer or his gold water; with nothing to go on they
  follow the announced votes of seats they do not suspect. The first seat to name a
  vote target on a day (not a seer's result) is a little suspect: wolves lead the wagon.
* The witch saves on night 1 and later only a believed seer; from night 2 she poisons her
  top suspect once the evidence marks him (a disbelieved claimant, a seer's wolf), or one
  of a bloc that voted together against the believed seer. The guard protects the believed
  seer once the antidote is spent (a guarded and saved player dies, 同守同救). The hunter
  shoots his top suspect whenever he has one.
* Wolves agree through team-seeded draws (every wolf computes the same pick). In 40% of the
  games without a guard one wolf counter-claims seer (悍跳), calling the real seer (or a
  good seat) a wolf. A wolf seldom names the day's target before someone outside the team did.
  They knife the seer claimant most nights, vote as a block for the real seer or the
  day's bandwagon, and when a partner is exposed and doomed they sometimes vote him
  out themselves (bussing), which the agent records in its note.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from ...rules import SKIP, Choice, Decision, SeatView
from ...rules.events import (
    ChoiceMade,
    DeathsAnnounced,
    Info,
    Record,
    SharedEventRecord,
    Speech,
    StatusChanged,
    VoteCast,
)
from ...rules.variants.chinese_werewolf.tactics import TACTICS
from ...speech.table_reading import game_memo
from ..speech import act_speech
from ..thoughts import thought
from .common import drawn_bluffer, lean, pick_seat, team_draw
from .record_scan import ScanMemory, scan_records
from .talk import SPEECH_READINGS, IntentsRun, Said, hear, intents_run, say

WEREWOLF = "werewolf"
SEER = "seer"
POWER = frozenset({"seer", "witch", "hunter", "guard"})
BLUFF_CHANCE = 0.4  # games in which one wolf counter-claims seer (悍跳; people: 4 of the 4 recorded games)
BLUFF_CHANCE_WITH_GUARD = 0.0  # the same with a guard in the deck (he keeps the real seer's checks coming)
BUS_CHANCE = 0.4  # days an exposed, doomed partner is voted out by his own team
SEER_KEYS = frozenset({"seer_wolf", "seer_good", "seer_claim"})
VOTE_KEYS = frozenset({"accuse", "vote_for"})
FIRST_NAMER_WEIGHT = 1.5  # the town's suspicion of a seat that named a target first on a day (a wolves' tell)
WOLF_LEADS_CHANCE = 0.05  # a wolf names today's target before anyone outside the team did


@dataclass(slots=True)
class Facts:
    """What the seat knows, read once from its view.

    Slotted: its 30 fields are more than CPython 3.11 keeps in an instance dict with shared keys, and a
    decision reads them often (2-6% less time reading a view and voting, measured over replayed games)."""

    view: SeatView
    me: int
    role: str
    phase: str
    number: int
    living: frozenset[int]
    team: set[int] = field(default_factory=set)
    known: dict[int, str] = field(default_factory=dict)
    extra: dict[int, str] = field(default_factory=dict)
    lover: int | None = None
    sheriff: int | None = None
    victim_seen: int | None = None
    victims_seen: set[int] = field(default_factory=set)
    saved: set[int] = field(default_factory=set)  # witch: whom her antidote saved
    witch_saves: dict[int, int] = field(default_factory=dict)  # claimed witch -> seat she saved
    said: Sequence[Said] = ()
    seer_claims: dict[int, int] = field(default_factory=dict)  # claimant -> order of first claim
    reports: dict[int, dict[int, str]] = field(default_factory=dict)  # claimant -> {seat: wolf|good}
    first_reports: dict[int, tuple[int, str]] = field(default_factory=dict)  # claimant -> first (seat, verdict)
    other_claims: dict[int, str] = field(default_factory=dict)
    night_dead: set[int] = field(default_factory=set)
    flipped: dict[int, str] = field(default_factory=dict)  # cards shown at death (an exile, a hunter)
    peaceful_nights: int = 0
    votes: list[tuple[int, int, str]] = field(default_factory=list)  # voter, target, ballot
    intents: dict[int, int] = field(default_factory=dict)  # today's announced votes (read only)
    intents_run: IntentsRun = ("", {})  # the announced votes of the latest phase with statements (``talk.intents_run``)
    my_reports: dict[int, str] = field(default_factory=dict)
    first_named: dict[str, tuple[int, int]] = field(default_factory=dict)  # day -> (first seat naming a target, target)
    rng: random.Random | None = None
    """This decision's draws (set by :func:`reading`)."""
    _belief: tuple[int | None, dict[int, float]] | None = None
    _credibility: dict[int, float] = field(default_factory=dict)

    @property
    def wolf(self) -> bool:
        return self.role == WEREWOLF

    @property
    def draws(self) -> random.Random:
        if self.rng is None:
            raise RuntimeError("no draws: read the view with reading(view, rng)")
        return self.rng

    def pick_seat(self, decision: Decision, avoid: Iterable[int]) -> Choice:
        return _random_seat(decision, self.draws, avoid)

    def rolled(self, tag: str) -> random.Random:
        """A generator every wolf seeds identically (team draws), stable within the day."""
        return team_draw(f"{tag}:{self.phase}:{sorted(self.team)}:{self.view.names}")

    # -- good players' reading ---------------------------------------------------

    def credibility(self, claimant: int) -> float:
        cached = self._credibility.get(claimant)
        if cached is None:
            cached = self._credibility[claimant] = self._weigh_claimant(claimant)
        return cached

    def _weigh_claimant(self, claimant: int) -> float:
        if claimant == self.me:
            return 100.0 if self.role == SEER else -100.0
        if self.known.get(claimant) == WEREWOLF:
            return -100.0
        if self.role == SEER:
            return -100.0
        told = self.reports.get(claimant, {})
        score = 0.0
        if told.get(self.me) == WEREWOLF and not self.wolf:
            return -100.0
        shown = self.flipped.get(claimant)
        if shown is not None:
            return 100.0 if shown == SEER else -100.0
        for seat, verdict in told.items():
            card = self.flipped.get(seat)
            if card is not None:
                return 100.0 if (card == WEREWOLF) == (verdict == WEREWOLF) else -100.0
        if self.lover is not None and told.get(self.lover) == WEREWOLF and not self.wolf:
            score -= 3.0
        if claimant in self.night_dead:
            score += 3.0
        if claimant in self.victims_seen:
            return 100.0  # the wolves went for him: he is no wolf
        if any(seat == claimant for witch, seat in self.witch_saves.items() if witch not in self.seer_claims):
            score += 6.0
        first = self.first_reports.get(claimant)
        if (
            first is not None
            and first[1] == WEREWOLF
            and self.seer_claims.get(first[0], 1 << 30) < self.seer_claims[claimant]
        ):
            score -= 2.5  # answered an earlier claim by calling that claimant a wolf
        for seat, verdict in told.items():
            if seat in self.night_dead and seat != claimant:
                score += -2.0 if verdict == WEREWOLF else 1.0
        if told.get(self.me) == "good":
            score += 1.0
        for seat, verdict in told.items():
            real = self.known.get(seat)
            if real is not None and (real == WEREWOLF) != (verdict == WEREWOLF):
                return -100.0
        return score + 2.5 * lean(self.me, claimant, self.seer_claims[claimant], len(self.view.names))

    def belief(self) -> tuple[int | None, dict[int, float]]:
        """(the believed seer, suspicion per living seat) for a good player."""
        if self._belief is not None:
            return self._belief
        suspicion: dict[int, float] = {s: 0.0 for s in self.living}
        believed: int | None = None
        ranked = sorted(self.seer_claims, key=lambda c: -self.credibility(c))
        if ranked and self.credibility(ranked[0]) > -50:
            believed = ranked[0]
        for claimant in self.seer_claims:
            if claimant != believed and claimant in suspicion:
                suspicion[claimant] += 6.0 if believed is not None else 1.0
        vouched: set[int] = set()
        if believed is not None:
            for seat, verdict in self.reports.get(believed, {}).items():
                if seat in suspicion:
                    suspicion[seat] += 10.0 if verdict == WEREWOLF else -4.0
                if verdict != WEREWOLF:
                    vouched.add(seat)
        for seat, role in self.known.items():
            if seat in suspicion:
                suspicion[seat] += 50.0 if role == WEREWOLF else -50.0
        exposed = {s for s, v in self.reports.get(believed, {}).items() if v == WEREWOLF} if believed else set()
        exposed |= {s for s, r in self.known.items() if r == WEREWOLF}
        for voter, target, ballot in self.votes:
            if voter not in suspicion:
                continue
            if ballot.startswith("sheriff"):
                if target in self.seer_claims and target != believed and believed is not None:
                    suspicion[voter] += 1.0
            elif target == believed or target in vouched or (target == self.me and not self.wolf):
                suspicion[voter] += 1.5
            elif target in exposed:
                suspicion[voter] -= 1.0
        for namer, target in self.first_named.values():
            if namer in suspicion and namer != believed and target not in exposed:
                suspicion[namer] += FIRST_NAMER_WEIGHT
        for seat in self.other_claims:
            if seat in suspicion and self.other_claims[seat] in POWER:
                suspicion[seat] -= 1.0
        for speaker, target in self.intents.items():
            if speaker in suspicion and (target == believed or target in vouched):
                suspicion[speaker] += 2.0
        if believed in suspicion:
            suspicion[believed] -= 8.0
        if self.lover is not None and self.lover in suspicion:
            suspicion[self.lover] = -99.0
        suspicion.pop(self.me, None)
        self._belief = (believed, suspicion)
        return self._belief

    def suspects(self, threshold: float = 2.0) -> list[int]:
        _, suspicion = self.belief()
        ranked = sorted(suspicion, key=lambda s: (-suspicion[s], s))
        return [s for s in ranked if suspicion[s] >= threshold]

    def trusted(self) -> list[int]:
        _, suspicion = self.belief()
        return sorted((s for s in suspicion if suspicion[s] < 0), key=lambda s: (suspicion[s], s))

    def real_seer_guess(self) -> int | None:
        """For wolves: the seer claimant who is not on the team (latest-first irrelevant)."""
        outside = [s for s in self.seer_claims if s not in self.team and s in self.living]
        return min(outside, key=lambda s: self.seer_claims[s]) if outside else None

    def found_wolves(self) -> list[int]:
        return [s for s, r in sorted(self.known.items()) if r == WEREWOLF and s in self.living and s != self.me]

    def exposed_wolves(self) -> list[int]:
        """Living seats the believed seer called wolves, in seat order."""
        believed, _ = self.belief()
        if believed is None:
            return []
        told = self.reports.get(believed, {})
        return [s for s, v in sorted(told.items()) if v == WEREWOLF and s in self.living and s != self.me]


_READ_EVENTS = frozenset({Info, VoteCast, ChoiceMade, StatusChanged, DeathsAnnounced, Speech})


# The fields _read fills; kept per seat by the agent's ScanMemory between decisions.
_SCANNED = (
    "team",
    "known",
    "extra",
    "lover",
    "sheriff",
    "victim_seen",
    "victims_seen",
    "saved",
    "flipped",
    "night_dead",
    "peaceful_nights",
    "votes",
    # the public statements (``talk.hear``) and what is read from them (``_read_said``)
    "said",
    "seer_claims",
    "reports",
    "first_reports",
    "other_claims",
    "witch_saves",
    "first_named",
    "intents_run",
)


def _read(facts: Facts, records: Sequence[Record], start: int) -> None:
    """Read the private and public records from ``start`` on into ``facts``, the public speeches as statements
    (``facts.said``, oldest first, as ``talk.heard`` gives them) read by :func:`_read_said`.

    ``facts.said`` is replaced, never changed, so a remembered scan stays as it was."""
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
        elif kind is Info:
            assert isinstance(event, Info)
            if event.fact == "team":
                facts.team.update(event.seats)
            elif event.fact == "role" and event.subject is not None and event.value:
                facts.known[event.subject] = event.value
            elif event.fact == "extra_card" and event.subject is not None and event.value:
                facts.extra[event.subject] = event.value
            elif event.fact == "lover":
                facts.lover = event.subject
            elif event.fact == "wolf_victim":
                facts.victim_seen = event.subject
                if event.subject is not None:
                    facts.victims_seen.add(event.subject)
        elif kind is VoteCast:
            assert isinstance(event, VoteCast)
            if event.target is not None and (event.ballot.startswith("exile") or event.ballot.startswith("sheriff")):
                facts.votes.append((event.seat, event.target, event.ballot))
        elif kind is ChoiceMade:
            assert isinstance(event, ChoiceMade)
            if event.decision == "witch_antidote" and event.option == "antidote" and facts.victim_seen is not None:
                facts.saved.add(facts.victim_seen)
        elif kind is StatusChanged and isinstance(event, StatusChanged) and event.status == "sheriff":
            if event.value == "off" and facts.sheriff == event.seat:
                facts.sheriff = None
            elif event.value != "off":
                facts.sheriff = event.seat
        elif kind is DeathsAnnounced and isinstance(event, DeathsAnnounced):
            facts.flipped.update((d.seat, d.role) for d in event.deaths if d.role)
            if event.moment == "morning":
                facts.night_dead.update(d.seat for d in event.deaths)
                if not event.deaths:
                    facts.peaceful_nights += 1
    if heard_now:
        facts.said = (*facts.said, *heard_now)
        _read_said(facts, heard_now)


def _read_said(facts: Facts, statements: Sequence[Said]) -> None:
    """Read the public ``statements`` (newly heard, oldest first) into ``facts``.

    Nested containers are replaced, never changed, so a remembered scan stays as it was.
    """
    for said in statements:
        if said.claim == SEER or said.key in SEER_KEYS:
            facts.seer_claims.setdefault(said.speaker, said.order)
            if said.target is not None and said.key in ("seer_wolf", "seer_good", ""):
                verdict = "good" if said.key == "seer_good" else WEREWOLF
                facts.reports[said.speaker] = {**facts.reports.get(said.speaker, {}), said.target: verdict}
                facts.first_reports.setdefault(said.speaker, (said.target, verdict))
        elif said.claim:
            facts.other_claims[said.speaker] = said.claim
            if said.key == "witch_saved" and said.target is not None:
                facts.witch_saves[said.speaker] = said.target
        elif said.key in VOTE_KEYS and said.target is not None and said.stage == "discussion":
            facts.first_named.setdefault(said.phase, (said.speaker, said.target))
    facts.intents_run = intents_run(facts.intents_run, statements, _announces_vote)


def _announces_vote(said: Said) -> bool:
    return said.key in VOTE_KEYS


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
    facts.my_reports = facts.reports.get(me, {})
    if facts.wolf:
        facts.team = facts.team | {me} | {s for s, r in facts.known.items() if r == WEREWOLF}
    return facts


# -- helpers -----------------------------------------------------------------------


def _seat_choice(decision: Decision, seat: int | None) -> Choice | None:
    if seat is None:
        return None
    option = decision.option(f"seat:{seat}")
    return Choice(option.id) if option is not None else None


def _first_offered(decision: Decision, seats: Iterable[int]) -> Choice | None:
    for seat in seats:
        choice = _seat_choice(decision, seat)
        if choice is not None:
            return choice
    return None


def _random_seat(decision: Decision, rng: random.Random, avoid: Iterable[int]) -> Choice:
    option = pick_seat(decision, rng, avoid=avoid)
    if option is None:
        return Choice(decision.default or decision.options[0].id)
    return Choice(option.id)


def _offered(decision: Decision) -> list[int]:
    return [o.target for o in decision.options if o.kind == "seat" and o.target is not None]


@dataclass(frozen=True, slots=True)
class Noted:
    """A choice with the private note the agent records (bussing, bluffs)."""

    choice: Choice
    note: str = ""


# -- wolves' shared plan -------------------------------------------------------------


def bluffer(facts: Facts) -> int | None:
    """The wolf who counter-claims seer this game (the same for every wolf), or ``None``."""
    if not facts.wolf:
        return None
    already = [s for s in facts.seer_claims if s in facts.team]
    if already:
        return already[0]
    chance = BLUFF_CHANCE_WITH_GUARD if "guard" in facts.view.deck else BLUFF_CHANCE
    return drawn_bluffer(facts.team, facts.living, facts.view.names, chance)


def _doomed_partner(facts: Facts) -> int | None:
    """A living partner the real seer exposed, whom most of the table is voting."""
    seer = facts.real_seer_guess()
    if seer is None:
        return None
    exposed = [s for s, v in facts.reports.get(seer, {}).items() if v == WEREWOLF and s in facts.team]
    exposed = [s for s in exposed if s in facts.living and s != facts.me]
    if not exposed:
        return None
    heat = Counter(facts.intents.values())
    partner = max(exposed, key=lambda s: heat[s])
    others = len(facts.living) - len(facts.team & facts.living)
    return partner if heat[partner] * 2 >= others else None


def _wolf_vote(facts: Facts, decision: Decision) -> Noted:
    targets = [s for s in _offered(decision) if s not in facts.team]
    doomed = _doomed_partner(facts)
    draw = facts.rolled("exile")
    if doomed is not None and doomed in _offered(decision) and draw.random() < BUS_CHANCE:
        return Noted(Choice(f"seat:{doomed}"), thought(facts.view, "bus_exile", doomed))
    if not targets:
        return Noted(Choice(SKIP) if decision.option(SKIP) else Choice(decision.options[0].id))
    seer = facts.real_seer_guess()
    if seer in targets and bluffer(facts) is not None:
        return Noted(Choice(f"seat:{seer}"))
    targets = [s for s in targets if s != seer] or targets
    heat = Counter(t for s, t in facts.intents.items() if s not in facts.team and t in targets)
    if heat:
        top = max(heat.values())
        return Noted(Choice(f"seat:{min(s for s in heat if heat[s] == top)}"))
    return Noted(Choice(f"seat:{draw.choice(sorted(targets))}"))


def _wolf_target_today(facts: Facts) -> int | None:
    """The seat the wolves will vote today (what a non-bluffing wolf argues for)."""
    seer = facts.real_seer_guess()
    if seer is not None and bluffer(facts) is not None:
        return seer
    outside = sorted(s for s in facts.living if s not in facts.team and s != seer)
    heat = Counter(t for s, t in facts.intents.items() if s not in facts.team and t in outside)
    if heat:
        return heat.most_common(1)[0][0]
    return facts.rolled("exile").choice(outside) if outside else None


# -- sheriff -----------------------------------------------------------------------


def _run(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    if facts.role == SEER or bluffer(facts) == facts.me:
        return Choice("run")
    chance = 0.4 if facts.role in POWER else (0.25 if facts.wolf else 0.2)
    return Choice("run" if rng.random() < chance else SKIP)


def _withdraw(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    other_seer = any(s != facts.me for s in facts.seer_claims)
    if other_seer and facts.role != SEER and bluffer(facts) != facts.me:
        return Choice("withdraw")
    return Choice("stay")


def _sheriff_vote(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    if facts.wolf:
        pick = _first_offered(decision, [s for s in facts.seer_claims if s in facts.team] + sorted(facts.team))
        return pick or _random_seat(decision, rng, avoid=[facts.real_seer_guess() or -1])
    believed, _ = facts.belief()
    pick = _first_offered(decision, [believed] if believed is not None else [])
    pick = pick or _first_offered(decision, facts.trusted())
    return pick or _random_seat(decision, rng, avoid=facts.suspects())


def _badge(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    if facts.wolf:
        heirs = sorted(facts.team - {facts.me})
    else:
        vouched = [s for s, v in facts.my_reports.items() if v != WEREWOLF]
        heirs = [*vouched, *facts.trusted()]
    return _first_offered(decision, heirs) or Choice("tear")


def _order(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    return Choice(rng.choice(decision.options).id)


# -- day ---------------------------------------------------------------------------


def _seer_report(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    """The real seer's speech: an unreported wolf, else the newest unreported check."""
    wolves = [s for s in facts.found_wolves() if facts.my_reports.get(s) != WEREWOLF]
    if wolves:
        return say(facts.view, decision, rng, "seer_wolf", target=wolves[0], claim=SEER)
    fresh = [s for s in facts.known if s not in facts.my_reports and s != facts.me]
    if fresh:
        seat = fresh[-1]
        key = "seer_wolf" if facts.known[seat] == WEREWOLF else "seer_good"
        return say(facts.view, decision, rng, key, target=seat, claim=SEER)
    living_wolves = facts.found_wolves()
    if living_wolves:
        return say(facts.view, decision, rng, "seer_wolf", target=living_wolves[0], claim=SEER)
    return say(facts.view, decision, rng, "seer_claim", claim=SEER)


def _bluff_report(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    """The counter-claiming wolf: the real seer is a wolf, else a gold water or a fake wolf."""
    seer = facts.real_seer_guess()
    if seer is not None and facts.my_reports.get(seer) != WEREWOLF:
        return say(facts.view, decision, rng, "seer_wolf", target=seer, claim=SEER)
    outside = sorted(s for s in facts.living if s not in facts.team and s not in facts.my_reports)
    draw = team_draw(f"bluff-report:{facts.phase}:{facts.me}:{facts.view.names}")
    if not outside:
        return say(facts.view, decision, rng, "seer_claim", claim=SEER)
    if not facts.my_reports and draw.random() < 0.5:
        partners = sorted(s for s in facts.team if s != facts.me and s in facts.living)
        if partners:
            return say(facts.view, decision, rng, "seer_good", target=draw.choice(partners), claim=SEER)
    if seer is not None:
        vouched = [s for s, v in facts.reports.get(seer, {}).items() if v != WEREWOLF and s in outside]
        if vouched:
            return say(facts.view, decision, rng, "seer_wolf", target=vouched[0], claim=SEER)
    key = "seer_wolf" if draw.random() < 0.6 else "seer_good"
    return say(facts.view, decision, rng, key, target=draw.choice(outside), claim=SEER)


def _discussion(facts: Facts, decision: Decision, rng: random.Random, *, campaign: bool = False) -> Choice:
    if facts.role == SEER:
        return _seer_report(facts, decision, rng)
    if facts.wolf and bluffer(facts) == facts.me:
        return _bluff_report(facts, decision, rng)
    found = facts.found_wolves()
    if facts.role == "little_girl" and found:
        return say(facts.view, decision, rng, "little_girl_wolf", target=found[0], claim="little_girl")
    if campaign:
        return say(facts.view, decision, rng, "campaign")
    if facts.role == "witch" and len(facts.seer_claims) > 1:
        silver = [s for s in facts.saved if s in facts.seer_claims]
        if silver:
            return say(facts.view, decision, rng, "witch_saved", target=silver[0], claim="witch")
    if facts.wolf:
        target = _wolf_target_today(facts)
        led = any(s not in facts.team for s in facts.intents)  # someone outside the team named a target today
        if target is not None and rng.random() < (0.7 if led else WOLF_LEADS_CHANCE):
            return say(facts.view, decision, rng, "vote_for", target=target)
        return say(facts.view, decision, rng, "wolf_deflect")
    believed, _ = facts.belief()
    suspects = facts.suspects()
    if suspects:
        exposed = believed is not None and facts.reports.get(believed, {}).get(suspects[0]) == WEREWOLF
        return say(facts.view, decision, rng, "accuse" if exposed else "vote_for", target=suspects[0])
    return say(facts.view, decision, rng, "neutral")


def _campaign(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    return _discussion(facts, decision, rng, campaign=True)


def _defense(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    if facts.role == SEER:
        return _seer_report(facts, decision, rng)
    return say(facts.view, decision, rng, "defense")


def _last_words(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    if facts.role == SEER:
        return _seer_report(facts, decision, rng)
    if facts.role == "little_girl" and facts.found_wolves():
        return say(facts.view, decision, rng, "little_girl_wolf", target=facts.found_wolves()[0], claim="little_girl")
    suspects = [] if facts.wolf else facts.suspects()
    if suspects:
        return say(facts.view, decision, rng, "last_words_suspect", target=suspects[0])
    return say(facts.view, decision, rng, "last_words")


def _exile(facts: Facts, decision: Decision, rng: random.Random) -> Noted:
    if facts.wolf:
        return _wolf_vote(facts, decision)
    offered = set(_offered(decision))
    suspects = [s for s in facts.suspects() if s in offered]
    if suspects:
        return Noted(Choice(f"seat:{suspects[0]}"))
    _, suspicion = facts.belief()
    heat = Counter(t for s, t in facts.intents.items() if suspicion.get(s, 0.0) < 1.0 and t in offered)
    heat.pop(facts.me, None)
    for seat in facts.trusted():
        heat.pop(seat, None)
    if heat:
        top = max(heat.values())
        return Noted(Choice(f"seat:{min(s for s in heat if heat[s] == top)}"))
    ranked = sorted(offered - {facts.me}, key=lambda s: (-suspicion.get(s, 0.0), rng.random()))
    ranked = [s for s in ranked if suspicion.get(s, 0.0) >= 0.0]
    if ranked:
        return Noted(Choice(f"seat:{ranked[0]}"))
    return Noted(Choice(SKIP) if decision.option(SKIP) else _random_seat(decision, rng, avoid=[facts.me]))


Handler = Callable[[Facts, Decision, random.Random], Choice]

HANDLERS: dict[str, Handler] = {
    "sheriff_run": _run,
    "campaign": _campaign,
    "sheriff_withdraw": _withdraw,
    "sheriff_vote": _sheriff_vote,
    "badge": _badge,
    "sheriff_order": _order,
    "speech": _discussion,
    "defense": _defense,
    "last_words": _last_words,
}


def reading(view: SeatView, rng: random.Random, memory: ScanMemory | None = None) -> Facts:
    """The seat's reading for the roles' tactics (``rules/variants/chinese_werewolf``), drawing from ``rng``."""
    facts = read_facts(view, memory)
    facts.rng = rng
    return facts


def _legal(choice: Choice, decision: Decision, view: SeatView, rng: random.Random) -> Choice:
    if decision.option(choice.option) is None:
        choice = Choice(decision.default or decision.options[0].id)
    if not decision.speech:
        return Choice(choice.option) if choice.text or choice.claim else choice
    if not choice.text:
        return act_speech(view, decision, rng, "neutral", option=choice.option, claim=choice.claim)
    return choice


def decide_noted(
    view: SeatView, decision: Decision, rng: random.Random, memory: ScanMemory | None = None
) -> tuple[Choice, str]:
    """A sensible legal answer for ``decision`` and the private note that explains it.

    ``memory`` (the agent's) lets the seat read only the records added since its last decision.
    """
    if decision.kind == "exile_vote":
        noted = _exile(read_facts(view, memory), decision, rng)
        return _legal(noted.choice, decision, view, rng), noted.note
    handler = HANDLERS.get(decision.kind)
    if handler is None:  # a role's tactic (rules/variants/chinese_werewolf: tactics/ and units/), else the default
        tactic = TACTICS.get(decision.kind)
        chosen = tactic(reading(view, rng, memory), decision) if tactic is not None else None
        if chosen is not None:
            return _legal(chosen, decision, view, rng), ""
        return _legal(Choice(decision.default or rng.choice(decision.options).id), decision, view, rng), ""
    return _legal(handler(read_facts(view, memory), decision, rng), decision, view, rng), ""


def decide(view: SeatView, decision: Decision, rng: random.Random) -> Choice:
    """A sensible legal answer for ``decision`` from what ``view`` shows."""
    return decide_noted(view, decision, rng)[0]
