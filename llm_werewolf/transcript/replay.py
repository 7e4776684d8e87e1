"""Replaying a transcript: rebuild the game from its header and recorded choices.

The rules regenerate every rules event; recorded table events (model calls,
thoughts, fallbacks, narration) are re-inserted where they were. No agent or
model is called. The regenerated log must equal the recorded one byte for
byte; the first difference is reported.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..rules import Choice, Game, GameState, IllegalChoice, get_ruleset
from ..rules.errors import RulesError
from ..rules.events import ChoiceMade, GameStarted, Record, RolesRevealed, make_record
from .io import Transcript, read_transcript
from .schema import TABLE_EVENT_TYPES, dump_record

Observer = Callable[[Sequence[Record], GameState[Any, Any]], None]
"""Called with each batch of records the rebuild adds and the state just after them."""


class ReplayMismatch(ValueError):
    """The regenerated log differs from the recorded one."""


@dataclass
class ReplayResult:
    game: Game
    transcript: Transcript
    records_checked: int
    complete: bool

    @property
    def extra_records(self) -> list[Record]:
        """Records the rules produced past the end of an interrupted transcript."""
        return self.game.records[len(self.transcript.records) :]


def start_game(transcript: Transcript) -> Game:
    """A fresh game from the transcript's header (a bad header is a :class:`ReplayMismatch`)."""
    try:
        return Game(transcript.header.config())
    except RulesError as exc:
        raise ReplayMismatch(f"the header cannot start a game: {exc}") from None


def rebuild(transcript: Transcript, records: Sequence[Record] | None = None, observe: Observer | None = None) -> Game:
    """Re-run ``transcript``'s game through ``records`` (default: all of them); raises on divergence.

    Rules events are regenerated and compared; ``ChoiceMade`` records are
    submitted; table events are logged where they were recorded.
    """
    game = start_game(transcript)
    if observe is not None:
        observe(game.records, game.state)
    recorded = transcript.records if records is None else records
    for record in recorded:
        produced = len(game.records)
        if record.seq < produced:
            _compare(game.records[record.seq], record)
            continue
        if record.seq > produced:
            raise ReplayMismatch(f"seq {record.seq}: the rules produced only {produced} records before it")
        event = record.event
        if isinstance(event, TABLE_EVENT_TYPES):
            new = [game.note(event, record.vis, record.phase)]  # a narration line keeps the phase it voices
        elif isinstance(event, ChoiceMade):
            if game.over:
                raise ReplayMismatch(f"seq {record.seq}: a choice was recorded after the game ended")
            try:
                new = game.submit(event.decision_id, Choice(event.option, event.text, event.claim, event.acts))
            except IllegalChoice as exc:
                raise ReplayMismatch(f"seq {record.seq}: the recorded choice is illegal on replay: {exc}") from None
            _compare(new[0], record)
        else:
            raise ReplayMismatch(
                f"seq {record.seq}: recorded {type(event).__name__} but the rules produced nothing there"
            )
        if observe is not None:
            observe(new, game.state)
    return game


def _as_recorded(old: GameStarted, new: GameStarted) -> GameStarted:
    """The replayed start as the transcript could record it.

    Transcripts written before ``GameStarted`` carried the switches have none (they are in the header).
    A switch added to the ruleset after the transcript was written is left out while it plays at its
    default: a new switch's default keeps the rules as they were, and the rest of the log checks that.
    """
    if not old.options:
        return replace(new, options={})
    added = [name for name in new.options if name not in old.options]
    if not added:
        return new
    defaults = get_ruleset(new.variant).options_model().model_dump(mode="json")
    if any(new.options[name] != defaults.get(name) for name in added):
        return new
    return replace(new, options={name: value for name, value in new.options.items() if name in old.options})


def _compare(produced: Record, recorded: Record) -> None:
    old, new = recorded.event, produced.event
    if isinstance(old, GameStarted) and isinstance(new, GameStarted):
        as_recorded = _as_recorded(old, new)
        if as_recorded is not new:
            produced = make_record(produced.seq, produced.phase, produced.vis, as_recorded)
    a, b = dump_record(produced), dump_record(recorded)
    if a != b:
        raise ReplayMismatch(
            f"seq {recorded.seq}: the log differs\n  recorded: {b.decode()[:400]}\n  replayed: {a.decode()[:400]}"
        )


def replay_transcript(transcript: Transcript, observe: Observer | None = None) -> ReplayResult:
    """Replay an already read transcript and check the regenerated log against it."""
    game = rebuild(transcript, observe=observe)
    recorded_end = any(isinstance(r.event, RolesRevealed) for r in reversed(transcript.records))
    if recorded_end and len(game.records) != len(transcript.records):
        extra = game.records[len(transcript.records)]
        raise ReplayMismatch(
            f"the rules produced more records than were recorded (first extra: seq {extra.seq}, "
            f"{type(extra.event).__name__})"
        )
    if recorded_end and not game.over:
        raise ReplayMismatch("the transcript ends the game but the rules did not end it")
    return ReplayResult(
        game=game, transcript=transcript, records_checked=len(transcript.records), complete=recorded_end
    )


def replay_file(path: str | Path) -> ReplayResult:
    """Replay a transcript file and check the regenerated log against it."""
    return replay_transcript(read_transcript(path))
