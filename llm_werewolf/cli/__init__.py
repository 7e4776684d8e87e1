"""The ``llm-werewolf`` command line (Typer + Rich).

Each module in :mod:`llm_werewolf.cli.commands` defines ``register(app)``; the
app discovers them, so a feature adds its command without editing this file.
Bad arguments print one clear line and exit with code 2, never a traceback.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

import typer
from rich.console import Console

from . import commands
from .common import UsageError

app = typer.Typer(
    name="llm-werewolf",
    help="Language-model agents play and narrate Werewolf/Mafia games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

err_console = Console(stderr=True)


def _discover() -> None:
    for module in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        loaded = importlib.import_module(f"{commands.__name__}.{module.name}")
        register = getattr(loaded, "register", None)
        if callable(register):
            register(app)


_discover()


def main() -> None:
    """Console entry point: known input errors become one line and exit code 2."""
    from ..rules.errors import RulesError
    from ..table.seating import SeatSpecError
    from ..texts import TextDataError
    from ..transcript.io import TranscriptError

    try:
        app(standalone_mode=True)
    except (UsageError, RulesError, TranscriptError, TextDataError, SeatSpecError, FileNotFoundError) as exc:
        err_console.print(f"[bold red]error:[/] {exc}", highlight=False)
        sys.exit(2)
