"""Facts a heuristic can read from a seat's view (never from the game state)."""

from __future__ import annotations

import random
import zlib
from _random import Random as _CoreRandom
from collections.abc import Collection, Iterable
from functools import lru_cache
from hashlib import sha512
from typing import Any

from ...rules import Decision, Option, SeatView
from ...rules.events import Info, Speech, VoteCast


def seat_options(decision: Decision) -> list[Option]:
    return [o for o in decision.options if o.kind == "seat" and o.target is not None]


def pick_seat(
    decision: Decision,
    rng: random.Random,
    *,
    prefer: Iterable[int] = (),
    avoid: Iterable[int] = (),
) -> Option | None:
    """A seat option: the first preferred one offered, else a random one not avoided."""
    options = seat_options(decision)
    by_target = {o.target: o for o in options}
    for seat in prefer:
        if seat in by_target:
            return by_target[seat]
    avoided = set(avoid)
    pool = [o for o in options if o.target not in avoided] or options
    return rng.choice(pool) if pool else None


def option(decision: Decision, option_id: str) -> Option | None:
    return decision.option(option_id)


def known_roles(view: SeatView, fact: str = "role") -> dict[int, str]:
    """Roles this seat learned through private ``Info`` records (seer results...)."""
    known: dict[int, str] = {}
    for record in view.records:
        event = record.event
        if isinstance(event, Info) and event.fact == fact and event.subject is not None and event.value:
            known[event.subject] = event.value
    return known


def infos(view: SeatView, fact: str) -> list[Info]:
    return [r.event for r in view.records if isinstance(r.event, Info) and r.event.fact == fact]


def public_claims(view: SeatView) -> dict[int, str]:
    """The latest structured role claim of each seat."""
    claims: dict[int, str] = {}
    for record in view.records:
        event = record.event
        if isinstance(event, Speech) and event.claim:
            claims[event.seat] = event.claim
    return claims


def votes_against(view: SeatView, ballot: str) -> dict[int, int]:
    """How many visible ballots of kind ``ballot`` each seat received so far."""
    counts: dict[int, int] = {}
    for record in view.records:
        event = record.event
        if isinstance(event, VoteCast) and event.ballot == ballot and event.target is not None:
            counts[event.target] = counts.get(event.target, 0) + 1
    return counts


def lean(*parts: int) -> float:
    """A personal, stable number in [0, 1) for integer ``parts`` (no generator object: cheap).

    Heuristic players use it for a lean that must stay the same across a game (whom to believe
    in a claim war); it depends only on the integers given, never on the process.
    """
    value = 0x345678
    for part in parts:
        value = (value * 1000003 ^ (part & 0xFFFFFFFF)) & 0xFFFFFFFFFFFF
    value ^= value >> 29
    value = (value * 0x5DEECE66D) & 0xFFFFFFFFFFFF
    return (value >> 16) / float(1 << 32)


def team_draw(text: str) -> random.Random:
    """A generator seeded from ``text`` (a CRC, so every wolf gets the same draws in every process).

    ``random.Random(zlib.crc32(text))``, seeded at its first draw (:class:`DeferredRandom`): a team draw
    made ready for a branch the decision does not take (most wolf votes follow the table) costs nothing."""
    return DeferredRandom(zlib.crc32(text.encode()))


_core_seed = _CoreRandom.seed


class DeferredRandom(random.Random):
    """``random.Random(seed)`` for an integer or a bytes ``seed``, seeded at its first draw: seeding (and
    hashing a bytes seed, as ``Random.seed`` does) costs more than a vote or a night action that draws
    nothing (most of them) spends on everything else.

    Every draw and the state are ``random.Random(seed)``'s: the first call of one of the core's methods
    (``random``, ``getrandbits``, which every other draw goes through) or of ``getstate``, ``setstate``
    or ``seed`` seeds the core and turns the generator into a plain ``random.Random``, whose own methods
    answer from then on.
    """

    def __init__(self, seed: int | bytes) -> None:  # ``Random.__init__`` would seed now
        self._pending = seed
        self.gauss_next = None

    # A method bound before the first draw (``gauss`` keeps ``self.random``) still answers after it.
    def random(self) -> float:
        _start(self)
        return _core_random(self)

    def getrandbits(self, k: int, /) -> int:
        _start(self)
        return _core_getrandbits(self, k)

    def getstate(self) -> tuple[Any, ...]:
        _start(self)
        return self.getstate()

    def setstate(self, state: tuple[Any, ...]) -> None:
        _start(self)
        self.setstate(state)

    def seed(self, a: Any = None, version: int = 2) -> None:
        _start(self)
        self.seed(a, version)

    def __reduce__(self) -> tuple[Any, ...]:
        """A copy is a plain ``random.Random`` in the same state."""
        _start(self)
        return self.__reduce__()


def _start(rng: random.Random) -> None:
    """Seed a :class:`DeferredRandom` not seeded yet and make it a plain ``random.Random`` (the same layout)."""
    if type(rng) is DeferredRandom:
        seed = rng._pending
        rng.__class__ = random.Random  # type: ignore[assignment]  # the same layout, without the deferral
        _core_seed(rng, seed if isinstance(seed, int) else int.from_bytes(seed + sha512(seed).digest()))


_core_random = _CoreRandom.random
_core_getrandbits = _CoreRandom.getrandbits


@lru_cache(maxsize=8192)
def team_chance(text: str) -> float:
    """``team_draw(text).random()``, remembered: seeding a generator costs more than a decision may."""
    return team_draw(text).random()


def drawn_bluffer(team: Collection[int], living: Collection[int], names: object, chance: float) -> int | None:
    """The evil team's counter-claimer this game, drawn alike by every member (``None`` in the other games)."""
    ordered = tuple(sorted(team))
    return _drawn_bluffer(ordered, tuple(s for s in ordered if s in living), names, chance)


@lru_cache(maxsize=8192)
def _drawn_bluffer(team: tuple[int, ...], members: tuple[int, ...], names: object, chance: float) -> int | None:
    draw = team_draw(f"bluff:{list(team)}:{names}")
    if draw.random() >= chance:
        return None
    return draw.choice(members) if members else None
