"""A small, pure, seeded random number generator owned by the game state.

The generator is SplitMix64: its whole state is one 64-bit integer, so it can
live inside the immutable game state, be copied for free and be written into a
transcript. Every draw returns the value *and* the next generator; nothing is
global and nothing depends on the wall clock.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def fold_seed(seed: int) -> int:
    """``seed`` reduced to 64 bits: unchanged below 2**64 (and for negative seeds, as before);
    above, each further 64-bit word is mixed in, so seeds differing only in high bits differ."""
    value = seed & _MASK
    high = seed >> 64
    while high > 0:
        value = _mix(value ^ _mix((high & _MASK) ^ _GOLDEN))
        high >>= 64
    return value


@dataclass(slots=True, unsafe_hash=True)
class Rng:
    """SplitMix64 generator, immutable by discipline (every draw returns a new one; not a frozen
    dataclass because building a frozen instance costs more than the draw itself)."""

    state: int

    @staticmethod
    def from_seed(seed: int) -> Rng:
        """The generator of ``seed``; every bit of a seed wider than 64 bits counts (see :func:`fold_seed`)."""
        return Rng(_mix((fold_seed(seed) * _GOLDEN) & _MASK))

    def next_u64(self) -> tuple[int, Rng]:
        state = (self.state + _GOLDEN) & _MASK
        return _mix(state), Rng(state)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        limit = _MASK - (_MASK % n)
        rng = self
        while True:
            value, rng = rng.next_u64()
            if value < limit:
                return value % n, rng

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        index, rng = self.below(len(items))
        return items[index], rng

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """Fisher-Yates shuffle returning a new tuple."""
        out = list(items)
        rng = self
        for i in range(len(out) - 1, 0, -1):
            j, rng = rng.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), rng

    def random(self) -> tuple[float, Rng]:
        """A float in ``[0, 1)`` with 53 bits of precision."""
        value, rng = self.next_u64()
        return (value >> 11) / float(1 << 53), rng
