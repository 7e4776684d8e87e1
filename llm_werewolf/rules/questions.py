"""The questions a game's log shows put to its seats, in either transcript format.

Schema 1 logged each question twice: an ``Asked`` record when it was put and a ``ChoiceMade``
(without options) when it was answered. Since schema 2 the ``ChoiceMade`` alone carries the
options and group. Both carry ``decision_id``, ``seat``, ``decision``, ``options`` and ``group``.
"""

from __future__ import annotations

from collections.abc import Iterable

from .events import Asked, ChoiceMade, Record


def question_of(event: object) -> Asked | ChoiceMade | None:
    """The question ``event`` logs: an ``Asked`` (schema 1), or a ``ChoiceMade`` carrying its
    options (schema 2); ``None`` for anything else (a schema-1 ``ChoiceMade`` among them)."""
    if isinstance(event, Asked):
        return event
    if isinstance(event, ChoiceMade) and event.options:
        return event
    return None


def questions(records: Iterable[Record]) -> list[Asked | ChoiceMade]:
    """Every question ``records`` log, once each, in log order."""
    found: list[Asked | ChoiceMade] = []
    for record in records:
        question = question_of(record.event)
        if question is not None:
            found.append(question)
    return found


def offered(records: Iterable[Record]) -> dict[int, tuple[str, ...]]:
    """The option ids each logged question offered, by decision id."""
    return {q.decision_id: q.options for q in questions(records)}
