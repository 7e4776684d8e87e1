"""Helpers shared by the one_night tests (no tests here): a fixed deal with scripted answers."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from llm_werewolf.rules import Choice, Decision, Game, GameConfig
from llm_werewolf.rules.events import EventBody, Info, Record

Answer = str | Choice
Script = Mapping[tuple[int, str], Iterable[Answer]]


class Table:
    """A ``one_night`` game; seat ``i`` is named ``S<i>``, ``center`` are the three center cards.

    ``script[(seat, kind)]`` lists answers used in order; ``votes[i]`` is seat i's vote target.
    Unscripted decisions take their default, else their first option; unscripted votes go to
    the next seat (so nobody gets two votes and nobody dies).
    """

    def __init__(
        self,
        roles: Sequence[str],
        center: Sequence[str],
        script: Script | None = None,
        *,
        votes: Sequence[int] | None = None,
        seed: int = 0,
        language: str | None = None,
        **options: Any,
    ) -> None:
        self.names = tuple(f"S{i}" for i in range(len(roles)))
        self.game = Game(
            GameConfig(
                variant="one_night",
                names=self.names,
                seed=seed,
                language=language,
                roles=tuple(roles),
                extra=tuple(center),
                options=options,
            )
        )
        self.queues: dict[tuple[int, str], deque[Answer]] = {k: deque(v) for k, v in (script or {}).items()}
        self.votes = votes
        self.asked: list[Decision] = []

    def choice_for(self, decision: Decision) -> Choice:
        queue = self.queues.get((decision.seat, decision.kind))
        if queue:
            answer = queue.popleft()
            return answer if isinstance(answer, Choice) else Choice(answer)
        if decision.kind == "vote":
            players = len(self.names)
            target = self.votes[decision.seat] if self.votes else (decision.seat + 1) % players
            return Choice(f"seat:{target}")
        return Choice(decision.default or decision.options[0].id)

    def run(self) -> Table:
        while not self.game.over:
            for decision in self.game.pending:
                self.asked.append(decision)
                self.game.submit(decision.id, self.choice_for(decision))
        return self

    def run_until(self, kind: str) -> Decision:
        """Answer decisions until one of ``kind`` is pending; return it unanswered."""
        while not self.game.over:
            for decision in self.game.pending:
                if decision.kind == kind:
                    return decision
                self.asked.append(decision)
                self.game.submit(decision.id, self.choice_for(decision))
        raise AssertionError(f"no {kind!r} decision was asked")

    # -- reading the result -------------------------------------------------------
    @property
    def cards(self) -> tuple[str, ...]:
        return self.game.state.roles()

    @property
    def center(self) -> tuple[str, ...]:
        return self.game.state.extra

    def events(self, kind: type[EventBody]) -> list[Any]:
        return [r.event for r in self.game.records if isinstance(r.event, kind)]

    def records_of(self, kind: type[EventBody]) -> list[Record]:
        return [r for r in self.game.records if isinstance(r.event, kind)]

    def infos(self, seat: int, fact: str | None = None) -> list[Info]:
        """Info records visible to ``seat`` (of ``fact`` if given)."""
        return [
            r.event
            for r in self.game.records
            if isinstance(r.event, Info) and r.vis.visible_to(seat) and (fact is None or r.event.fact == fact)
        ]

    def kinds_asked(self, seat: int) -> list[str]:
        return [d.kind for d in self.asked if d.seat == seat]

    @property
    def winners(self) -> set[int]:
        outcome = self.game.outcome
        assert outcome is not None
        return set(outcome.winners)

    @property
    def sides(self) -> tuple[str, ...]:
        outcome = self.game.outcome
        assert outcome is not None
        return outcome.sides

    @property
    def dead(self) -> set[int]:
        return {s.index for s in self.game.state.seats if not s.alive}


def play(roles: Sequence[str], center: Sequence[str], script: Script | None = None, **kw: Any) -> Table:
    return Table(roles, center, script, **kw).run()
