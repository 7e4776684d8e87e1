"""Writing the dataset files from a folder of transcripts: JSONL or Parquet, plus the dataset card."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from ..transcript import Transcript, TranscriptError, read_transcript
from .arrow import arrow_schema, require_pyarrow
from .card import JSONL_LAYOUT, PARQUET_LAYOUT, dataset_card
from .rows import GameRow, UtteranceRow, rows_for, without_secrets

UTTERANCES_FILE = JSONL_LAYOUT.utterances
GAMES_FILE = JSONL_LAYOUT.games
CARD_FILE = "README.md"

Format = Literal["jsonl", "parquet"]


@dataclass
class ExportResult:
    games: int = 0
    utterances: int = 0
    skipped: list[str] = field(default_factory=list)
    """Files that are not readable transcripts, with the reason."""
    files: list[Path] = field(default_factory=list)


def find_transcripts(paths: Iterable[Path]) -> list[Path]:
    found: list[Path] = []
    for path in paths:
        found.extend(sorted(path.rglob("*.jsonl")) if path.is_dir() else [path])
    return found


def collect_rows(
    paths: Iterable[Path], out: Path, result: ExportResult, *, god: bool = False
) -> list[tuple[list[UtteranceRow], GameRow]]:
    """The rows of every transcript under ``paths``, ordered by game id (files that are not transcripts are noted).

    An unfinished game's rows carry no cards, sides, truths or seed unless ``god``
    (:func:`.rows.without_secrets`).
    """
    out = out.resolve()
    collected = []
    for path in find_transcripts(paths):
        if path.resolve().parent == out and path.name in (UTTERANCES_FILE, GAMES_FILE):
            continue
        try:
            transcript = read_transcript(path)
        except TranscriptError as exc:
            result.skipped.append(str(exc))
            continue
        problem = replay_problem(transcript)
        if problem is not None:
            result.skipped.append(f"{path}: {problem}")
            continue
        utterances, game = rows_for(transcript)
        collected.append((utterances, game) if god or game.complete else without_secrets(utterances, game))
    collected.sort(key=lambda rows: rows[1].game_id)
    return collected


def export_transcripts(
    paths: Iterable[Path], out: Path, fmt: Format = "jsonl", licence: str = "mit", *, god: bool = False
) -> ExportResult:
    """Write the utterance and game tables of every transcript under ``paths`` to ``out``, with a dataset card.

    ``jsonl``: ``out/utterances.jsonl`` and ``out/games.jsonl``. ``parquet``:
    ``out/data/train-00000-of-00001.parquet`` (utterances) and ``out/games/train-00000-of-00001.parquet``.
    Rows are ordered by game id, then by sequence number, so the output is stable.
    """
    if fmt == "parquet":
        require_pyarrow()  # before any work: a missing extra is one line
    result = ExportResult()
    collected = collect_rows(paths, out, result, god=god)
    if not collected:
        return result  # nothing to write: the files of an earlier export stay as they were
    utterances = [row for rows, _ in collected for row in rows]
    games = [game for _, game in collected]
    out.mkdir(parents=True, exist_ok=True)
    if fmt == "parquet":
        result.files = _write_parquet(utterances, games, out)
        layout = PARQUET_LAYOUT
    else:
        result.files = _write_jsonl(utterances, games, out)
        layout = JSONL_LAYOUT
    card = out / CARD_FILE
    card.write_text(dataset_card(games, utterances, layout, licence), encoding="utf-8")
    result.files.append(card)
    result.games, result.utterances = len(games), len(utterances)
    return result


def _write_jsonl(utterances: list[UtteranceRow], games: list[GameRow], out: Path) -> list[Path]:
    utterances_path, games_path = out / UTTERANCES_FILE, out / GAMES_FILE
    # written beside the targets and renamed at the end: a full disk leaves the old files whole
    utterances_tmp, games_tmp = utterances_path.with_suffix(".jsonl.part"), games_path.with_suffix(".jsonl.part")
    try:
        with utterances_tmp.open("w", encoding="utf-8") as handle:
            for row in utterances:
                handle.write(row.model_dump_json() + "\n")
        with games_tmp.open("w", encoding="utf-8") as handle:
            for game in games:
                handle.write(game.model_dump_json() + "\n")
        utterances_tmp.replace(utterances_path)
        games_tmp.replace(games_path)
    finally:
        utterances_tmp.unlink(missing_ok=True)
        games_tmp.unlink(missing_ok=True)
    return [utterances_path, games_path]


def _write_parquet(utterances: list[UtteranceRow], games: list[GameRow], out: Path) -> list[Path]:
    pa = require_pyarrow()
    import pyarrow.parquet as pq

    written = []
    for rows, model, relative in (
        (utterances, UtteranceRow, PARQUET_LAYOUT.utterances),
        (games, GameRow, PARQUET_LAYOUT.games),
    ):
        path = out / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        table = pa.Table.from_pylist([row.model_dump() for row in rows], schema=arrow_schema(model))
        pq.write_table(table, path, compression="zstd")
        written.append(path)
    return written


def replay_problem(transcript: Transcript) -> str | None:
    """Why the records of ``transcript`` do not replay under its ruleset (``None``: they do, or the
    ruleset is unknown here and the rows keep their recorded facts only)."""
    from ..rules import RulesError, get_ruleset
    from ..transcript.replay import ReplayMismatch, rebuild

    try:
        get_ruleset(transcript.header.variant)
    except RulesError:
        return None
    try:
        rebuild(transcript)
    except (ReplayMismatch, RulesError) as exc:
        return f"does not replay: {exc}"
    return None
