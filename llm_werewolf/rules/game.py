"""A small mutable handle around the pure engine: state plus the event log."""

from __future__ import annotations

from typing import Any

from .decisions import Choice, Decision
from .engine import note, submit
from .events import EventBody, Record, Visibility
from .model import GameConfig, GameState, Outcome
from .variant import Ruleset, get_ruleset
from .views import SeatView, build_view


class Game:
    """Holds the current immutable state and every record emitted so far."""

    __slots__ = ("config", "records", "ruleset", "state")

    def __init__(self, config: GameConfig) -> None:
        self.ruleset: Ruleset[Any, Any] = get_ruleset(config.variant)
        self.config = config
        state, records = self.ruleset.new_game(config)
        self.state: GameState[Any, Any] = state
        self.records: list[Record] = records

    @property
    def pending(self) -> tuple[Decision, ...]:
        """Open decisions that still need an answer."""
        state = self.state
        if not state.answers:
            return state.pending
        answered = {decision_id for decision_id, _ in state.answers}
        return tuple(d for d in state.pending if d.id not in answered)

    @property
    def over(self) -> bool:
        return self.state.outcome is not None

    @property
    def outcome(self) -> Outcome | None:
        return self.state.outcome

    def submit(self, decision_id: int, choice: Choice) -> list[Record]:
        """Answer a pending decision; raises :class:`IllegalChoice` and changes nothing if illegal."""
        self.state, new = submit(self.state, decision_id, choice)
        self.records.extend(new)
        return new

    def note(self, event: EventBody, vis: Visibility, phase: str | None = None) -> Record:
        """Log an event the rules do not interpret (see :func:`engine.note`)."""
        self.state, record = note(self.state, event, vis, phase)
        self.records.append(record)
        return record

    def view(self, seat: int | None) -> SeatView:
        return build_view(self.records, seat)
