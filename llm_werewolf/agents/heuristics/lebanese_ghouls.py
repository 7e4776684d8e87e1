"""Heuristic play for lebanese_ghouls ("Min El Ghoul?"), from the seat's view only.

* Bassara: looks at unknown seats; once she has found a living ghoul she names it (claim ``bassara``).
* Ghouls: agree on one prey by a rule every ghoul computes alike from shared facts (a farmer who
  exposed a ghoul first, else a seat picked by the night number); never a partner or their lover.
* Sahra: saves the first prey she is shown, poisons a ghoul exposed in public.
* Jara: always peeks, then names a living ghoul she saw (claim ``jara``).
* Sayyad: shoots an exposed ghoul, else the player most voted against.
* Everyone votes for a ghoul they know of or that was exposed, never for their lover or partners.

A ghoul counts as *exposed* when a speech claiming ``bassara`` or ``jara`` names one other seat
(the only one, or the one named most often): names are matched as whole words, in any language.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable

from ...rules import Choice, Decision, Option, SeatView
from ...rules.events import Speech, VoteCast
from ..speech import canned_speech
from .common import infos, known_roles, pick_seat, seat_options

GHOUL = "ghoul"
BASSARA = "bassara"
JARA = "jara"
EXPOSERS = frozenset({BASSARA, JARA})


# -- facts from the view -------------------------------------------------------------------------
def _night_number(view: SeatView) -> int:
    _, _, number = view.phase.partition(":")
    return int(number) if number.isdigit() else 0


def _lover(view: SeatView) -> int | None:
    for info in infos(view, "lover"):
        return info.subject
    return None


def _partners(view: SeatView) -> set[int]:
    """Fellow ghouls (for a ghoul)."""
    return {seat for seat, role in known_roles(view, "team").items() if role == GHOUL} - {view.seat}


def _mentions(view: SeatView, text: str) -> dict[int, int]:
    """How often each seat's name occurs in ``text`` as a whole word."""
    found: dict[int, int] = {}
    for seat, name in enumerate(view.names):
        count = len(re.findall(rf"(?<!\w){re.escape(name)}(?!\w)", text))
        if count:
            found[seat] = count
    return found


def _named(view: SeatView, speech: Speech) -> int | None:
    """The one seat a speech is about: the only other seat named, else the one named most often."""
    counts = _mentions(view, speech.text)
    counts.pop(speech.seat, None)
    if not counts:
        return None
    ranked = sorted(counts.items(), key=lambda kv: -kv[1])
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        return None
    return ranked[0][0]


def _exposures(view: SeatView) -> dict[int, int]:
    """Seat named as a ghoul -> the seat (claiming Bassara or Jara) who named it."""
    exposed: dict[int, int] = {}
    for record in view.records:
        event = record.event
        if isinstance(event, Speech) and event.claim in EXPOSERS:
            named = _named(view, event)
            if named is not None:
                exposed.setdefault(named, event.seat)
    return exposed


def _own_ghoul_knowledge(view: SeatView) -> list[int]:
    """Ghouls this seat saw itself (the Bassara's looks, the Jara's peeks)."""
    seen = [seat for seat, role in known_roles(view).items() if role == GHOUL]
    for info in infos(view, "ghouls_seen"):
        seen.extend(info.seats)
    return [s for s in dict.fromkeys(seen) if view.alive[s]]


def _cleared(view: SeatView) -> set[int]:
    return {seat for seat, role in known_roles(view).items() if role != GHOUL}


def _most_voted(view: SeatView) -> list[int]:
    counts: dict[int, int] = {}
    for record in view.records:
        event = record.event
        if isinstance(event, VoteCast) and event.ballot.startswith("execution") and event.target is not None:
            counts[event.target] = counts.get(event.target, 0) + 1
    return sorted(counts, key=lambda s: -counts[s])


# -- choosing ------------------------------------------------------------------------------------
def _fallback(decision: Decision) -> Choice:
    return Choice(decision.default or decision.options[0].id)


def _seat_choice(
    decision: Decision, rng: random.Random, prefer: Iterable[int] = (), avoid: Iterable[int] = ()
) -> Choice:
    option = pick_seat(decision, rng, prefer=prefer, avoid=avoid)
    return Choice(option.id) if option is not None else _fallback(decision)


