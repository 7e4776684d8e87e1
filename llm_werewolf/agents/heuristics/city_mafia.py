"""Heuristic play for city Mafia, reading only the seat's view (docs/heuristics.md).

* The Sheriff checks the most suspicious unchecked player. With a black check he claims
  at once, names the mafia member and nominates him; once open he reports a check every
  day (blacks first, then "red" clears).
* The town believes a lone Sheriff claimant. Against a counter-claim each citizen weighs
  it: a claimant who called *me* mafia lies; one who answered an earlier claim by calling
  that claimant mafia is likely the mafia's bluff; one killed at night was real; the rest
  is a personal lean. Citizens vote the believed Sheriff's blacks and the disbelieved
  claimant, then seats whose nominations and votes went against the believed Sheriff
  or his clears; with nothing to go on they pick among the nominees by personal lean.
* The mafia agrees through team-seeded draws. The Don checks claimed Sheriffs first
  and the team shoots a found or claimed Sheriff. When the Sheriff exposes a member,
  most games a member counter-claims Sheriff and calls the real one mafia; otherwise
  the team votes with the town's bandwagon and sometimes votes its exposed partner out
  (bussing, recorded in the agent's note).
* The roles' night play is declared in the ruleset's folder (``rules/variants/city_mafia/``:
  ``tactics/<role>.py`` for the seed's roles, a unit's ``tactics``): the Putana blocks her top
  suspect; the Doctor heals the believed Sheriff; the Maniac kills at random; the Sheriff and the
  Don check as above. This module reads the view for them (:func:`reading`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence, Set
from dataclasses import dataclass, field

from ...rules import Choice, Decision, SeatView
from ...rules.events import (
    Announcement,
    DeathsAnnounced,
    Info,
    PhaseStarted,
    Record,
    SharedEventRecord,
    Speech,
    VoteCast,
    VoteTally,
)
from ...rules.variants.city_mafia.tactics import TACTICS
from ...speech.table_reading import game_memo
from ..speech import act_speech
from ..thoughts import thought
from .common import drawn_bluffer, lean, pick_seat, seat_options, team_draw
from .record_scan import ScanMemory, scan_records
from .talk import SPEECH_READINGS, Said, hear

SHERIFF = "sheriff"
MAFIA_ROLES = frozenset({"mafia", "don"})
NOMINATE_CHANCE = 0.45
BLUFF_CHANCE = 0.6
BUS_CHANCE = 0.25
REPORT_KEYS = frozenset({"reveal_mafia", "reveal_clear"})


@dataclass
class Facts:
    """What this seat knows, gathered once per decision from its visible records."""

    view: SeatView
    me: int
    role: str | None
    phase: str
    living: frozenset[int]
    team: set[int] = field(default_factory=set)
    checked_mafia: dict[int, bool] = field(default_factory=dict)
    checked_sheriff: dict[int, bool] = field(default_factory=dict)
    sheriff_claims: dict[int, int] = field(default_factory=dict)  # claimant -> order of first claim
    reports: dict[int, dict[int, bool]] = field(default_factory=dict)  # claimant -> {seat: is mafia}
    first_reports: dict[int, tuple[int, bool]] = field(default_factory=dict)
    candidates: list[int] = field(default_factory=list)
    nominations: list[tuple[int, int]] = field(default_factory=list)
    votes: list[tuple[int, int]] = field(default_factory=list)
    voting_on: int | None = None
    night_dead: set[int] = field(default_factory=set)
    said: Sequence[Said] = ()  # the public statements, oldest first (as ``talk.heard`` gives them)
    rng: random.Random | None = None
    """This decision's draws (set by :func:`reading`)."""
    _belief: tuple[int | None, dict[int, float]] | None = None

    @property
    def mafia(self) -> bool:
        return self.role in MAFIA_ROLES

    def rolled(self, tag: str) -> random.Random:
        return team_draw(f"{tag}:{self.phase}:{sorted(self.team)}:{self.view.names}")

    @property
    def draws(self) -> random.Random:
        if self.rng is None:
            raise RuntimeError("no draws: read the view with reading(view, rng)")
        return self.rng

    def pick_seat(self, decision: Decision, prefer: Sequence[int], avoid: Set[int]) -> Choice:
        return _seat_choice(decision, self.draws, list(prefer), set(avoid))

    def found_mafia(self) -> list[int]:
        return [s for s, yes in self.checked_mafia.items() if yes and s in self.living]

    def credibility(self, claimant: int) -> float:
        if claimant == self.me:
            return 100.0 if self.role == SHERIFF else -100.0
        if self.role == SHERIFF or claimant in self.team:
            return -100.0
        told = self.reports.get(claimant, {})
        if told.get(self.me) and not self.mafia:
            return -100.0
        for seat, black in told.items():
            known = self.checked_mafia.get(seat)
            if known is not None and known != black:
                return -100.0
        score = 3.0 if claimant in self.night_dead else 0.0
        first = self.first_reports.get(claimant)
        if (
            first is not None
            and first[1]
            and self.sheriff_claims.get(first[0], 1 << 30) < self.sheriff_claims[claimant]
        ):
            score -= 2.5
        if told.get(self.me) is False:
            score += 1.0
        return score + 2.5 * lean(self.me, claimant, self.sheriff_claims[claimant], len(self.view.names))

    def belief(self) -> tuple[int | None, dict[int, float]]:
        """(the believed Sheriff, suspicion per living seat)."""
        if self._belief is not None:
            return self._belief
        suspicion = {s: 0.0 for s in self.living}
        ranked = sorted(self.sheriff_claims, key=lambda c: -self.credibility(c))
        believed = ranked[0] if ranked and self.credibility(ranked[0]) > -50 else None
        if self.role == SHERIFF:
            believed = self.me
        for claimant in self.sheriff_claims:
            if claimant != believed and claimant in suspicion:
                suspicion[claimant] += 6.0
        told = self.reports.get(believed, {}) if believed is not None else {}
        if believed == self.me:
            told = dict(self.checked_mafia)
        for seat, black in told.items():
            if seat in suspicion:
                suspicion[seat] += 10.0 if black else -4.0
        for seat, black in self.checked_mafia.items():
            if seat in suspicion:
                suspicion[seat] += 50.0 if black else -50.0
        cleared = {s for s, black in told.items() if not black}
        exposed = {s for s, black in told.items() if black}
        for who, target in [*self.nominations, *self.votes]:
            if who not in suspicion:
                continue
            if target == believed or target in cleared or (target == self.me and not self.mafia):
                suspicion[who] += 1.5
            elif target in exposed:
                suspicion[who] -= 1.0
        if believed in suspicion:
            suspicion[believed] -= 8.0
        suspicion.pop(self.me, None)
        self._belief = (believed, suspicion)
        return self._belief

    def suspects(self, threshold: float = 2.0) -> list[int]:
        _, suspicion = self.belief()
        return [s for s in sorted(suspicion, key=lambda s: (-suspicion[s], s)) if suspicion[s] >= threshold]

    def town_behind(self) -> bool:
        """A day without a vote could lose the game: after one more night kill the mafia dealt
        (dead members are not shown, so counted alive) would hold at least half the table."""
        dealt = sum(role in MAFIA_ROLES for role in self.view.deck)
        return len(self.living) - 1 <= 2 * dealt

    def real_sheriff_guess(self) -> int | None:
        known = [s for s, yes in self.checked_sheriff.items() if yes and s in self.living]
        if known:
            return known[0]
        outside = [s for s in self.sheriff_claims if s not in self.team and s in self.living]
        return min(outside, key=lambda s: self.sheriff_claims[s]) if outside else None


