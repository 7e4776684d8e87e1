"""Helpers shared by the chinese_werewolf tests (no tests here): a fixed deal with scripted answers."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from llm_werewolf.rules import Choice, Decision, Game, GameConfig
from llm_werewolf.rules.events import Died, EventBody, Record

VARIANT = "chinese_werewolf"
Answer = int | str | Choice
E = TypeVar("E", bound=EventBody)


class Table:
    """A ``chinese_werewolf`` game with a fixed deal; seat ``i`` is named ``S<i>``.

    ``answer(seat, kind, ...)`` queues answers used in order: an ``int`` is the option
    ``seat:<int>``, a ``str`` an option id, a :class:`Choice` is used as it is. Every
    other decision gets its default option (else its first one); speeches say "...".
    """

    def __init__(
        self,
        roles: Iterable[str],
        extra: Iterable[str] = (),
        *,
        seed: int = 0,
        language: str | None = None,
        **options: Any,
    ) -> None:
        cards = tuple(roles)
        self.game = Game(
            GameConfig(
                variant=VARIANT,
                names=tuple(f"S{i}" for i in range(len(cards))),
                seed=seed,
                language=language,
                roles=cards,
                extra=tuple(extra),
                options=options,
            )
        )
        self.queues: dict[tuple[int, str], deque[Answer]] = {}
        self.asked: list[Decision] = []

    def answer(self, seat: int, kind: str, *answers: Answer) -> Table:
        self.queues.setdefault((seat, kind), deque()).extend(answers)
        return self

    def choice_for(self, decision: Decision) -> Choice:
        queue = self.queues.get((decision.seat, decision.kind))
        if queue:
            answer = queue.popleft()
            if isinstance(answer, Choice):
                return answer
            option = f"seat:{answer}" if isinstance(answer, int) else answer
            return Choice(option, text="...") if decision.speech else Choice(option)
        option = decision.default or decision.options[0].id
        return Choice(option, text="...") if decision.speech else Choice(option)

    def run(self, until: Callable[[Decision], bool] | None = None, max_decisions: int = 3000) -> Decision | None:
        """Answer decisions until the game ends or ``until`` holds for a pending one (returned)."""
        for _ in range(max_decisions):
            if self.game.over:
                return None
            decision = self.game.pending[0]
            if until is not None and until(decision):
                return decision
            self.asked.append(decision)
            self.game.submit(decision.id, self.choice_for(decision))
        raise AssertionError("the game did not end")

    def run_to(self, kind: str, seat: int | None = None) -> Decision:
        decision = self.run(lambda d: d.kind == kind and (seat is None or d.seat == seat))
        assert decision is not None, f"no {kind} decision came"
        return decision

    def run_to_phase(self, label: str) -> None:
        self.run(lambda d: self.game.state.phase.label == label)

    # -- reading ---------------------------------------------------------------------
    @property
    def records(self) -> list[Record]:
        return self.game.records

    def events(self, kind: type[E]) -> list[E]:
        return [r.event for r in self.game.records if isinstance(r.event, kind)]

    def records_of(self, kind: type[EventBody]) -> list[Record]:
        return [r for r in self.game.records if isinstance(r.event, kind)]

    def deaths(self) -> list[tuple[int, str]]:
        return [(e.seat, e.cause) for e in self.events(Died)]

    def deaths_with_phase(self) -> list[tuple[int, str, str]]:
        return [(r.event.seat, r.event.cause, r.phase) for r in self.records_of(Died) if isinstance(r.event, Died)]

    def kinds_asked(self, kind: str) -> list[Decision]:
        return [d for d in self.asked if d.kind == kind]

    def index_of(self, predicate: Callable[[Record], bool]) -> int:
        for i, record in enumerate(self.game.records):
            if predicate(record):
                return i
        raise AssertionError("no such record")
