"""``llm-werewolf render FILE``: a transcript as Markdown or one self-contained HTML page, for one view."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ...render import ViewError, render
from ...transcript import read_transcript
from ..common import UsageError


class RenderFormat(StrEnum):
    md = "md"
    html = "html"


def render_command(
    file: Annotated[Path, typer.Argument(help="A transcript (.jsonl).")],
    fmt: Annotated[RenderFormat, typer.Option("--format", "-f", help="md or html.")] = RenderFormat.html,
    view: Annotated[
        str, typer.Option(help="public (a spectator), god (everything) or seat:N (what player N knew, N from 1).")
    ] = "public",
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Output file (default: next to FILE).")] = None,
) -> None:
    """Render a transcript for reading: a timeline of nights and days, speeches, votes, deaths and the reveal."""
    transcript = read_transcript(file)
    err = Console(stderr=True)
    for warning in transcript.warnings:
        err.print(f"[yellow]warning:[/] {warning}", highlight=False)
    try:
        text = render(transcript, fmt.value, view)
    except ViewError as exc:
        raise UsageError(str(exc)) from None
    target = out or file.with_name(f"{file.stem}.{view.replace(':', '')}.{fmt.value}")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    err.print(f"[green]wrote[/] {target}", highlight=False)


def register(app: typer.Typer) -> None:
    app.command("render")(render_command)
