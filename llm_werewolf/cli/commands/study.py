"""``llm-werewolf study cross-lingual``: the same seats play the same deals in each language; paired
estimates by language of lying, lie detection, claim honesty, groundedness, wins and fallbacks."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from ..common import UsageError

study_app = typer.Typer(help="Studies: several tournaments' worth of games designed to answer one question.")


def _table_file(path: Path | None) -> dict[str, Any]:
    """The ``[llm]`` and ``[table]`` tables of a TOML file (a tournament config's)."""
    if path is None:
        return {}
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise UsageError(f"{path}: {exc}") from None
    return {key: raw[key] for key in ("llm", "table") if key in raw}


@study_app.command("cross-lingual")
def cross_lingual_command(
    variant: Annotated[str, typer.Option(help="Ruleset id (see `llm-werewolf variants`).")],
    models: Annotated[list[str], typer.Option("--model", help="A seat spec (repeat: seat i plays the (i mod M)-th).")],
    out: Annotated[Path, typer.Option(help="Folder for the games (games/) and the study page (report/).")],
    players: Annotated[int | None, typer.Option(min=1, help="Seats (default: the ruleset's standard table).")] = None,
    languages: Annotated[
        str | None, typer.Option(help="Comma-separated languages (default: every language of the ruleset).")
    ] = None,
    deals: Annotated[int, typer.Option(min=1, help="Deals (seeds) played in every language.")] = 10,
    first_seed: Annotated[int, typer.Option(help="The first deal's seed; the others follow.")] = 1,
    base_url: Annotated[str | None, typer.Option("--base-url", help="An OpenAI-compatible endpoint URL.")] = None,
    profile: Annotated[str | None, typer.Option(help="Capability profile of the model seats.")] = None,
    config: Annotated[
        Path | None, typer.Option("--config", help="A TOML file whose [llm] and [table] tables set the model seats.")
    ] = None,
    concurrency: Annotated[int, typer.Option(min=1, help="Games at the same time.")] = 1,
    report_lang: Annotated[
        str | None,
        typer.Option(
            "--report-lang",
            help="Language of the study page: en, ar, ar-LB, he, ru or zh-Hant (default: your locale's, else en).",
        ),
    ] = None,
) -> None:
    """Play the same deals with the same seats in each language, then write the paired study page."""
    from ...evaluation.cross_lingual import cross_lingual
    from ...evaluation.cross_lingual_report import write_study_page
    from ...evaluation.report.words import REPORT_LANGUAGES, locale_language
    from ...evaluation.study import load_study
    from ...evaluation.tournament import ConfigError, TournamentConfig, plan, run_tournament
    from ...rules import get_ruleset
    from ...table.seating import MODEL_KINDS, AgentSpec

    if report_lang is not None and report_lang not in REPORT_LANGUAGES:
        raise UsageError(f"unknown --report-lang {report_lang!r} (use one of {', '.join(REPORT_LANGUAGES)})")
    try:
        ruleset = get_ruleset(variant)
    except Exception as exc:
        raise UsageError(str(exc)) from None
    chosen = [lang.strip() for lang in languages.split(",") if lang.strip()] if languages else list(ruleset.languages)
    if len(chosen) < 2:
        raise UsageError("a cross-lingual study needs two languages or more")
    reference = ruleset.source_language if ruleset.source_language in chosen else chosen[0]
    settings = _table_file(config)
    llm = dict(settings.get("llm", {}))
    if base_url is not None:
        llm["base_url"] = base_url
    if profile is not None:
        llm["profile"] = profile
    raw: dict[str, Any] = {
        "name": f"cross-lingual-{variant}",
        "seeds": {"start": first_seed, "count": deals},
        "models": models,
        "rulesets": [{"variant": variant, "players": players, "language": lang} for lang in chosen],
        "rotation": "fixed",
        "concurrency": concurrency,
        "llm": llm,
        **({"table": settings["table"]} if "table" in settings else {}),
    }
    try:
        tournament = TournamentConfig.model_validate(raw)
        jobs = plan(tournament)
    except (ConfigError, ValueError) as exc:
        raise UsageError(str(exc)) from None
    console = Console()
    console.print(f"{len(jobs)} games: {deals} deals × {', '.join(chosen)} (reference {reference})", highlight=False)
    result = run_tournament(tournament, out, console=console)
    for entry in result.entries:
        if entry.status != "done" or entry.reason:
            console.print(f"[yellow]{entry.key}[/]: {entry.status}: {entry.reason}", highlight=False)
    study = load_study(out, tournament.max_fallback_share)
    labels = {AgentSpec.parse(spec).label for spec in models if AgentSpec.parse(spec).kind in MODEL_KINDS}
    measured = cross_lingual(study.games, labels or {AgentSpec.parse(spec).label for spec in models}, reference)
    page_language = report_lang or locale_language()
    paths = write_study_page(measured, out / "report", variant=variant, language=page_language)
    console.print(
        f"{len(study.games)} games scored, {len(study.unscored)} left out · "
        f"study: {paths['markdown']}, {paths['html']}",
        highlight=False,
    )


def register(app: typer.Typer) -> None:
    app.add_typer(study_app, name="study")
