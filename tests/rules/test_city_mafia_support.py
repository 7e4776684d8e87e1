"""Helpers shared by the city_mafia tests (no tests here): a table with scripted answers."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from llm_werewolf.rules import Choice, Decision, Game, GameConfig, Visibility
from llm_werewolf.rules.events import EventBody

Answer = str | Choice
Script = Mapping[tuple[int, str], object]
"""``(seat, decision kind)`` -> answers (option ids or :class:`Choice`), used in order."""
E = TypeVar("E", bound=EventBody)


@dataclass(frozen=True)
class Seen(Generic[E]):
    """A record whose event has a known type."""

    event: E
    phase: str
    vis: Visibility


class Table:
    """A ``city_mafia`` game with a fixed deal; seat ``i`` is named ``S<i>``.

    ``script[(seat, kind)]`` lists the answers (option ids or Choices) used in order;
    any other decision gets its default option (else its first option).
    """

    def __init__(
        self,
        roles: Iterable[str],
        script: Script | None = None,
        /,
        **options: Any,
    ) -> None:
        cards = tuple(roles)
        self.game = Game(
            GameConfig(
                variant="city_mafia",
                names=tuple(f"S{i}" for i in range(len(cards))),
                roles=cards,
                options=options,
            )
        )
        self.queues: dict[tuple[int, str], deque[Answer]] = {}
        for key, answers in (script or {}).items():
            assert isinstance(answers, (list, tuple))
            self.queues[key] = deque(answers)
        self.asked: list[tuple[Decision, bool]] = []

    def add(self, seat: int, kind: str, *answers: Answer) -> None:
        self.queues.setdefault((seat, kind), deque()).extend(answers)

    def choice_for(self, decision: Decision) -> Choice:
        queue = self.queues.get((decision.seat, decision.kind))
        if queue:
            answer = queue.popleft()
            assert isinstance(answer, (str, Choice))
            return answer if isinstance(answer, Choice) else Choice(answer)
        return Choice(decision.default or decision.options[0].id)

    def step(self) -> None:
        """Answer every pending decision once."""
        for decision in self.game.pending:
            self.asked.append((decision, self.game.state.is_alive(decision.seat)))
            self.game.submit(decision.id, self.choice_for(decision))

    def run(self, until: Callable[[Table], bool] | None = None, *, limit: int = 20_000) -> Table:
        """Answer decisions until the game ends or ``until(self)`` holds before an answer."""
        for _ in range(limit):
            if self.game.over or (until is not None and until(self)):
                return self
            self.step()
        raise AssertionError("the game did not stop")

    def run_to(self, phase: str) -> Table:
        """Run until the first decision asked in ``phase`` (e.g. ``"day:1"``) or the end."""
        return self.run(lambda t: t.game.state.phase.label == phase)

    def pending_kinds(self) -> list[tuple[int, str]]:
        return [(d.seat, d.kind) for d in self.game.pending]

    def events(self, kind: type[E], **fields: Any) -> list[E]:
        return [r.event for r in self.records(kind, **fields)]

    def records(self, kind: type[E], **fields: Any) -> list[Seen[E]]:
        return [
            Seen(r.event, r.phase, r.vis)
            for r in self.game.records
            if isinstance(r.event, kind) and all(getattr(r.event, k) == v for k, v in fields.items())
        ]

    def kinds_asked(self) -> list[str]:
        return [decision.kind for decision, _ in self.asked]

    def alive(self) -> tuple[int, ...]:
        return self.game.state.living()


def seat(i: int) -> str:
    return f"seat:{i}"
