"""Writing the dataset files from a folder of transcripts."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..transcript import TranscriptError, read_transcript
from .rows import rows_for

UTTERANCES_FILE = "utterances.jsonl"
GAMES_FILE = "games.jsonl"


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


def export_transcripts(paths: Iterable[Path], out: Path) -> ExportResult:
    """Write ``out/utterances.jsonl`` and ``out/games.jsonl`` from every transcript under ``paths``.

    Rows are ordered by game id, then by sequence number, so the output is stable.
    """
    result = ExportResult()
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
        collected.append(rows_for(transcript))
    collected.sort(key=lambda rows: rows[1].game_id)
    out.mkdir(parents=True, exist_ok=True)
    utterances_path, games_path = out / UTTERANCES_FILE, out / GAMES_FILE
    with utterances_path.open("w", encoding="utf-8") as utterances, games_path.open("w", encoding="utf-8") as games:
        for rows, game in collected:
            for row in rows:
                utterances.write(row.model_dump_json() + "\n")
            games.write(game.model_dump_json() + "\n")
            result.games += 1
            result.utterances += len(rows)
    result.files = [utterances_path, games_path]
    return result
