"""Writing the dataset files from a folder of transcripts."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..transcript import Transcript, TranscriptError, read_transcript
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
        problem = replay_problem(transcript)
        if problem is not None:
            result.skipped.append(f"{path}: {problem}")
            continue
        collected.append(rows_for(transcript))
    collected.sort(key=lambda rows: rows[1].game_id)
    if not collected:
        return result  # nothing to write: the files of an earlier export stay as they were
    out.mkdir(parents=True, exist_ok=True)
    utterances_path, games_path = out / UTTERANCES_FILE, out / GAMES_FILE
    # written beside the targets and renamed at the end: a full disk leaves the old files whole
    utterances_tmp, games_tmp = utterances_path.with_suffix(".jsonl.part"), games_path.with_suffix(".jsonl.part")
    try:
        with utterances_tmp.open("w", encoding="utf-8") as utterances, games_tmp.open("w", encoding="utf-8") as games:
            for rows, game in collected:
                for row in rows:
                    utterances.write(row.model_dump_json() + "\n")
                games.write(game.model_dump_json() + "\n")
                result.games += 1
                result.utterances += len(rows)
        utterances_tmp.replace(utterances_path)
        games_tmp.replace(games_path)
    finally:
        utterances_tmp.unlink(missing_ok=True)
        games_tmp.unlink(missing_ok=True)
    result.files = [utterances_path, games_path]
    return result


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
