"""Schema-1 transcripts: the games they log, rebuilt by the rules as they were first played.

Up to transcript schema 1 a game logged each question twice: an ``Asked`` record when it was put
(its options and group) and a ``ChoiceMade`` without them when it was answered. A header of that
version gives its game :class:`AskedCtx` as ``GameConfig.transition`` (``Header.config``), so a
replay or a resume logs the same records, sequence numbers included, byte for byte.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from ..rules.decisions import Choice, Decision, Option
from ..rules.engine import Ctx
from ..rules.events import SEAT_VISIBILITIES, Asked, ChoiceMade, to_seats

D = TypeVar("D")
O_ = TypeVar("O_")

ASKED_SCHEMA = 1
"""The last transcript schema version that logged ``asked`` records."""


class AskedCtx(Ctx[D, O_]):
    """A transition that also logs each question as an ``Asked`` record when it is put, and its
    answer without options or group, as games did up to transcript schema 1."""

    __slots__ = ()

    def ask(
        self,
        seat: int,
        kind: str,
        options: Sequence[Option],
        *,
        default: str | None = None,
        group: str | None = None,
        collective: bool = False,
        speech: bool = False,
    ) -> int:
        decision_id = super().ask(
            seat, kind, options, default=default, group=group, collective=collective, speech=speech
        )
        asked = Asked(
            decision_id=decision_id, seat=seat, decision=kind, options=tuple([o.id for o in options]), group=group
        )
        self.emit(asked, SEAT_VISIBILITIES[seat] if 0 <= seat < len(SEAT_VISIBILITIES) else to_seats(seat))
        return decision_id

    @staticmethod
    def answer_record(decision: Decision, choice: Choice) -> ChoiceMade:
        """The answer as schema 1 logged it: the ``Asked`` record holds the options and the group."""
        return ChoiceMade(
            decision_id=decision.id,
            seat=decision.seat,
            decision=decision.kind,
            option=choice.option,
            text=choice.text,
            claim=choice.claim,
            acts=choice.acts,
            options=(),
            group=None,
        )


def schema_transition(schema_version: int) -> type[Ctx[Any, Any]] | None:
    """The ``GameConfig.transition`` that rebuilds a game logged in ``schema_version``."""
    return AskedCtx if schema_version <= ASKED_SCHEMA else None
