"""``llm-werewolf export DIR``: dataset rows (one per utterance, one per game) from a folder of transcripts."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ...export import export_transcripts
from ..common import UsageError


class ExportFormat(StrEnum):
    jsonl = "jsonl"
    parquet = "parquet"


def export(
    folder: Annotated[Path, typer.Argument(help="A folder of transcripts (searched recursively), or one transcript.")],
    fmt: Annotated[ExportFormat, typer.Option("--format", "-f", help="Output format.")] = ExportFormat.jsonl,
    out: Annotated[
        Path, typer.Option("--out", "-o", help="Output folder: the two tables and the dataset card (README.md).")
    ] = Path("dataset"),
    licence: Annotated[
        str, typer.Option("--license", help="The dataset's licence for the card (an SPDX-like id).")
    ] = "mit",
    god: Annotated[
        bool,
        typer.Option(
            "--god",
            help="Keep cards, sides, truths and the seed of unfinished games too (they tell the deal of a game "
            "that may still be played).",
        ),
    ] = False,
) -> None:
    """Export transcripts as a dataset: utterances (one row per utterance) and games, in JSONL or Parquet.

    jsonl writes utterances.jsonl and games.jsonl; parquet writes data/train-00000-of-00001.parquet
    (utterances) and games/train-00000-of-00001.parquet. Both write a dataset card, README.md, that
    Hugging Face datasets reads: load_dataset("parquet", data_dir=OUT) loads the utterances.
    An unfinished game is exported without cards, sides, truths or seed unless --god.
    """
    console = Console(stderr=True)
    if not folder.exists():
        raise FileNotFoundError(f"no such file or folder: {folder}")
    try:
        result = export_transcripts([folder], out, fmt.value, licence=licence, god=god)
    except RuntimeError as exc:  # a missing optional dependency (pyarrow)
        raise UsageError(str(exc)) from None
    for reason in result.skipped:
        console.print(f"[yellow]skipped:[/] {reason}", highlight=False)
    if result.games == 0:
        what = f"all {len(result.skipped)} transcripts were skipped" if result.skipped else "no transcripts found"
        raise UsageError(f"nothing exported from {folder}: {what}")
    console.print(
        f"[green]exported[/] {result.games} games, {result.utterances} utterances ({fmt.value}) to "
        + ", ".join(str(p) for p in result.files),
        highlight=False,
    )


def register(app: typer.Typer) -> None:
    app.command("export")(export)
