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
    backend: Annotated[
        str | None, typer.Option(help="Model backend of AI seats given without one: local, openai, langchain, fake.")
    ] = None,
    model: Annotated[str | None, typer.Option(help="Model name (openai, langchain) or GGUF path (local).")] = None,
    base_url: Annotated[str | None, typer.Option("--base-url", help="An OpenAI-compatible endpoint URL.")] = None,
    profile: Annotated[str | None, typer.Option(help="Capability profile of the model seats.")] = None,
    api_key_env: Annotated[
        str | None, typer.Option("--api-key-env", help="Environment variable holding the API key.")
    ] = None,
    api_key_file: Annotated[Path | None, typer.Option("--api-key-file", help="A file holding the API key.")] = None,
    config_file: Annotated[
        Path | None, typer.Option("--config", help="A table.toml with the model settings (see docs/llm.md).")
    ] = None,
    log_prompts: Annotated[bool, typer.Option("--log-prompts", help="Keep every model prompt in transcripts.")] = False,
    deadline: Annotated[
        float | None, typer.Option(help="Seconds a model seat has for one decision (default 120).")
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option(
            "--public-url",
            help="Base URL the phones open (e.g. http://192.168.1.20:8765); default: this machine's LAN address.",
        ),
    ] = None,
) -> None:
    """Serve the browser table: a host page sets up the game, each human plays from a private link.

    AI seats that name a model (``openai:MODEL``...) use the model flags given here; a table's model
    endpoints are checked when the host starts it (a failed check is shown to the host).
    """
    from ..llm_setup import setup_llm

    setup = setup_llm(
        backend=backend, model=model, base_url=base_url, profile=profile, config_file=config_file,
        log_prompts=log_prompts, api_key_env=api_key_env, api_key_file=api_key_file, deadline=deadline,
    )  # fmt: skip
    try:
        import uvicorn

        from ...web.app import create_app
        from ...web.tables import Lobby
    except ModuleNotFoundError as exc:  # pragma: no cover - the web extra is a main dependency
        raise UsageError(f"the web table needs fastapi and uvicorn: {exc}") from None
    from ...web.links import LinkError, lan_addresses, public_bases, reachable_from_others

    try:
        bases = public_bases(host, port, public_url=public_url, addresses=lan_addresses())
    except LinkError as exc:
        raise UsageError(str(exc)) from None
    lobby = Lobby(
        host_token=secrets.token_urlsafe(24),
        transcripts=None if no_transcript else transcripts,
        session=setup.session,
        base_url=bases[0],
    )
    console = Console()
    for line in serve_banner(host, port, bases, lobby.host_token, reachable=reachable_from_others(bases[0])):
        console.print(line, highlight=False, markup=False)
    from ...web.server import raise_file_limit, server_settings

    raise_file_limit()
    from ...web.host_check import allowed_hosts

    app = create_app(lobby, allowed_hosts=allowed_hosts(host, bases))
    uvicorn.run(app, host=host, port=port, **server_settings())


def serve_banner(host: str, port: int, bases: list[str], host_token: str, *, reachable: bool) -> list[str]:
    """What ``serve`` prints: the host page's link, and where the phones reach the table."""
    local = "127.0.0.1" if host in ("0.0.0.0", "::", "localhost") else host
    local = f"[{local}]" if ":" in local else local
    lines = [f"Host page (keep this link to yourself): http://{local}:{port}/host?token={host_token}"]
    if reachable:
        lines.append("Phones on your network reach the table at: " + ", ".join(bases))
        lines.append("Seat links and QR codes on the host page use " + bases[0] + ".")
        lines.append("Listening beyond this computer: anyone on the network can reach the pages.")
    else:
        lines.append("Only this computer can open the pages. For phones: --host 0.0.0.0 (or --public-url URL).")
    return lines


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
