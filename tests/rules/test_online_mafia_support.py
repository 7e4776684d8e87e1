"""Helpers shared by the online_mafia tests (no tests here).

* :func:`start` deals a fixed table (seat ``i`` is named ``S<i>``) and runs it to the first decision;
* :func:`night` resolves one night as a pure function of a state and ``(seat, kind, option)`` answers;
* :class:`Table` plays a whole game with scripted answers (defaults everywhere else).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from llm_werewolf.rules import Choice, Decision, Game, GameConfig, GameState, Record
from llm_werewolf.rules.events import EventBody, Info
from llm_werewolf.rules.variants.online_mafia.data import OMState
from llm_werewolf.rules.variants.online_mafia.night import resolve_night
from llm_werewolf.rules.variants.online_mafia.work import NightWork

E = TypeVar("E", bound=EventBody)
Answer = tuple[int, str, str]


def start(roles: Sequence[str], seed: int = 0, **options: Any) -> Game:
    names = tuple(f"S{i}" for i in range(len(roles)))
    return Game(GameConfig(variant="online_mafia", names=names, roles=tuple(roles), seed=seed, options=options))


def at(seat: int, kind: str, target: int | str) -> Answer:
    """An answer: ``target`` is a seat index (``seat:N``) or a plain option id."""
    return (seat, kind, f"seat:{target}" if isinstance(target, int) else target)


def with_dead(state: OMState, *seats: int) -> OMState:
    for seat in seats:
        state = state.with_seat(seat, alive=False)
    return state


def with_data(state: OMState, **changes: Any) -> OMState:
    return replace(state, data=replace(state.data, **changes))


def night(roles: Sequence[str] | OMState, *answers: Answer, number: int = 1, dead: Iterable[int] = ()) -> NightWork:
    """Resolve a night of a fresh table (or of ``roles`` given as a state)."""
    state: OMState = roles if isinstance(roles, GameState) else start(roles).state
    return resolve_night(with_dead(state, *dead), number, answers)


def told(work: NightWork, seat: int, fact: str) -> list[Info]:
    return [info for who, info in work.infos if who == seat and info.fact == fact]


def deaths(work: NightWork) -> dict[int, str]:
    return {seat: death.cause for seat, death in work.deaths.items()}


def events(records: Iterable[Record], kind: type[E]) -> list[E]:
    return [r.event for r in records if isinstance(r.event, kind)]


class Table:
    """A whole game with a fixed deal; ``script[(seat, kind)]`` answers in order, else the default option."""

    def __init__(self, roles: Sequence[str], seed: int = 0, **options: Any) -> None:
        self.game = start(roles, seed, **options)
        self.queues: dict[tuple[int, str], deque[str | Choice]] = {}
        self.asked: list[Decision] = []

    def add(self, seat: int, kind: str, *answers: int | str | Choice) -> Table:
        queue = self.queues.setdefault((seat, kind), deque())
        for answer in answers:
            queue.append(f"seat:{answer}" if isinstance(answer, int) else answer)
        return self

    def choice_for(self, decision: Decision) -> Choice:
        queue = self.queues.get((decision.seat, decision.kind))
        if queue:
            answer = queue.popleft()
            return answer if isinstance(answer, Choice) else Choice(answer)
        return Choice(decision.default or decision.options[0].id, text="..." if decision.speech else "")

    def run(self, until: Callable[[Table], bool] | None = None, *, limit: int = 5000) -> Table:
        for _ in range(limit):
            if self.game.over or (until is not None and until(self)):
                return self
            for decision in self.game.pending:
                self.asked.append(decision)
                self.game.submit(decision.id, self.choice_for(decision))
        raise AssertionError("the game did not stop")

    def run_to(self, phase: str) -> Table:
        return self.run(lambda t: t.game.state.phase.label == phase)

    def events(self, kind: type[E]) -> list[E]:
        return events(self.game.records, kind)

    def kinds(self, seat: int) -> list[str]:
        return [d.kind for d in self.asked if d.seat == seat]
