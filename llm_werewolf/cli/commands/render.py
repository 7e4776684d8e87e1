"""``llm-werewolf render FILE``: a transcript as Markdown or one self-contained HTML page, for one view;
``--format story``: the game as a chronicle in its language (Markdown and HTML)."""

from __future__ import annotations

import asyncio
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ...llm.errors import BackendConfigError
from ...render import ViewError, render
from ...render.chronicle import Chronicle, ChronicleError, build_chronicle
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
    narrator: Annotated[
        str,
        typer.Option(
            help="story only: template (default), or llm / llm:KIND[:MODEL] to let a model write each scene "
            "from the template plan (checked; the template scene where it is refused)."
        ),
    ] = "template",
) -> None:
    """Render a transcript for reading: a timeline of nights and days, speeches, votes, deaths and the reveal."""
    transcript = read_transcript(file)
    err = Console(stderr=True)
    for warning in transcript.warnings:
        err.print(f"[yellow]warning:[/] {warning}", highlight=False)
    if fmt is RenderFormat.story:
        for target in write_chronicle(transcript, file, view, out, narrator, err):
            err.print(f"[green]wrote[/] {target}", highlight=False)
        return
    if narrator != "template":
        raise UsageError("--narrator is for --format story")
    try:
        text = render(transcript, fmt.value, view)
    except ViewError as exc:
        raise UsageError(str(exc)) from None
    target = out or file.with_name(f"{file.stem}.{view.replace(':', '')}.{fmt.value}")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    err.print(f"[green]wrote[/] {target}", highlight=False)


def write_chronicle(
    transcript: Transcript,
    file: Path,
    view: str,
    out: Path | None,
    narrator: str = "template",
    err: Console | None = None,
) -> list[Path]:
    """The chronicle as Markdown and HTML next to ``file`` (or the one ``out`` names by its suffix)."""
    try:
        chronicle = build_chronicle(transcript, view)
    except ChronicleError as exc:
        raise UsageError(str(exc)) from None
    if narrator != "template":
        chronicle = asyncio.run(model_chronicle(transcript, chronicle, narrator, err or Console(stderr=True)))
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


async def model_chronicle(transcript: Transcript, chronicle: Chronicle, mode: str, err: Console) -> Chronicle:
    """Each scene retold by the ``llm`` narrator's backend, checked; refused scenes keep the template lines."""
    from ...opening.narrators import NarratorSpecError, narrator_backend_spec
    from ...render.chronicle_llm import ModelChronicler
    from ...session import Session

    if mode.split(":", 1)[0].strip().lower() != "llm":
        raise UsageError(f"bad --narrator {mode!r}: use template, llm or llm:KIND[:MODEL]")
    session = Session()
    try:
        spec = narrator_backend_spec(mode, (), session.default_model_spec())
        backend = session.backend(spec, transcript.header.seed)
    except (NarratorSpecError, BackendConfigError) as exc:
        raise UsageError(str(exc)) from None
    try:
        told = await ModelChronicler(transcript, backend).tell(chronicle)
    finally:
        await session.pool.aclose()
    by_model = sum(1 for scene in told.scenes if scene.told_by == "llm")
    err.print(f"{by_model} of {len(told.scenes)} scenes written by the model, the others from the template")
    return told


def register(app: typer.Typer) -> None:
    app.command("render")(render_command)
