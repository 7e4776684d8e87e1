"""``llm-werewolf replay FILE``: re-run a game from its recorded choices and check the log."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ...transcript.replay import ReplayMismatch, replay_file


def replay(
    file: Annotated[Path, typer.Argument(help="A transcript (.jsonl).")],
) -> None:
    """Replay a transcript without calling any agent; fail loudly if the event log differs."""
    console = Console()
    try:
        result = replay_file(file)
    except ReplayMismatch as exc:
        console.print(f"[bold red]replay differs:[/] {exc}", highlight=False, markup=True)
        raise typer.Exit(1) from None
    for warning in result.transcript.warnings:
        console.print(f"[yellow]warning:[/] {warning}", highlight=False)
    state = "complete game" if result.complete else "partial game (interrupted)"
    console.print(f"[green]identical[/]: {result.records_checked} records replayed ({state})", highlight=False)


def register(app: typer.Typer) -> None:
    app.command("replay")(replay)
