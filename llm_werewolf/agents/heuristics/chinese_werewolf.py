"""Rule-of-thumb play for 狼人殺 (chinese_werewolf), reading only the seat's view.

* The seer checks seats it knows nothing about and reveals a wolf it found with a
  structured ``seer`` claim; the little girl does the same with what she peeked.
* Good players take a seat named in a seer/little-girl claim as an exposed wolf
  (unless the claim names *them*: then the claimant is a liar) and vote for it.
* Wolves never target each other: they agree on the same victim and the same exile
  target through a choice seeded by the team and the phase, which every wolf
  computes identically; a public seer claimant comes first.
* The witch saves on night 1 and poisons an exposed wolf; the guard skips night 1
  (so as not to die of 同守同救 with the witch's save) and then guards the seer
  claimant or someone else; the hunter shoots an exposed wolf or whoever voted
  against him; sheriff candidates are mostly power roles.
Every answer is checked against the decision's options before it is returned.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ...rules import SKIP, Choice, Decision, SeatView
from ...rules.events import Info, Speech, StatusChanged, VoteCast
from ..speech import canned_speech
from .common import pick_seat

WEREWOLF = "werewolf"
POWER = frozenset({"seer", "witch", "hunter", "guard"})
CLAIMS_EXPOSING = frozenset({"seer", "little_girl"})


@dataclass
class Facts:
    """What the seat knows, read once from its view."""

    view: SeatView
    me: int
    role: str
    night: int
    living: tuple[int, ...]
    team: set[int] = field(default_factory=set)
    known: dict[int, str] = field(default_factory=dict)
    extra: dict[int, str] = field(default_factory=dict)
    lover: int | None = None
    sheriff: int | None = None
    claims: dict[int, str] = field(default_factory=dict)
    exposed: set[int] = field(default_factory=set)
    liars: set[int] = field(default_factory=set)
    voted_me: set[int] = field(default_factory=set)
    victim_seen: int | None = None

    @property
    def wolf(self) -> bool:
        return self.role == WEREWOLF

    def found_wolves(self) -> list[int]:
        """Living wolves this seat learned privately (seer checks, a peek)."""
        return [s for s, r in sorted(self.known.items()) if r == WEREWOLF and s in self.living and s != self.me]

    def suspects(self) -> list[int]:
        """Living seats a good player should vote for, most certain first."""
        ordered = [*self.found_wolves(), *sorted(self.exposed), *sorted(self.liars)]
        seen: list[int] = []
        for seat in ordered:
            if seat in self.living and seat != self.me and seat != self.lover and seat not in seen:
                seen.append(seat)
        return seen

    def trusted(self) -> set[int]:
        good = {s for s, r in self.known.items() if r != WEREWOLF}
        good |= {s for s, c in self.claims.items() if c in CLAIMS_EXPOSING and s not in self.liars}
        if self.lover is not None:
            good.add(self.lover)
        return good - {self.me}


def _named(text: str, names: tuple[str, ...], speaker: int) -> int | None:
    """The seat whose name occurs first in ``text`` (longest names matched first)."""
    best: tuple[int, int] | None = None
    for index in sorted(range(len(names)), key=lambda i: -len(names[i])):
        name = names[index]
        at = text.find(name) if name else -1
        if at < 0:
            continue
        text = text.replace(name, " " * len(name))
        if index != speaker and (best is None or at < best[0]):
            best = (at, index)
    return None if best is None else best[1]


def read_facts(view: SeatView) -> Facts:
    me = view.seat if view.seat is not None else -1
    phase = view.phase
    night = int(phase.split(":")[1]) if ":" in phase else 0
    facts = Facts(view=view, me=me, role=view.role or "", night=night, living=view.living())
    for record in view.records:
        event = record.event
        if isinstance(event, Info):
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
        elif isinstance(event, Speech) and event.claim:
            facts.claims[event.seat] = event.claim
            if event.claim in CLAIMS_EXPOSING:
                named = _named(event.text, view.names, event.seat)
                if named is None:
                    continue
                if named == me and facts.role != WEREWOLF:
                    facts.liars.add(event.seat)
                elif event.seat not in facts.liars:
                    facts.exposed.add(named)
        elif isinstance(event, StatusChanged) and event.status == "sheriff":
            if event.value == "off" and facts.sheriff == event.seat:
                facts.sheriff = None
            elif event.value != "off":
                facts.sheriff = event.seat
        elif isinstance(event, VoteCast) and event.ballot.startswith("exile") and event.target == me:
            facts.voted_me.add(event.seat)
    if facts.wolf:
        facts.team.add(me)
        facts.team.update(s for s, r in facts.known.items() if r == WEREWOLF)
        facts.exposed -= facts.team
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


def _team_pick(facts: Facts, decision: Decision, ballot: str) -> Choice:
    """The same target for every wolf: claimants first, else a team-seeded draw."""
    targets = [
        o.target for o in decision.options if o.kind == "seat" and o.target is not None and o.target not in facts.team
    ]
    if not targets:
        return Choice(decision.default or decision.options[0].id)
    for wanted in ("little_girl_caught", "seer", "witch", "little_girl", "guard"):
        if wanted == "little_girl_caught":
            seats = [s for s, r in facts.known.items() if r == "little_girl"]
        else:
            seats = [s for s, c in sorted(facts.claims.items()) if c == wanted]
        for seat in seats:
            if seat in targets:
                return Choice(f"seat:{seat}")
    team_rng = random.Random(f"{ballot}:{facts.view.phase}:{sorted(facts.team)}")
    return Choice(f"seat:{team_rng.choice(sorted(targets))}")


def _speech(facts: Facts, decision: Decision, rng: random.Random, key: str, *, target: int | None = None) -> Choice:
    text = canned_speech(facts.view, key, rng, target=target)
    return Choice(decision.options[0].id, text=text)


def _claim(facts: Facts, decision: Decision, rng: random.Random, key: str, role: str, target: int | None) -> Choice:
    text = canned_speech(facts.view, key, rng, target=target, role=role)
    return Choice(decision.options[0].id, text=text, claim=role)


# -- night -------------------------------------------------------------------------


def _thief(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    for option in decision.options:
        if option.kind == "center" and option.target is not None and facts.extra.get(option.target) in POWER:
            return Choice(option.id)
    return Choice(decision.default or decision.options[0].id)


def _cupid(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    if rng.random() < 0.4:
        own = _seat_choice(decision, facts.me)
        if own is not None:
            return own
    return _random_seat(decision, rng, avoid=())


def _guard(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    if facts.night <= 1:
        return Choice(SKIP)
    seers = [s for s, c in facts.claims.items() if c == "seer" and s not in facts.liars]
    return _first_offered(decision, seers) or _random_seat(decision, rng, avoid=facts.suspects())


def _seer(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    return _random_seat(decision, rng, avoid=[*facts.known, facts.me, *([facts.lover] if facts.lover else [])])


def _wolf_kill(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    return _team_pick(facts, decision, "kill")


def _peek(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    return Choice("peek")


def _antidote(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    victim = facts.victim_seen
    if facts.night <= 1 or (victim is not None and facts.claims.get(victim) == "seer"):
        return Choice("antidote")
    return Choice(SKIP)


def _poison(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    return _first_offered(decision, facts.suspects()[:2]) or Choice(SKIP)


# -- sheriff -----------------------------------------------------------------------


def _run(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    chance = 0.7 if facts.role in POWER else (0.2 if facts.wolf else 0.15)
    return Choice("run" if rng.random() < chance else SKIP)


def _withdraw(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    other_seer = any(c == "seer" and s != facts.me for s, c in facts.claims.items())
    if other_seer and not facts.wolf and facts.role != "seer":
        return Choice("withdraw")
    return Choice("stay")


def _sheriff_vote(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    if facts.wolf:
        pick = _first_offered(decision, sorted(facts.team))
    else:
        pick = _first_offered(decision, [s for s in facts.trusted() if facts.claims.get(s) == "seer"])
        pick = pick or _first_offered(decision, sorted(facts.trusted()))
    return pick or _random_seat(decision, rng, avoid=facts.suspects())


def _badge(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    if facts.wolf:
        heirs = sorted(facts.team - {facts.me})
    else:
        heirs = [s for s in sorted(facts.trusted()) if s not in facts.suspects()]
    return _first_offered(decision, heirs) or Choice("tear")


def _order(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    return Choice(rng.choice(decision.options).id)


# -- day ---------------------------------------------------------------------------


def _discussion(facts: Facts, decision: Decision, rng: random.Random, *, campaign: bool = False) -> Choice:
    found = facts.found_wolves()
    if facts.role == "seer":
        if found:
            return _claim(facts, decision, rng, "seer_wolf", "seer", found[0])
        if campaign:
            return _claim(facts, decision, rng, "seer_claim", "seer", None)
    if facts.role == "little_girl" and found:
        return _claim(facts, decision, rng, "little_girl_wolf", "little_girl", found[0])
    if campaign:
        return _speech(facts, decision, rng, "campaign")
    if facts.wolf:
        return _speech(facts, decision, rng, "wolf_deflect")
    suspects = facts.suspects()
    if suspects:
        return _speech(facts, decision, rng, "accuse", target=suspects[0])
    return _speech(facts, decision, rng, "neutral")


def _campaign(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    return _discussion(facts, decision, rng, campaign=True)


def _defense(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    return _speech(facts, decision, rng, "defense")


def _last_words(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    found = [s for s, r in sorted(facts.known.items()) if r == WEREWOLF and s in facts.living]
    if facts.role in ("seer", "little_girl") and found:
        key = "seer_wolf" if facts.role == "seer" else "little_girl_wolf"
        return _claim(facts, decision, rng, key, facts.role, found[0])
    suspects = [s for s in facts.suspects() if s in facts.living]
    if suspects and not facts.wolf:
        return _speech(facts, decision, rng, "last_words_suspect", target=suspects[0])
    return _speech(facts, decision, rng, "last_words")


def _exile(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    if facts.wolf:
        return _team_pick(facts, decision, "exile")
    pick = _first_offered(decision, facts.suspects())
    if pick is not None:
        return pick
    if rng.random() < 0.15:
        return Choice(SKIP) if decision.option(SKIP) else _random_seat(decision, rng, avoid=())
    avoid = [*facts.trusted(), facts.me]
    return _random_seat(decision, rng, avoid=avoid)


def _hunter(facts: Facts, decision: Decision, rng: random.Random) -> Choice:
    targets = facts.suspects() if not facts.wolf else []
    targets += sorted(facts.voted_me - facts.trusted() - facts.team)
    return _first_offered(decision, targets) or Choice(SKIP)


Handler = Callable[[Facts, Decision, random.Random], Choice]

HANDLERS: dict[str, Handler] = {
    "thief_swap": _thief,
    "cupid": _cupid,
    "guard": _guard,
    "seer_check": _seer,
    "wolf_kill": _wolf_kill,
    "little_girl_peek": _peek,
    "witch_antidote": _antidote,
    "witch_poison": _poison,
    "sheriff_run": _run,
    "campaign": _campaign,
    "sheriff_withdraw": _withdraw,
    "sheriff_vote": _sheriff_vote,
    "badge": _badge,
    "sheriff_order": _order,
    "speech": _discussion,
    "exile_vote": _exile,
    "defense": _defense,
    "hunter_shot": _hunter,
    "last_words": _last_words,
}


def _legal(choice: Choice, decision: Decision, view: SeatView, rng: random.Random) -> Choice:
    if decision.option(choice.option) is None:
        choice = Choice(decision.default or decision.options[0].id)
    if not decision.speech:
        return Choice(choice.option) if choice.text or choice.claim else choice
    if not choice.text:
        return Choice(choice.option, text=canned_speech(view, "neutral", rng), claim=choice.claim)
    return choice


def decide(view: SeatView, decision: Decision, rng: random.Random) -> Choice:
    """A sensible legal answer for ``decision`` from what ``view`` shows."""
    handler = HANDLERS.get(decision.kind)
    if handler is None:
        return _legal(Choice(decision.default or rng.choice(decision.options).id), decision, view, rng)
    return _legal(handler(read_facts(view), decision, rng), decision, view, rng)
