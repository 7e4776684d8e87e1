"""``llm-werewolf model-server``: llama.cpp's OpenAI-compatible server on the embedded model (or a
GGUF you name), in the model's own chat format, on loopback and a free port; prints the flags to play with."""

from __future__ import annotations

import signal
import sys
from pathlib import Path
from typing import Annotated

import typer

from ..common import UsageError


def model_server_command(
    model: Annotated[
        Path | None, typer.Option(help="A GGUF file (default: the embedded gemma-3-270m, assembled once).")
    ] = None,
    alias: Annotated[
        str | None,
        typer.Option(help="The model name the server answers to (default: gemma-3-270m, or the file's stem)."),
    ] = None,
    host: Annotated[str, typer.Option(help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="The port (0: a free one).")] = 0,
    threads: Annotated[int, typer.Option(min=1, help="llama.cpp threads (one is fastest on busy, shared cores).")] = 1,
    n_ctx: Annotated[int, typer.Option("--n-ctx", min=512, help="Context length in tokens.")] = 4096,
    chat_format: Annotated[
        str | None,
        typer.Option(
            help="A llama.cpp chat format name (default: the model's own: its GGUF template, else its family's)."
        ),
    ] = None,
    ready_within: Annotated[float, typer.Option(min=1, help="Seconds to wait for the server to answer.")] = 300,
) -> None:
    """Serve a GGUF model over the OpenAI API on this computer until Ctrl-C."""
    from ...llm.embedded import EMBEDDED_MODEL, embedded_model_path
    from ...llm.model_server import describe_chat_format
    from ...llm.server_process import ServerPlan, start, stop

    if model is not None and not model.is_file():
        raise UsageError(f"{model}: no such GGUF file")
    path = model if model is not None else embedded_model_path()
    name = alias or (EMBEDDED_MODEL if model is None else path.stem)
    plan = ServerPlan(
        model=path, alias=name, host=host, port=port, n_ctx=n_ctx, threads=threads, chat_format=chat_format
    )
    typer.echo(
        f"starting llama.cpp on {path.name} (chat format: {describe_chat_format(path, chat_format)})...", err=True
    )
    process, url = start(plan, log=sys.stderr.fileno(), ready_within=ready_within)
    typer.echo(f"serving {name} at {url}")
    typer.echo(f"play with: --agents openai:{name} --base-url {url} --profile llamacpp", err=False)
    sys.stdout.flush()
    signal.signal(signal.SIGTERM, _interrupt)  # stopped like Ctrl-C: the server goes with this process
    try:
        process.wait()
    except KeyboardInterrupt:
        pass
    finally:
        stop(process)


def _interrupt(signum: int, frame: object) -> None:
    """SIGTERM as Ctrl-C. (Stopping the server inside the handler would wait on the child while the
    interrupted ``wait`` holds its lock: the process would never exit.)"""
    raise KeyboardInterrupt


def register(app: typer.Typer) -> None:
    app.command("model-server")(model_server_command)
