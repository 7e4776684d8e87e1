"""``llm-werewolf render FILE``: a transcript as Markdown or one self-contained HTML page, for one view;
``--format story``: the game as a chronicle in its language (Markdown and HTML)."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ...render import ViewError, render
from ...render.chronicle import ChronicleError, build_chronicle
from ...render.chronicle_writers import chronicle_html, chronicle_markdown
from ...transcript import Transcript, read_transcript
from ..common import UsageError


class RenderFormat(StrEnum):
    md = "md"
    html = "html"
    story = "story"


def render_command(
    file: Annotated[Path, typer.Argument(help="A transcript (.jsonl).")],
    fmt: Annotated[
        RenderFormat,
        typer.Option("--format", "-f", help="md, html, or story (the game told as prose: .story.md and .story.html)."),
    ] = RenderFormat.html,
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
    if fmt is RenderFormat.story:
        for target in write_chronicle(transcript, file, view, out):
            err.print(f"[green]wrote[/] {target}", highlight=False)
        return
    try:
        text = render(transcript, fmt.value, view)
    except ViewError as exc:
        raise UsageError(str(exc)) from None
    target = out or file.with_name(f"{file.stem}.{view.replace(':', '')}.{fmt.value}")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    err.print(f"[green]wrote[/] {target}", highlight=False)


def write_chronicle(transcript: Transcript, file: Path, view: str, out: Path | None) -> list[Path]:
    """The chronicle as Markdown and HTML next to ``file`` (or the one ``out`` names by its suffix)."""
    try:
        chronicle = build_chronicle(transcript, view)
    except ChronicleError as exc:
        raise UsageError(str(exc)) from None
    writers = {".md": chronicle_markdown, ".html": chronicle_html}
    if out is not None:
        if out.suffix not in writers:
            raise UsageError(f"--out {out}: a chronicle is written as .md or .html")
        targets = [out]
    else:
        targets = [file.with_name(f"{file.stem}.{view}.story{suffix}") for suffix in writers]
    for target in targets:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(writers[target.suffix](chronicle), encoding="utf-8")
    return targets


def register(app: typer.Typer) -> None:
    app.command("render")(render_command)