_READ_EVENTS = frozenset({Info, PhaseStarted, Announcement, VoteTally, VoteCast, DeathsAnnounced, Speech})


# The fields _read folds from the records; kept per seat by the agent's ScanMemory between decisions.
_SCANNED = (
    "team",
    "checked_mafia",
    "checked_sheriff",
    "candidates",
    "voting_on",
    "nominations",
    "votes",
    "night_dead",
    # the public statements (``talk.hear``) and what is read from them
    "said",
    "sheriff_claims",
    "reports",
    "first_reports",
)


def _read(facts: Facts, records: Sequence[Record], start: int) -> None:
    """Fold ``records[start:]`` and the public statements made in them (``facts.said``) into ``facts``.

    ``facts.said`` and a claimant's reports are replaced, never changed in place, so a remembered scan
    stays as it was.
    """
    view = facts.view
    heard_now: list[Said] = []
    read = game_memo(view, SPEECH_READINGS) if start < len(records) else {}
    for index in range(start, len(records)):
        event = records[index]
        if type(event) is SharedEventRecord:  # a plain record is its own event
            event = event.event
        kind = type(event)
        if kind not in _READ_EVENTS:
            continue
        if kind is Speech:
            assert isinstance(event, Speech)
            if event.to is None:
                phase = records[index].phase
                heard_now.append(hear(event, index, phase, view.language, view.variant, view.names, read))
        elif isinstance(event, Info):
            if event.fact == "team" and event.subject is not None:
                facts.team.add(event.subject)
            elif event.fact in ("mafia", "sheriff") and event.subject is not None:
                known = facts.checked_mafia if event.fact == "mafia" else facts.checked_sheriff
                known[event.subject] = event.value == "yes"
        elif isinstance(event, PhaseStarted) and event.phase == "day":
            facts.candidates = []
            facts.voting_on = None
        elif isinstance(event, Announcement):
            if event.key == "nomination" and len(event.seats) == 2:
                facts.candidates.append(event.seats[1])
                facts.nominations.append((event.seats[0], event.seats[1]))
            elif event.key == "vote_on" and event.seats:
                facts.voting_on = event.seats[0]
        elif isinstance(event, VoteTally) and event.result == "tie":
            facts.candidates = list(event.targets)
        elif isinstance(event, VoteCast) and event.ballot in ("elimination", "revote") and event.target is not None:
            facts.votes.append((event.seat, event.target))
        elif isinstance(event, DeathsAnnounced) and event.moment == "morning":
            facts.night_dead.update(d.seat for d in event.deaths)
    if heard_now:
        facts.said = (*facts.said, *heard_now)
    for statement in heard_now:
        if statement.claim == SHERIFF or statement.key in REPORT_KEYS:
            facts.sheriff_claims.setdefault(statement.speaker, statement.order)
            if statement.target is not None and statement.key in (*REPORT_KEYS, ""):
                black = statement.key == "reveal_mafia"
                facts.reports[statement.speaker] = {**facts.reports.get(statement.speaker, {}), statement.target: black}
                facts.first_reports.setdefault(statement.speaker, (statement.target, black))


