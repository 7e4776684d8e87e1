"""``llm-werewolf resume FILE``: continue a game that was killed mid-way, appending to its transcript."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ...table.console import ConsoleSink
from ...transcript.replay import ReplayMismatch
from ...transcript.resume import ResumeError, resume_file


def resume(
    file: Annotated[Path, typer.Argument(help="The partial transcript (.jsonl) of an interrupted game.")],
    god: Annotated[bool, typer.Option("--god", help="Also show night actions and private results.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Do not print the rest of the game.")] = False,
    narrator: Annotated[
        str, typer.Option(help="auto (the header's, else as the file shows), template or off.")
    ] = "auto",
) -> None:
    """Rebuild the game from its transcript, seat the same agents and play it to the end."""
    from ...transcript import read_transcript

    console = Console()
    header = read_transcript(file).header
    sinks = []
    if not quiet:
        sinks.append(ConsoleSink(console, header.names, variant=header.variant, language=header.language, god=god))
    try:
        result = resume_file(file, sinks=sinks, narrator=narrator)
    except (ReplayMismatch, ResumeError) as exc:
        console.print(f"[bold red]cannot resume:[/] {exc}", highlight=False)
        raise typer.Exit(1) from None
    point = result.point
    for warning in point.transcript.warnings:
        console.print(f"[yellow]warning:[/] {warning}", highlight=False)
    if point.dropped:
        console.print(f"[yellow]dropped[/] {point.dropped} table records of unfinished decisions", highlight=False)
    if result.written == 0 and point.game.over and not point.transcript.truncated:
        console.print("[green]the game was already complete[/]; nothing to add", highlight=False)
        return
    console.print(
        f"[green]resumed[/] from record {point.start}; {file} gained {result.written} records", highlight=False
    )


def register(app: typer.Typer) -> None:
    app.command("resume")(resume)
