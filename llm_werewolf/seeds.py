"""Game seeds: fresh ones from the operating system, and per-purpose seeds derived with a keyed hash.

A seed decides the deal, so whoever learns it learns every card. A fresh seed has
:data:`SEED_BITS` bits from :mod:`secrets`, far out of reach of anyone replaying
candidate seeds against what their seat saw. Everything else a game needs at random
(each seat's agent, the narrator, a model backend) gets its own seed from
:func:`derive_seed`: HMAC-SHA256 keyed by the game seed, so one seat's seed says
nothing of another's nor of the game seed.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

SEED_BITS = 128
"""Bits of a fresh seed."""

DERIVED_BITS = 64
"""Bits of a derived seed (what the agents' generators take)."""


def fresh_seed() -> int:
    """A new game seed with :data:`SEED_BITS` bits from the operating system's generator."""
    return secrets.randbits(SEED_BITS)


def derive_seed(seed: int, purpose: str, *parts: object) -> int:
    """A :data:`DERIVED_BITS`-bit seed for ``purpose`` (and ``parts``), keyed by the game seed."""
    key = f"llm-werewolf/seed/{seed}".encode()
    message = "\x1f".join([purpose, *map(str, parts)]).encode()
    digest = hmac.new(key, message, hashlib.sha256).digest()
    return int.from_bytes(digest[: DERIVED_BITS // 8], "big")


def seat_seed(seed: int, seat: int) -> int:
    """The seed of the agent at ``seat`` (0-based) in the game seeded ``seed``."""
    return derive_seed(seed, "seat", seat)