def gather(view: SeatView, memory: ScanMemory | None = None) -> Facts:
    """Everything this seat knows, from its visible records (with ``memory``: only the new ones)."""
    assert view.seat is not None
    facts = Facts(view=view, me=view.seat, role=view.role, phase=view.phase, living=frozenset(view.living()))
    # Only the scan changes the scanned containers (what follows assigns new ones), so the memory keeps them as
    # they are (tests/test_record_scan.py compares the remembered facts with fresh ones at every decision).
    scan_records(facts, view, _SCANNED, _read, memory, read_only_after=True)
    reports, first_reports = facts.reports, facts.first_reports
    for nominator, target in facts.nominations:  # a claimed Sheriff's nomination names a black check
        if nominator in facts.sheriff_claims:
            told = reports.get(nominator, {})
            if target not in told:
                reports = {**reports, nominator: {**told, target: True}}
            if nominator not in first_reports:
                first_reports = {**first_reports, nominator: (target, True)}
    facts.reports, facts.first_reports = reports, first_reports
    if facts.mafia:
        facts.team = facts.team | {facts.me}
    return facts


read_facts = gather


def reading(view: SeatView, rng: random.Random, memory: ScanMemory | None = None) -> Facts:
    """The seat's reading for the roles' tactics (``rules/variants/city_mafia``), drawing from ``rng``."""
    facts = gather(view, memory)
    facts.rng = rng
    return facts


def _fallback(decision: Decision) -> str:
    return decision.default if decision.default is not None else decision.options[0].id


def _offered(decision: Decision) -> list[int]:
    return sorted(o.target for o in seat_options(decision) if o.target is not None)


def _seat_choice(decision: Decision, rng: random.Random, prefer: list[int], avoid: set[int]) -> Choice:
    option = pick_seat(decision, rng, prefer=prefer, avoid=avoid)
    return Choice(option.id if option is not None else _fallback(decision))


# -- the mafia's shared plan -------------------------------------------------------------


