"""Helpers shared by the lebanese_ghouls tests: fixed deals and a scripted driver."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from llm_werewolf.rules import Choice, Decision, Game, GameConfig
from llm_werewolf.rules.events import AnnouncedDeath, DeathsAnnounced, Died, EventBody, Record

NAMES = "ABCDEFGHIJKLMNOPQR"
E = TypeVar("E", bound=EventBody)

Script = Mapping[str, Mapping[str, Sequence[str]]]


PEOPLE = ("Rami", "Layla", "Samir", "Nadia", "Karim", "Hoda", "Tony", "Maya", "Ziad", "Rita", "Fadi", "Nour")


def new_game(*roles: str, seed: int = 0, language: str | None = None, people: bool = False, **options: Any) -> Game:
    """A game with a fixed deal: seat A gets ``roles[0]``, seat B ``roles[1]``...

    Seats are named A, B, C... or, with ``people``, with first names (seat letters still address them).
    """
    names = PEOPLE[: len(roles)] if people else tuple(NAMES[: len(roles)])
    config = GameConfig(
        variant="lebanese_ghouls", names=names, seed=seed, roles=roles, language=language, options=options
    )
    return Game(config)


def idx(name: str) -> int:
    return NAMES.index(name)


def option_id(answer: str) -> str:
    """A seat letter means that seat; anything else is an option id as it is."""
    return f"seat:{idx(answer)}" if len(answer) == 1 and answer in NAMES else answer


def drive(game: Game, script: Script, *, speeches: bool = True) -> Decision | None:
    """Answer pending decisions from ``script`` (seat letter -> kind -> answers, used in order).

    Speeches are answered with ``speak`` unless ``speeches`` is false. Stops at the first
    pending decision without a scripted answer and returns it (``None`` when the game ended).
    """
    queues = {(name, kind): deque(answers) for name, kinds in script.items() for kind, answers in kinds.items()}
    while not game.over:
        decision = game.pending[0]
        queue = queues.get((NAMES[decision.seat], decision.kind))
        if queue:
            game.submit(decision.id, Choice(option_id(queue.popleft())))
        elif decision.speech and speeches:
            game.submit(decision.id, Choice("speak"))
        else:
            left = {key: list(q) for key, q in queues.items() if q}
            assert not left or all(k[1] != decision.kind for k in left), left
            return decision
    return None


def events(game: Game, kind: type[E]) -> list[E]:
    return [r.event for r in game.records if isinstance(r.event, kind)]


def records(game: Game, kind: type[EventBody]) -> list[Record]:
    return [r for r in game.records if isinstance(r.event, kind)]


def deaths(game: Game) -> list[tuple[str, str, str]]:
    """Every true death: (seat letter, cause, phase label)."""
    return [(NAMES[r.event.seat], r.event.cause, r.phase) for r in records(game, Died) if isinstance(r.event, Died)]


def announced(game: Game) -> list[tuple[str, tuple[AnnouncedDeath, ...]]]:
    return [(e.moment, e.deaths) for e in events(game, DeathsAnnounced)]


def pending_kinds(game: Game) -> list[tuple[str, str]]:
    return [(NAMES[d.seat], d.kind) for d in game.pending]
