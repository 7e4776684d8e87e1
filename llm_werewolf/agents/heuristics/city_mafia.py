"""Heuristic play for city Mafia, reading only the seat's view.

The Sheriff checks unchecked players and, having found a mafia member, claims
and nominates him; the mafia names a claimed Sheriff, the Don's known Sheriff,
or else the lowest-numbered candidate (so the team always agrees); the Don
checks claimed Sheriffs first; the Doctor protects a claimed Sheriff; the
Putana blocks a suspect; the Maniac kills at random; the town nominates and
votes for players the Sheriff exposed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ...rules import Choice, Decision, SeatView
from ...rules.events import Announcement, PhaseStarted, Speech, VoteTally
from ..speech import canned_speech
from .common import infos, pick_seat, public_claims, seat_options

SHERIFF = "sheriff"
MAFIA_ROLES = frozenset({"mafia", "don"})
NOMINATE_CHANCE = 0.35


@dataclass
class Facts:
    """What this seat knows, gathered once per decision from its visible records."""

    me: int
    role: str | None
    living: tuple[int, ...]
    team: set[int] = field(default_factory=set)
    checked_mafia: dict[int, bool] = field(default_factory=dict)
    checked_sheriff: dict[int, bool] = field(default_factory=dict)
    claims: dict[int, str] = field(default_factory=dict)
    exposed: set[int] = field(default_factory=set)
    revealed_by_me: set[int] = field(default_factory=set)
    candidates: list[int] = field(default_factory=list)
    voting_on: int | None = None

    @property
    def mafia(self) -> bool:
        return self.role in MAFIA_ROLES

    def claimed_sheriffs(self) -> list[int]:
        return [s for s, role in self.claims.items() if role == SHERIFF and s in self.living and s != self.me]

    def found_mafia(self) -> list[int]:
        return [s for s, yes in self.checked_mafia.items() if yes and s in self.living]


def gather(view: SeatView) -> Facts:
    assert view.seat is not None
    facts = Facts(me=view.seat, role=view.role, living=view.living(), claims=public_claims(view))
    for member in infos(view, "team"):
        if member.subject is not None:
            facts.team.add(member.subject)
    for fact, known in (("mafia", facts.checked_mafia), ("sheriff", facts.checked_sheriff)):
        for result in infos(view, fact):
            if result.subject is not None:
                known[result.subject] = result.value == "yes"
    speaker_claims: dict[int, str] = {}
    for record in view.records:
        event = record.event
        if isinstance(event, PhaseStarted) and event.phase == "day":
            facts.candidates = []
        elif isinstance(event, Speech) and event.claim:
            speaker_claims[event.seat] = event.claim
        elif isinstance(event, Announcement):
            if event.key == "nomination" and len(event.seats) == 2:
                nominator, target = event.seats
                facts.candidates.append(target)
                if speaker_claims.get(nominator) == SHERIFF:
                    facts.exposed.add(target)
                    if nominator == facts.me:
                        facts.revealed_by_me.add(target)
            elif event.key == "vote_on" and event.seats:
                facts.voting_on = event.seats[0]
        elif isinstance(event, VoteTally) and event.result == "tie":
            facts.candidates = list(event.targets)
    facts.exposed -= {facts.me}
    return facts


def _seat_choice(decision: Decision, rng: random.Random, prefer: list[int], avoid: set[int]) -> Choice:
    option = pick_seat(decision, rng, prefer=prefer, avoid=avoid)
    return Choice(option.id if option is not None else _fallback(decision))


def _fallback(decision: Decision) -> str:
    return decision.default if decision.default is not None else decision.options[0].id


def _night_kill(facts: Facts, decision: Decision) -> Choice:
    targets = sorted(o.target for o in seat_options(decision) if o.target is not None)
    known = [s for s, yes in facts.checked_sheriff.items() if yes]
    for seat in [*known, *facts.claimed_sheriffs(), *targets]:
        if seat in targets and seat not in facts.team:
            return Choice(f"seat:{seat}")
    return Choice(_fallback(decision))


def _speech(view: SeatView, facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    offered = {o.target for o in seat_options(decision)}
    if facts.role == SHERIFF:
        for target in facts.found_mafia():
            if target not in facts.revealed_by_me and target in offered:
                text = canned_speech(view, "reveal_mafia", rng, target=target, role=SHERIFF)
                return Choice(f"seat:{target}", text=text, claim=SHERIFF)
    prefer = [s for s in facts.exposed if s not in facts.team]
    if facts.mafia:
        prefer = [s for s in facts.claimed_sheriffs() if s not in facts.team] + prefer
    for target in prefer:
        if target in offered:
            return Choice(f"seat:{target}", text=canned_speech(view, "accuse", rng, target=target))
    avoid = facts.team | set(facts.claimed_sheriffs()) | {facts.me}
    pool = sorted(s for s in offered if s is not None and s not in avoid)
    if pool and rng.random() < NOMINATE_CHANCE:
        target = rng.choice(pool)
        return Choice(f"seat:{target}", text=canned_speech(view, "suspect", rng, target=target))
    return Choice(_fallback(decision), text=canned_speech(view, "neutral", rng))


def _vote(facts: Facts, rng: random.Random) -> str:
    candidate = facts.voting_on
    if candidate is None:
        return "no"
    later = facts.candidates[facts.candidates.index(candidate) + 1 :] if candidate in facts.candidates else []
    if facts.mafia:
        if candidate in facts.team:
            return "no"
        if candidate in facts.claimed_sheriffs() or all(s in facts.team for s in later):
            return "yes"
    else:
        if candidate in facts.exposed:
            return "yes"
        if any(s in facts.exposed for s in later) or candidate in facts.claimed_sheriffs():
            return "no"
    return "yes" if rng.random() < 1 / (len(later) + 1) else "no"


def _remove_all(facts: Facts, rng: random.Random) -> str:
    tied = set(facts.candidates)
    if facts.mafia:
        return "no" if tied & facts.team else "yes"
    if tied & facts.exposed:
        return "yes"
    if tied & set(facts.claimed_sheriffs()):
        return "no"
    return rng.choice(("yes", "no"))


def _stage_speech(view: SeatView, facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    option = _fallback(decision)
    if facts.role == SHERIFF and facts.found_mafia():
        target = facts.found_mafia()[0]
        return Choice(option, text=canned_speech(view, "reveal_mafia", rng, target=target, role=SHERIFF), claim=SHERIFF)
    key = "defend" if decision.kind == "defense" else "last_words"
    return Choice(option, text=canned_speech(view, key, rng))


def decide(view: SeatView, decision: Decision, rng: random.Random) -> Choice:
    """A legal choice for ``decision`` from what ``view`` shows."""
    facts = gather(view)
    kind = decision.kind
    choice: Choice
    if kind == "putana_block":
        choice = _seat_choice(decision, rng, sorted(facts.exposed), set(facts.claimed_sheriffs()))
    elif kind in ("mafia_kill", "mafia_suggest"):
        choice = _night_kill(facts, decision)
    elif kind == "don_check":
        unchecked = {s for s in facts.living if s not in facts.checked_sheriff}
        prefer = [s for s in facts.claimed_sheriffs() if s in unchecked]
        choice = _seat_choice(decision, rng, prefer, set(facts.checked_sheriff) | facts.team)
    elif kind == "sheriff_check":
        choice = _seat_choice(decision, rng, [], set(facts.checked_mafia))
    elif kind == "doctor_heal":
        choice = _seat_choice(decision, rng, facts.claimed_sheriffs(), set())
    elif kind == "maniac_kill":
        choice = _seat_choice(decision, rng, [], set())
    elif kind == "speech":
        choice = _speech(view, facts, decision, rng)
    elif kind in ("defense", "last_words"):
        choice = _stage_speech(view, facts, decision, rng)
    elif kind == "vote":
        choice = Choice(_vote(facts, rng))
    elif kind == "remove_all":
        choice = Choice(_remove_all(facts, rng))
    else:
        choice = Choice(_fallback(decision))
    if decision.option(choice.option) is None:
        return Choice(_fallback(decision), text=choice.text if decision.speech else "")
    return choice
