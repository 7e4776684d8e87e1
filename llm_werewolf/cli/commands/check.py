"""``llm-werewolf check FILE...``: run scenario files and compare with their expectations."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ...scenarios.report import main as check_main


def check(
    files: Annotated[list[Path], typer.Argument(help="Scenario files or folders of them.")],
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Show the god log of failures.")] = False,
    pinned: Annotated[
        bool,
        typer.Option(
            "--pinned",
            help="Play each scenario with the switch defaults of the rules version it declares (rules_version).",
        ),
    ] = False,
) -> None:
    """Play scenario files with scripted agents; exit 1 on any mismatch, 2 on bad files.

    A failing scenario's report also lists the switches it left at their defaults and which of those
    defaults changed since the rules version it declares."""
    code = check_main([str(f) for f in files], verbose=verbose, pinned=pinned)
    raise typer.Exit(code)


def register(app: typer.Typer) -> None:
    app.command("check")(check)