def bluffer(facts: Facts) -> int | None:
    """The member who counter-claims Sheriff (the same for every member), or ``None``."""
    if not facts.mafia:
        return None
    already = [s for s in facts.sheriff_claims if s in facts.team]
    if already:
        return already[0]
    sheriff = facts.real_sheriff_guess()
    if sheriff is None or not any(black and s in facts.team for s, black in facts.reports.get(sheriff, {}).items()):
        return None
    return drawn_bluffer(facts.team, facts.living, facts.view.names, BLUFF_CHANCE)


def _doomed_partner(facts: Facts) -> int | None:
    sheriff = facts.real_sheriff_guess()
    exposed = [s for s, black in facts.reports.get(sheriff, {}).items() if black] if sheriff is not None else []
    exposed = [s for s in exposed if s in facts.team and s in facts.living and s != facts.me]
    return exposed[0] if exposed else None


def _mafia_target(facts: Facts, nominees: list[int]) -> tuple[int | None, str]:
    """The nominee the whole team votes for, with a note when it is a partner (bussing)."""
    outside = [s for s in nominees if s not in facts.team]
    doomed = _doomed_partner(facts)
    draw = facts.rolled("vote")
    if doomed in nominees and bluffer(facts) is None and draw.random() < BUS_CHANCE:
        assert doomed is not None
        return doomed, thought(facts.view, "bus_exile", doomed)
    sheriff = facts.real_sheriff_guess()
    if sheriff in outside and bluffer(facts) is not None:
        return sheriff, ""
    if not outside:
        return None, ""
    heat = Counter(t for w, t in facts.nominations if w not in facts.team and t in outside)
    if heat:
        return heat.most_common(1)[0][0], ""
    return draw.choice(sorted(outside)), ""


def _vote_mafia(facts: Facts) -> tuple[str, str]:
    candidate = facts.voting_on
    if candidate is None:
        return "no", ""
    target, note = _mafia_target(facts, facts.candidates)
    if candidate == target:
        return "yes", note
    return "no", ""


def _vote_town(facts: Facts) -> str:
    candidate = facts.voting_on
    if candidate is None:
        return "no"
    _, suspicion = facts.belief()
    others = [s for s in facts.candidates if s != facts.me] or facts.candidates  # never oneself by choice
    tilt = {s: lean(facts.me, s, len(facts.nominations)) for s in others}
    ranked = sorted(others, key=lambda s: (-(suspicion.get(s, 0.0) + tilt[s]), s))
    return "yes" if ranked and ranked[0] == candidate else "no"


# -- speeches ------------------------------------------------------------------------------


def _sheriff_speech(facts: Facts, decision: Decision, rng: random.Random, offered: set[int]) -> Choice | None:
    mine = facts.reports.get(facts.me, {})
    blacks = facts.found_mafia()
    fresh_black = [s for s in blacks if s not in mine]
    if fresh_black or (blacks and facts.sheriff_claims.get(facts.me) is not None):
        target = (fresh_black or blacks)[0]
        option = f"seat:{target}" if target in offered else _fallback(decision)
        return act_speech(facts.view, decision, rng, "reveal_mafia", option=option, target=target, claim=SHERIFF)
    if facts.me in facts.sheriff_claims or facts.me in facts.candidates:
        clears = [s for s, black in facts.checked_mafia.items() if not black and s not in mine and s in facts.living]
        if clears:
            return act_speech(
                facts.view, decision, rng, "reveal_clear", option=_fallback(decision), target=clears[-1], claim=SHERIFF
            )
    return None


def _bluff_speech(facts: Facts, decision: Decision, rng: random.Random, offered: set[int]) -> Choice:
    sheriff = facts.real_sheriff_guess()
    mine = facts.reports.get(facts.me, {})
    target = sheriff if sheriff is not None and sheriff not in mine else None
    if target is None:
        pool = sorted(s for s in facts.living if s not in facts.team and s not in mine)
        target = facts.rolled("bluff").choice(pool) if pool else None
    if target is None:
        return act_speech(facts.view, decision, rng, "neutral", option=_fallback(decision))
    option = f"seat:{target}" if target in offered else _fallback(decision)
    return act_speech(facts.view, decision, rng, "reveal_mafia", option=option, target=target, claim=SHERIFF)


