"""``llm-werewolf import tencent|werewolf-arena SRC -o DIR``: other platforms' games as transcripts."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..common import UsageError


def import_command(
    source_format: Annotated[str, typer.Argument(metavar="FORMAT", help="tencent or werewolf-arena.")],
    source: Annotated[Path, typer.Argument(help="A record file, or a folder of them (searched recursively).")],
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder for the transcripts (created if needed).")],
) -> None:
    """Import game records of another platform; `replay` checks them and `eval` scores them."""
    from ...importers import FORMATS, import_source

    if source_format not in FORMATS:
        raise UsageError(f"unknown format {source_format!r} (use {' or '.join(FORMATS)})")
    if not source.exists():
        raise UsageError(f"{source}: no such file or folder")
    report = import_source(source_format, source, out)
    for line in report.errors:
        typer.echo(f"not imported: {line}", err=True)
    typer.echo(f"imported {len(report.written)} games into {out}; {len(report.errors)} records not imported", err=True)
    if not report.written and report.errors:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command("import")(import_command)
