"""Replaying a transcript: rebuild the game from its header and recorded choices.

The rules regenerate every rules event; recorded table events (model calls,
thoughts, fallbacks, narration) are re-inserted where they were. No agent or
model is called. The regenerated log must equal the recorded one byte for
byte; the first difference is reported.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..rules import Choice, Game, IllegalChoice
from ..rules.events import ChoiceMade, Record, RolesRevealed
from .io import Transcript, read_transcript
from .schema import TABLE_EVENT_TYPES, dump_record


class ReplayMismatch(ValueError):
    """The regenerated log differs from the recorded one."""


@dataclass
class ReplayResult:
    game: Game
    transcript: Transcript
    records_checked: int
    complete: bool


def rebuild(transcript: Transcript) -> Game:
    """Re-run ``transcript``'s game up to its last recorded record (raises on divergence)."""
    game = Game(transcript.header.config())
    recorded = transcript.records
    index = 0
    while index < len(recorded):
        record = recorded[index]
        if record.seq < len(game.records):
            _compare(game.records[record.seq], record)
            index += 1
            continue
        event = record.event
        if isinstance(event, TABLE_EVENT_TYPES):
            game.note(event, record.vis)
            index += 1
            continue
        if isinstance(event, ChoiceMade):
            try:
                game.submit(event.decision_id, Choice(event.option, event.text, event.claim))
            except IllegalChoice as exc:
                raise ReplayMismatch(f"seq {record.seq}: the recorded choice is illegal on replay: {exc}") from None
            continue
        raise ReplayMismatch(f"seq {record.seq}: recorded {type(event).__name__} but the rules produced nothing there")
    return game


def _compare(produced: Record, recorded: Record) -> None:
    a, b = dump_record(produced), dump_record(recorded)
    if a != b:
        raise ReplayMismatch(
            f"seq {recorded.seq}: the log differs\n  recorded: {b.decode()[:400]}\n  replayed: {a.decode()[:400]}"
        )


def replay_file(path: str | Path) -> ReplayResult:
    """Replay a transcript file and check the regenerated log against it."""
    transcript = read_transcript(path)
    game = rebuild(transcript)
    recorded_end = bool(transcript.records) and isinstance(transcript.records[-1].event, RolesRevealed)
    if len(game.records) != len(transcript.records) and recorded_end:
        extra = game.records[len(transcript.records)]
        raise ReplayMismatch(
            f"the rules produced more records than were recorded (first extra: seq {extra.seq}, "
            f"{type(extra.event).__name__})"
        )
    return ReplayResult(
        game=game, transcript=transcript, records_checked=len(transcript.records), complete=recorded_end
    )