def _speech(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    offered = set(_offered(decision))
    if facts.role == SHERIFF:
        spoken = _sheriff_speech(facts, decision, rng, offered)
        if spoken is not None:
            return spoken
    if facts.mafia:
        if bluffer(facts) == facts.me:
            return _bluff_speech(facts, decision, rng, offered)
        target, _ = _mafia_target(facts, [s for s in facts.living if s != facts.me])
        if target is not None and target in offered and target not in facts.team and rng.random() < NOMINATE_CHANCE:
            return act_speech(facts.view, decision, rng, "suspect", option=f"seat:{target}", target=target)
        return act_speech(facts.view, decision, rng, "neutral", option=_fallback(decision))
    suspects = [s for s in facts.suspects() if s in offered]
    if suspects:
        return act_speech(facts.view, decision, rng, "accuse", option=f"seat:{suspects[0]}", target=suspects[0])
    already = [s for s in facts.candidates if s in facts.suspects(threshold=1.0)]
    if facts.town_behind() and not facts.candidates:  # a day without a vote hands the mafia a free night
        believed, suspicion = facts.belief()
        pool = sorted(s for s in offered if s != believed)
        if pool:
            target = max(pool, key=lambda s: (suspicion.get(s, 0.0) + lean(facts.me, s, len(facts.nominations)), -s))
            return act_speech(facts.view, decision, rng, "suspect", option=f"seat:{target}", target=target)
    if not already and rng.random() < NOMINATE_CHANCE:
        believed, suspicion = facts.belief()
        pool = [s for s in offered if suspicion.get(s, 0.0) >= 0.0 and s != believed]
        if pool:
            target = rng.choice(sorted(pool))
            return act_speech(facts.view, decision, rng, "suspect", option=f"seat:{target}", target=target)
    return act_speech(facts.view, decision, rng, "neutral", option=_fallback(decision))


def _remove_all(facts: Facts, rng: random.Random) -> str:
    tied = set(facts.candidates)
    if facts.mafia:
        return "no" if tied & facts.team else "yes"
    _, suspicion = facts.belief()
    if any(suspicion.get(s, 0.0) < -1.0 for s in tied):
        return "no"
    if any(suspicion.get(s, 0.0) >= 2.0 for s in tied):
        return "yes"
    return rng.choice(("yes", "no"))


def _stage_speech(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    option = _fallback(decision)
    if facts.role == SHERIFF and facts.found_mafia():
        target = facts.found_mafia()[0]
        return act_speech(facts.view, decision, rng, "reveal_mafia", option=option, target=target, claim=SHERIFF)
    if facts.mafia and bluffer(facts) == facts.me:
        return _bluff_speech(facts, decision, rng, set())
    key = "defend" if decision.kind == "defense" else "last_words"
    return act_speech(facts.view, decision, rng, key, option=option)


def decide_noted(
    view: SeatView, decision: Decision, rng: random.Random, memory: ScanMemory | None = None
) -> tuple[Choice, str]:
    """A legal choice for ``decision`` from what ``view`` shows, with the agent's private note.

    ``memory``: the agent's record-scan memory (only records added since this seat's last decision are read).
    """
    facts = reading(view, rng, memory)
    kind = decision.kind
    note = ""
    choice: Choice
    if kind == "speech":
        choice = _speech(facts, decision, rng)
    elif kind in ("defense", "last_words"):
        choice = _stage_speech(facts, decision, rng)
    elif kind == "vote":
        if facts.mafia:
            option, note = _vote_mafia(facts)
            choice = Choice(option)
        else:
            choice = Choice(_vote_town(facts))
    elif kind == "remove_all":
        choice = Choice(_remove_all(facts, rng))
    else:  # a role's tactic (rules/variants/city_mafia: tactics/ and units/), else the default
        tactic = TACTICS.get(kind)
        chosen = tactic(facts, decision) if tactic is not None else None
        choice = chosen if chosen is not None else Choice(_fallback(decision))
    if decision.option(choice.option) is None:
        return Choice(_fallback(decision), text=choice.text if decision.speech else ""), ""
    return choice, note


def decide(view: SeatView, decision: Decision, rng: random.Random) -> Choice:
    """A legal choice for ``decision`` from what ``view`` shows."""
    return decide_noted(view, decision, rng)[0]
