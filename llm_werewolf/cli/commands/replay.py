"""``llm-werewolf replay FILE...``: re-run games from their recorded choices and check the logs byte for byte."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ...transcript import TranscriptError
from ...transcript.replay import ReplayMismatch, replay_file
from ..common import UsageError


def transcript_files(paths: list[Path]) -> list[tuple[Path, bool]]:
    """Files as given; folders give their ``*.jsonl`` files (recursively, sorted), marked as found."""
    files: list[tuple[Path, bool]] = []
    for path in paths:
        if path.is_dir():
            files.extend((found, True) for found in sorted(path.rglob("*.jsonl")))
        else:
            files.append((path, False))  # a missing file is reported by the reader ("cannot read")
    return files


def replay(
    files: Annotated[list[Path], typer.Argument(help="Transcripts (.jsonl) or folders of them.")],
) -> None:
    """Replay transcripts without calling any agent or model; fail loudly if an event log differs."""
    console = Console()
    failed = 0
    paths = transcript_files(files)
    if not paths:
        raise UsageError("no transcripts found")
    for path, found in paths:
        label = f"{path}: " if len(paths) > 1 else ""
        try:
            result = replay_file(path)
        except TranscriptError as exc:
            if not found:
                raise
            console.print(f"[yellow]skipped[/] (not a transcript): {exc}", highlight=False)
            continue
        except ReplayMismatch as exc:
            failed += 1
            console.print(f"[bold red]{label}replay differs:[/] {exc}", highlight=False, markup=True)
            continue
        for warning in result.transcript.warnings:
            console.print(f"[yellow]warning:[/] {warning}", highlight=False)
        if result.complete:
            state = "complete game"
        else:
            waiting = ", ".join(f"seat {d.seat + 1} {d.kind}" for d in result.game.pending)
            state = f"partial game (interrupted; `llm-werewolf resume` continues it; waiting for: {waiting or '-'})"
        console.print(
            f"{label}[green]identical[/]: {result.records_checked} records replayed ({state})", highlight=False
        )
    if failed:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command("replay")(replay)
