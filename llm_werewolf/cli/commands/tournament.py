"""``llm-werewolf tournament CONFIG.toml``: models × rulesets × seeds, resumable, in-process or on Ray."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from ..common import UsageError


def tournament(
    config: Annotated[Path, typer.Argument(help="Tournament config (TOML), e.g. evals/smoke.toml.")],
    out: Annotated[
        Path | None, typer.Option(help="Output folder (default: the config's `out`, else runs/<name>).")
    ] = None,
    executor: Annotated[str, typer.Option(help="Where games run: inprocess or ray.")] = "inprocess",
    ray_address: Annotated[
        str | None, typer.Option(help="Ray cluster address (default: join or start a local Ray instance).")
    ] = None,
    concurrency: Annotated[
        int | None, typer.Option(min=1, help="Games at the same time (default: the config's).")
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            min=0,
            help="Processes for games whose seats are all heuristic/random, with the inprocess executor "
            "(0 = every core, one per 100 such games at most; 1 = all in this process). Games with a model "
            "seat (local, openai, langchain, fake) always run in this process: one model per process would "
            "not fit in memory.",
        ),
    ] = 0,
    limit: Annotated[int | None, typer.Option(min=1, help="Play at most this many of the remaining games.")] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="List the planned games and exit.")] = False,
    report: Annotated[Path | None, typer.Option(help="Also write the evaluation report to this folder.")] = None,
    report_lang: Annotated[
        str | None,
        typer.Option(
            "--report-lang",
            help="Language of the report: en, ar, ar-LB, he, ru or zh-Hant (default: your locale's, else en).",
        ),
    ] = None,
    send_key_to: Annotated[
        list[str] | None,
        typer.Option("--send-key-to", help="Confirm an endpoint the config sends the API key to (not loopback)."),
    ] = None,
) -> None:
    """Run a tournament; finished games are skipped, failed ones are recorded as unscored."""
    from ...evaluation.tournament import (
        GAMES_DIR,
        ConfigError,
        InProcessExecutor,
        RayExecutor,
        WorkersExecutor,
        load_config,
        plan,
        run_tournament,
    )

    try:
        settings = load_config(config)
        jobs = plan(settings)
    except ConfigError as exc:
        raise UsageError(str(exc)) from None
    check_endpoints(config, settings, send_key_to or ())
    if report_lang is not None:
        from ...evaluation.report.words import REPORT_LANGUAGES

        if report_lang not in REPORT_LANGUAGES:
            raise UsageError(f"unknown --report-lang {report_lang!r} (use one of {', '.join(REPORT_LANGUAGES)})")
    folder = out or Path(settings.out or f"runs/{settings.name}")
    console = Console()
    if dry_run:
        for job in jobs:
            console.print(f"{job.key}: {', '.join(e.spec for e in job.seats)}", highlight=False)
        console.print(f"{len(jobs)} games", highlight=False)
        return
    at_once = concurrency or settings.concurrency
    chosen: InProcessExecutor | WorkersExecutor | RayExecutor
    if executor == "inprocess":
        chosen = InProcessExecutor(at_once) if workers == 1 else WorkersExecutor(at_once, workers)
    elif executor == "ray":
        chosen = RayExecutor(at_once, address=ray_address)
    else:
        raise UsageError(f"unknown executor {executor!r} (use inprocess or ray)")
    result = run_tournament(settings, folder, chosen, limit=limit)
    console.print(
        f"{result.planned} games planned, {result.skipped} already finished; this run: "
        f"{result.count('done')} done, {result.count('unscored')} unscored, {result.count('failed')} failed",
        highlight=False,
    )
    for entry in result.entries:
        if entry.status != "done" or entry.reason:  # a done game's reason: a seat scored as the fallback
            console.print(f"[yellow]{entry.key}[/]: {entry.status}: {entry.reason}", highlight=False)
    console.print(f"transcripts and ledger: {folder / GAMES_DIR}", highlight=False)
    if report is not None:
        from .eval import write_study_report

        write_study_report(
            folder,
            report,
            tournament=settings.name,
            console=console,
            language=report_lang,
            max_fallback_share=settings.max_fallback_share,
        )


def check_endpoints(path: Path, settings: Any, confirmed: Sequence[str]) -> None:
    """The config's API key goes to an endpoint it names only when ``--send-key-to`` confirms it."""
    from ...key_guard import KeyDestinationRefused, check_key_uses, key_uses
    from ...table.seating import NAMED_MODEL_KINDS

    llm = settings.llm
    section = {"api_key_env": llm.api_key_env} if llm.api_key_env != "OPENAI_API_KEY" else {}
    uses = []
    for entry in settings.models:
        if entry.spec.strip().partition(":")[0].lower() not in NAMED_MODEL_KINDS:
            continue
        url = entry.base_url or llm.base_url
        uses += key_uses(f"{path} ({entry.spec})", section, base_url=url, cli_key=False, url_from_file=url is not None)
    try:
        check_key_uses(uses, confirmed, alternative="")
    except KeyDestinationRefused as exc:
        raise UsageError(str(exc)) from None


def register(app: typer.Typer) -> None:
    app.command("tournament")(tournament)