def _agreed_pick(options: list[Option], number: int) -> Option:
    """The same seat for every ghoul holding the same options (no shared randomness needed)."""
    ordered = sorted(options, key=lambda o: o.target or 0)
    return ordered[(number * 7 + 3) % len(ordered)]


def _ghoul_target(view: SeatView, decision: Decision) -> Choice:
    lover = _lover(view)
    options = seat_options(decision)
    exposers = set(_exposures(view).values())
    claimers = [o for o in options if o.target in exposers and o.target != lover]
    if claimers:
        return Choice(claimers[0].id)
    pick = _agreed_pick(options, _night_number(view))
    if pick.target == lover and len(options) > 1:
        pick = _agreed_pick([o for o in options if o.target != lover], _night_number(view))
    return Choice(pick.id)


def _vote(view: SeatView, decision: Decision, rng: random.Random) -> Choice:
    lover = _lover(view)
    avoid = {lover} if lover is not None else set()
    if view.role == GHOUL:
        partners = _partners(view)
        avoid |= partners
        exposers = [e for g, e in _exposures(view).items() if g in partners or g == view.seat]
        offered = [o for o in seat_options(decision) if o.target not in avoid]
        if exposers or not offered:
            return _seat_choice(decision, rng, prefer=exposers, avoid=avoid)
        return Choice(_agreed_pick(offered, _night_number(view)).id)
    prefer = [*_own_ghoul_knowledge(view), *_exposures(view)]
    return _seat_choice(decision, rng, prefer=prefer, avoid=avoid | _cleared(view))


def _speech(view: SeatView, decision: Decision, rng: random.Random) -> Choice:
    option = decision.options[0].id
    if view.role in EXPOSERS:
        found = _own_ghoul_knowledge(view)
        if found:
            key = "reveal_ghoul" if view.role == BASSARA else "jara_saw"
            text = canned_speech(view, key, rng, target=found[0], role=view.role)
            return Choice(option, text=text, claim=view.role)
    if view.role == GHOUL and view.seat in _exposures(view):
        return Choice(option, text=canned_speech(view, "defend", rng))
    return Choice(option, text=canned_speech(view, "neutral", rng))


def _shot(view: SeatView, decision: Decision, rng: random.Random) -> Choice:
    lover = _lover(view)
    prefer = [*_own_ghoul_knowledge(view), *_exposures(view), *_most_voted(view)]
    return _seat_choice(decision, rng, prefer=prefer, avoid={lover} if lover is not None else ())


def _poison(view: SeatView, decision: Decision) -> Choice:
    lover = _lover(view)
    for seat in _exposures(view):
        option = decision.option(f"seat:{seat}")
        if option is not None and seat != lover:
            return Choice(option.id)
    return _fallback(decision)


def _umm_lhaf(view: SeatView, decision: Decision, rng: random.Random) -> Choice:
    if decision.kind == "umm_lhaf_first" and view.seat is not None and rng.random() < 1 / 3:
        return _seat_choice(decision, rng, prefer=[view.seat])
    return _seat_choice(decision, rng, avoid=[view.seat] if view.seat is not None else ())


def decide(view: SeatView, decision: Decision, rng: random.Random) -> Choice:
    kind = decision.kind
    if kind == "speech":
        return _speech(view, decision, rng)
    if kind == "vote":
        return _vote(view, decision, rng)
    if kind == "ghoul_kill":
        return _ghoul_target(view, decision)
    if kind == "bassara_look":
        known = set(known_roles(view))
        return _seat_choice(decision, rng, avoid=known)
    if kind == "jara_peek":
        return Choice("peek") if decision.option("peek") else _fallback(decision)
    if kind == "sahra_elixir":
        return Choice("elixir") if decision.option("elixir") else _fallback(decision)
    if kind == "sahra_poison":
        return _poison(view, decision)
    if kind == "sayyad_shot":
        return _shot(view, decision, rng)
    if kind in ("umm_lhaf_first", "umm_lhaf_second"):
        return _umm_lhaf(view, decision, rng)
    return _fallback(decision)
