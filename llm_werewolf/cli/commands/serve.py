"""``llm-werewolf serve``: the browser table (host page, seat pages for phones, table screen)."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ..common import UsageError


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (127.0.0.1: this computer only).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8765,
    transcripts: Annotated[Path, typer.Option(help="Folder for the transcripts of the games played.")] = Path(
        "transcripts"
    ),
    no_transcript: Annotated[bool, typer.Option("--no-transcript", help="Do not write transcripts.")] = False,
) -> None:
    """Serve the browser table: a host page sets up the game, each human plays from a private link."""
    try:
        import uvicorn

        from ...web.app import create_app
        from ...web.tables import Lobby
    except ModuleNotFoundError as exc:  # pragma: no cover - the web extra is a main dependency
        raise UsageError(f"the web table needs fastapi and uvicorn: {exc}") from None
    lobby = Lobby(host_token=secrets.token_urlsafe(24), transcripts=None if no_transcript else transcripts)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    console = Console()
    console.print(
        f"[bold]Host page[/] (keep this link to yourself): http://{shown}:{port}/host?token={lobby.host_token}"
    )
    if host not in ("127.0.0.1", "localhost", "::1"):
        console.print("[yellow]Listening beyond this computer: anyone on the network can reach the pages.[/]")
    from ...web.server import raise_file_limit, server_settings

    raise_file_limit()
    uvicorn.run(create_app(lobby), host=host, port=port, **server_settings())


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
