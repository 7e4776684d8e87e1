"""A step of game procedure and the answers it receives (the agenda's items, :mod:`.engine`).

A step runs in a transition (``engine.Ctx``, typed ``Any`` here so that the state, which
keeps its agenda of steps, sits below the engine that runs them).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .decisions import Choice, Decision


class Step:
    """One unit of game procedure. Subclasses are frozen dataclasses; ``ctx`` is an ``engine.Ctx``."""

    __slots__ = ()

    def run(self, ctx: Any) -> None:
        raise NotImplementedError

    def resolve(self, ctx: Any, answers: Answers) -> None:
        raise NotImplementedError(f"{type(self).__name__} asked decisions but cannot resolve them")


@dataclass(frozen=True, slots=True)
class Answers:
    """The answers to every decision a step asked, in the order they were asked."""

    pairs: tuple[tuple[Decision, Choice], ...]

    def __iter__(self) -> Iterator[tuple[Decision, Choice]]:
        return iter(self.pairs)

    def __len__(self) -> int:
        return len(self.pairs)

    def single(self) -> tuple[Decision, Choice]:
        if len(self.pairs) != 1:
            raise RuntimeError(f"expected one answer, got {len(self.pairs)}")
        return self.pairs[0]

    def for_seat(self, seat: int) -> Choice | None:
        for decision, choice in self.pairs:
            if decision.seat == seat:
                return choice
        return None

    def of_kind(self, kind: str) -> tuple[tuple[Decision, Choice], ...]:
        return tuple(pair for pair in self.pairs if pair[0].kind == kind)
