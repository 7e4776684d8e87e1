"""``llm-werewolf eval DIR --report OUT``: metrics, ratings and plots from a folder of transcripts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

from ..common import UsageError

if TYPE_CHECKING:
    from ...evaluation.claims import ClaimSource


def claim_source(value: str) -> ClaimSource:
    if value == "auto":
        return "auto"
    if value == "structured":
        return "structured"
    if value == "text":
        return "text"
    raise UsageError(f"unknown --claims {value!r} (use auto, structured or text)")


def report_skipped(unscored: list[tuple[str, str]]) -> None:
    """One line on stderr per game left out: the file (or ledger key) and why."""
    for key, reason in unscored:
        typer.echo(f"skipped {key}: {reason}", err=True)


def write_study_report(
    source: Path,
    out: Path,
    *,
    title: str | None = None,
    k: int = 1,
    claims: str = "auto",
    bootstrap: int = 100,
    console: Console | None = None,
    language: str | None = None,
    tournament: str | None = None,
    max_fallback_share: float | None = None,
) -> Path:
    """Score ``source`` and write the report into ``out``, in ``language`` (default: the user's locale's,
    else English); ``tournament`` names the title."""
    from ...evaluation.report import REPORT_LANGUAGES, write_report
    from ...evaluation.report.words import ReportWords, locale_language
    from ...evaluation.study import evaluate, load_study

    source_kind = claim_source(claims)
    if language is not None and language not in REPORT_LANGUAGES:
        raise UsageError(f"unknown --report-lang {language!r} (use one of {', '.join(REPORT_LANGUAGES)})")
    study = load_study(source, max_fallback_share)
    report_skipped(study.unscored)
    metrics = evaluate(
        study.games,
        wall_times=study.wall_times,
        k=k,
        claim_source=source_kind,
        bootstrap=bootstrap,
    )
    chosen = language or locale_language()
    if title is None and tournament is not None:
        title = ReportWords(chosen).text("tournament_title", name=tournament)
    paths = write_report(metrics, out, title=title, unscored=study.unscored, language=chosen)
    if console is not None:
        console.print(
            f"{len(study.games)} scored games, {len(study.unscored)} left out · report: {paths['markdown']}, "
            f"{paths['html']}",
            highlight=False,
        )
    return paths["markdown"]


def eval_command(
    folder: Annotated[
        Path | None, typer.Argument(help="A folder of transcripts (searched recursively), or one transcript.")
    ] = None,
    report: Annotated[
        Path | None, typer.Option(help="Write report.md, report.html, plots and metrics.json here.")
    ] = None,
    k: Annotated[int, typer.Option(min=1, help="Days within which a false claimant must be voted against.")] = 1,
    claims: Annotated[
        str, typer.Option(help="Claims from: auto (structured for models, text for humans), structured, text.")
    ] = "auto",
    bootstrap: Annotated[int, typer.Option(min=1, help="Bootstrap resamples for the Elo intervals.")] = 100,
    title: Annotated[
        str | None, typer.Option(help='Report title (default: "Evaluation report" in the report\'s language).')
    ] = None,
    report_lang: Annotated[
        str | None,
        typer.Option(
            "--report-lang",
            help="Language of the report's words: en, ar, ar-LB, he, ru or zh-Hant (default: your locale's, else en).",
        ),
    ] = None,
    compare: Annotated[
        list[str] | None,
        typer.Option(help="NAME=DIR, repeated: print one Markdown table of the same metrics per population."),
    ] = None,
    max_fallback_share: Annotated[
        float,
        typer.Option(
            min=0.0, max=1.0, help="A model seat answered by fallbacks more often than this is scored as the fallback."
        ),
    ] = 0.5,
) -> None:
    """Score a folder of transcripts; print the metrics as JSON, or write a report."""
    if compare:
        print_comparison([folder_spec(item) for item in compare], bootstrap, report_lang)
        return
    if folder is None:
        raise UsageError("give a folder of transcripts (or --compare NAME=DIR ...)")
    if not folder.exists():
        raise UsageError(f"{folder}: no such file or folder")
    console = Console()
    if report is not None:
        write_study_report(
            folder,
            report,
            title=title,
            k=k,
            claims=claims,
            bootstrap=bootstrap,
            console=console,
            language=report_lang,
            max_fallback_share=max_fallback_share,
        )
        return
    from ...evaluation.study import evaluate, load_study

    source_kind = claim_source(claims)
    study = load_study(folder, max_fallback_share)
    report_skipped(study.unscored)
    metrics = evaluate(study.games, wall_times=study.wall_times, k=k, claim_source=source_kind, bootstrap=bootstrap)
    typer.echo(json.dumps({**metrics, "unscored": study.unscored}, indent=1, ensure_ascii=False))


def folder_spec(item: str) -> tuple[str, Path]:
    name, sep, path = item.partition("=")
    if not sep or not name.strip() or not path.strip():
        raise UsageError(f"bad --compare {item!r}: write NAME=DIR")
    folder = Path(path)
    if not folder.exists():
        raise UsageError(f"{folder}: no such file or folder")
    return name.strip(), folder


def print_comparison(specs: list[tuple[str, Path]], bootstrap: int, language: str | None = None) -> None:
    """One Markdown table of the same metrics per population, in ``language`` (default: the user's
    locale's, else English)."""
    from ...evaluation.populations import population_table
    from ...evaluation.report import REPORT_LANGUAGES
    from ...evaluation.report.words import locale_language
    from ...evaluation.study import load_study

    if language is not None and language not in REPORT_LANGUAGES:
        raise UsageError(f"unknown --report-lang {language!r} (use one of {', '.join(REPORT_LANGUAGES)})")

    populations = {}
    for name, folder in specs:
        study = load_study(folder)
        report_skipped(study.unscored)
        populations[name] = study.games
    chosen = language or locale_language()
    typer.echo(population_table(populations, bootstrap=bootstrap, language=chosen))


def register(app: typer.Typer) -> None:
    app.command("eval")(eval_command)
