"""``llm-werewolf check FILE...``: run scenario files and compare with their expectations."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ...scenarios.report import main as check_main


def check(
    files: Annotated[list[Path], typer.Argument(help="Scenario files or folders of them.")],
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Show the god log of failures.")] = False,
) -> None:
    """Play scenario files with scripted agents; exit 1 on any mismatch, 2 on bad files."""
    code = check_main([str(f) for f in files], verbose=verbose)
    raise typer.Exit(code)


def register(app: typer.Typer) -> None:
    app.command("check")(check)
