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

from . import commands
from .common import UsageError

app = typer.Typer(
    name="llm-werewolf",
    help="Language-model agents play and narrate Werewolf/Mafia games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _discover() -> None:
    for module in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        loaded = importlib.import_module(f"{commands.__name__}.{module.name}")
        register = getattr(loaded, "register", None)
        if callable(register):
            register(app)


_discover()


def one_line(message: str) -> str:
    """``message`` with every run of whitespace (newlines included) made one space."""
    return " ".join(message.split())


def report(message: str) -> None:
    """Print ``error: <message>`` as exactly one line on stderr (never wrapped)."""
    typer.echo(f"{typer.style('error:', fg='red', bold=True)} {one_line(message)}", err=True)


def usage_message(exc: typer.TyperException) -> str:
    """A command-line parsing error as one line; a usage error names its command's ``--help``."""
    message = one_line(exc.format_message())
    ctx = getattr(exc, "ctx", None)  # set on usage errors (bad value, unknown option, missing argument)
    command_path = getattr(ctx, "command_path", None)
    return f"{message} (see '{command_path} --help')" if command_path else message


def main() -> None:
    """Console entry point: bad input is one ``error:`` line on stderr and exit code 2.

    The app runs with ``standalone_mode=False`` so that Typer's own parsing errors come
    here instead of being drawn as a boxed panel; ``typer.Exit(code)`` comes back as the code.
    """
    from ..rules.errors import RulesError
    from ..table.seating import SeatSpecError
    from ..texts import TextDataError
    from ..transcript.io import TranscriptError

    try:
        code = app(standalone_mode=False)
    except typer.TyperException as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":
            sys.exit(2)  # the help is already printed
        report(usage_message(exc))
        sys.exit(2)
    except typer.Abort:
        report("aborted")
        sys.exit(2)
    except (UsageError, RulesError, TranscriptError, TextDataError, SeatSpecError, FileNotFoundError) as exc:
        report(str(exc))
        sys.exit(2)
    except OSError as exc:  # a full disk, a read-only folder, no permission: one line, not a traceback
        reason = exc.strerror or type(exc).__name__
        report(f"cannot write or read {exc.filename}: {reason}" if exc.filename else f"cannot write or read: {reason}")
        sys.exit(2)
    sys.exit(code if isinstance(code, int) else 0)
