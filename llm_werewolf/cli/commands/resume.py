"""``llm-werewolf resume FILE``: continue a game that was killed mid-way, appending to its transcript."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ...opening.resume import ResumeError, resume_file
from ...render.console import ConsoleSink
from ...transcript.replay import ReplayMismatch


def resume(
    file: Annotated[Path, typer.Argument(help="The partial transcript (.jsonl) of an interrupted game.")],
    god: Annotated[bool, typer.Option("--god", help="Also show night actions and private results.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Do not print the rest of the game.")] = False,
    narrator: Annotated[
        str, typer.Option(help="auto (the header's, else as the file shows), template or off.")
    ] = "auto",
    base_url: Annotated[
        str | None, typer.Option("--base-url", help="The endpoint of the model seats (not kept in transcripts).")
    ] = None,
    profile: Annotated[str | None, typer.Option(help="Capability profile of the model seats.")] = None,
    api_key_env: Annotated[
        str | None, typer.Option("--api-key-env", help="Environment variable holding the API key.")
    ] = None,
    api_key_file: Annotated[Path | None, typer.Option("--api-key-file", help="A file holding the API key.")] = None,
    config_file: Annotated[
        Path | None, typer.Option("--config", help="A table.toml with the model settings (see docs/llm.md).")
    ] = None,
    deadline: Annotated[
        float | None, typer.Option(help="Seconds a model seat has for one decision (default 120).")
    ] = None,
    model: Annotated[
        str | None,
        typer.Option(help="The model that paid seats (openai:, langchain:) play with from here (default: --config's)."),
    ] = None,
    header_models: Annotated[
        bool,
        typer.Option("--header-models", help="Spend your key on the models the transcript names (asked otherwise)."),
    ] = False,
) -> None:
    """Rebuild the game from its transcript, seat the same agents and play it to the end.

    Paid model seats play with your --model (or --config's model); the models the transcript
    names are used only with --header-models, or when you say yes at the question.
    """
    import sys

    from ...opening.resume import paid_models
    from ...transcript import read_transcript
    from ..llm_setup import setup_llm

    setup = setup_llm(
        model=model, base_url=base_url, profile=profile, config_file=config_file, api_key_env=api_key_env,
        api_key_file=api_key_file, deadline=deadline,
    )  # fmt: skip
    console = Console()
    header = read_transcript(file).header
    chosen = model or setup.session.settings.model
    paid = paid_models(header)
    if paid and chosen is None and not header_models and sys.stdin.isatty():
        listed = ", ".join(f"seat {i + 1} {spec}" for i, spec in sorted(paid.items()))
        header_models = typer.confirm(f"The transcript names paid models ({listed}). Spend your key on them?")
    sinks = []
    if not quiet:
        sinks.append(ConsoleSink(console, header.names, variant=header.variant, language=header.language, god=god))
    try:
        result = resume_file(
            file, sinks=sinks, narrator=narrator, session=setup.session, model=chosen, header_models=header_models
        )
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
