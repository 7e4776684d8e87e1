"""Re-derive an external game with our engine: answer every decision from the record, write a transcript.

An importer never writes events itself. It turns a record into a
:class:`~llm_werewolf.rules.GameConfig` (the dealt cards fixed seat by seat,
the ruleset's switches set to the platform's rules) and an *answerer* that,
for each decision the rules ask, returns the choice the record shows. The
engine then produces every event, so ``llm-werewolf replay`` accepts the
result and ``eval`` scores it like any other game. Whatever the record
cannot answer, or answers in a way our rules refuse, is a
:class:`RecordError` naming the decision: the record is not imported.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..rules import Choice, Decision, Game, GameConfig, IllegalChoice
from ..rules.errors import RulesError
from ..transcript import SeatInfo, TranscriptWriter, header_for

Answerer = Callable[[Game, Decision], Choice]
MAX_DECISIONS = 5000


class RecordError(ValueError):
    """One record cannot be imported (the message says which decision and why)."""


def play_record(
    config: GameConfig,
    answer: Answerer,
    *,
    expected_sides: tuple[str, ...] | None = None,
) -> Game:
    """Run the game from the record's answers; check the winner against the record's result."""
    try:
        game = Game(config)
    except RulesError as exc:
        raise RecordError(f"the deal or switches do not start a game: {exc}") from None
    for _ in range(MAX_DECISIONS):
        if game.over:
            break
        pending = game.pending
        if not pending:
            raise RecordError("the rules stopped without a decision and without an end")
        for decision in pending:
            choice = answer(game, decision)
            try:
                game.submit(decision.id, choice)
            except IllegalChoice as exc:
                raise RecordError(f"{_where(game)} {decision.kind} of seat {decision.seat + 1}: {exc}") from None
            if game.over:
                break
    else:
        raise RecordError(f"no end after {MAX_DECISIONS} decisions")
    outcome = game.outcome
    assert outcome is not None
    if expected_sides is not None and tuple(sorted(outcome.sides)) != tuple(sorted(expected_sides)):
        raise RecordError(
            f"our rules end the game with {', '.join(outcome.sides) or 'a draw'} winning ({outcome.reason}), "
            f"the record says {', '.join(expected_sides) or 'a draw'}"
        )
    return game


def _where(game: Game) -> str:
    phase = game.state.phase
    return f"{phase.kind} {phase.number}:"


def write_game(game: Game, language: str, seats: list[SeatInfo], out: Path, source: dict[str, Any]) -> Path:
    """Write the transcript as ``<out>/<game id>.jsonl``; ``source`` goes in the header's table settings."""
    header = header_for(game.config, language, seats, table={"imported": source})
    path = out / f"{header.game_id}.jsonl"
    with TranscriptWriter(path, header) as writer:
        writer.write(game.records)
    return path


def where(game: Game) -> str:
    return _where(game)
