"""The ``llm-werewolf`` command line (Typer + Rich).

Each module in :mod:`llm_werewolf.cli.commands` defines ``register(app)``; the
app discovers them, so a feature adds its command without editing this file.
Bad arguments print one clear line and exit with code 2, never a traceback.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperCommand, TyperGroup

from . import commands, quiet
from .common import UsageError

_METAVARS = {"str": "TEXT", "int": "INTEGER", "int range": "INTEGER", "float": "FLOAT", "float range": "FLOAT"}


def _metavar(label: str) -> str:
    """A conventional metavar (``TEXT``, ``INTEGER``, ``PATH``, ``[a|b]``) for Typer's ``<type>`` label."""
    inner = label.strip("<>")
    if inner.startswith("list[") and inner.endswith("]"):
        inner = inner[5:-1]
    if "|" in inner:
        return f"[{inner}]"
    return _METAVARS.get(inner, inner.upper())


def _clean_help(params: list[Any], ctx: Any) -> list[Any]:
    """``--help`` without type tags: flags (``--god``, ``--help``) show none, options and arguments a plain metavar."""
    for param in params:
        kind = getattr(param, "param_type_name", "")
        if kind == "option" and param.metavar is None:
            param.metavar = "" if getattr(param, "is_flag", False) else _metavar(str(param.display_type(ctx)))
        elif kind == "argument" and hasattr(param, "display_type"):
            label = _metavar(str(param.display_type(ctx)))
            param.display_type_rich = lambda ctx, label=label: label  # the type column only; usage is unchanged
    return params


class _Command(TyperCommand):
    def get_params(self, ctx: Any) -> list[Any]:
        return _clean_help(super().get_params(ctx), ctx)


class _Group(TyperGroup):
    def get_params(self, ctx: Any) -> list[Any]:
        return _clean_help(super().get_params(ctx), ctx)


class _App(typer.Typer):
    """A Typer app whose commands use :class:`_Command` unless they name another class."""

    def command(self, *args: Any, **kwargs: Any) -> Any:
        kwargs.setdefault("cls", _Command)
        return super().command(*args, **kwargs)


app = _App(
    name="llm-werewolf",
    cls=_Group,
    help="Language-model agents play and narrate Werewolf/Mafia games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _print_version(value: bool) -> None:
    if value:
        from ..install import version

        typer.echo(f"llm-werewolf {version()}")
        raise typer.Exit()


@app.callback()
def _root(
    show_version: Annotated[
        bool,
        typer.Option("--version", help="Print the version and exit.", callback=_print_version, is_eager=True),
    ] = False,
    otel: Annotated[
        bool,
        typer.Option(
            "--otel",
            help="Trace every model call as an OpenTelemetry span (GenAI conventions); the standard OTEL_* "
            "variables choose the exporter (default otlp) and also turn tracing on without this flag.",
        ),
    ] = False,
    verbose: Annotated[
        bool,
        typer.Option(
            "--verbose",
            help="Write library log lines and warnings (llama.cpp, web server) to a log file; "
            "without it they are dropped and the console shows only the game.",
        ),
    ] = False,
    log_file: Annotated[Path, typer.Option("--log-file", help="The log file of --verbose.")] = quiet.DEFAULT_LOG_FILE,
    otel_god_view: Annotated[
        bool,
        typer.Option(
            "--otel-god-view",
            help="Spans also name the seat, the decision and the seed: they tell the deal, so never use it "
            "for a game people are playing (also LLM_WEREWOLF_OTEL_GOD_VIEW=1).",
        ),
    ] = False,
) -> None:
    """Language-model agents play and narrate Werewolf/Mafia games."""
    from .. import tracing

    quiet.quiet_console(log_file if verbose else None)

    try:
        tracing.setup(True if otel else None, god_view=True if otel_god_view else None)
    except RuntimeError as exc:  # the otel extra is missing, or an unknown exporter
        raise UsageError(str(exc)) from None


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
    from .. import tracing
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
    except ModuleNotFoundError as exc:
        from ..install import extra_for, missing_module_message

        if exc.name is None or extra_for(exc.name) is None:
            raise
        report(missing_module_message(exc.name))
        sys.exit(2)
    except OSError as exc:  # a full disk, a read-only folder, no permission: one line, not a traceback
        reason = exc.strerror or type(exc).__name__
        report(f"cannot write or read {exc.filename}: {reason}" if exc.filename else f"cannot write or read: {reason}")
        sys.exit(2)
    finally:
        tracing.shutdown()  # export the spans still buffered
    sys.exit(code if isinstance(code, int) else 0)
