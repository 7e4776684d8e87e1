"""The FastAPI application: host page and API, seat pages, spectator pages, websockets.

Access rules (every one tested in tests/web):

* the host page and ``/api/host/...`` need the host token (query ``token`` or header ``X-Host-Token``);
* a seat page, its state, its answers and its websocket need that seat's own token;
  anything else (another seat's token, an AI seat, an unknown table) is refused with 403;
* spectator and table-screen pages need the table's public token and get the public view only;
* under ``serve``, a request or websocket whose ``Host`` is not an address ``serve`` printed is
  refused (DNS rebinding, :mod:`.host_check`);
* a websocket whose ``Origin`` is not the served host is refused; sockets per token and overall,
  send queues, message size and JSON shape are bounded (:mod:`.limits`).
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager, suppress
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Header, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.middleware.base import BaseHTTPMiddleware, RequestResponseEndpoint

from ..describe.ui_text import switch_labels, ui_texts
from ..rules import all_rulesets
from ..table.seating import MODEL_KINDS, SCRIPTLESS_KINDS
from .host_check import HostCheck
from .limits import (
    MAX_MESSAGE_CHARS,
    SOCKETS_PER_PUBLIC,
    SOCKETS_PER_SEAT,
    Outbox,
    PayloadError,
    SocketGate,
    parse_message,
)
from .pages import STATIC, render_page
from .seats import AnswerRefused
from .setup import HUMAN, SetupError, TableSetup
from .tables import Lobby, WebTable

ERROR_TEXTS = {
    "too_large": f"message too long (at most {MAX_MESSAGE_CHARS} characters)",
    "too_deep": "message nested too deeply",
    "bad_number": "a number in the message is too long",
    "bad_request": "bad request",
}
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; "
        "img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}


TRANSCRIPT_CSP = (
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
)
"""The rendered transcript is one self-contained page (inline style and script, no request out)."""

HostHeader = Annotated[str | None, Header(alias="X-Host-Token")]
"""The host token as a header (the host page's API calls); pages take it as ``?token=``."""


def _same(given: str | None, expected: str) -> bool:
    return given is not None and secrets.compare_digest(given.encode(), expected.encode())


class _SecurityHeaders(BaseHTTPMiddleware):
    async def dispatch(self, request: Request, call_next: RequestResponseEndpoint) -> Response:
        response = await call_next(request)
        for key, value in SECURITY_HEADERS.items():
            response.headers.setdefault(key, value)
        return response


def create_app(lobby: Lobby | None = None, *, allowed_hosts: Iterable[str] | None = None) -> FastAPI:
    """The web app around ``lobby`` (a fresh one, with a new host token, by default).

    ``allowed_hosts``: the only ``Host`` names served (``serve`` passes the addresses it prints;
    :mod:`.host_check`); ``None`` serves any.
    """
    the_lobby = lobby or Lobby()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        await the_lobby.close()

    app = FastAPI(title="llm-werewolf", docs_url=None, redoc_url=None, openapi_url=None, lifespan=lifespan)
    app.state.lobby = the_lobby
    gate = SocketGate()
    app.state.sockets = gate
    app.add_middleware(_SecurityHeaders)
    if allowed_hosts is not None:
        app.add_middleware(HostCheck, allowed=frozenset(allowed_hosts))
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # -- access checks --------------------------------------------------------------------
    def host(token: str | None, header: str | None) -> None:
        if not (_same(token, the_lobby.host_token) or _same(header, the_lobby.host_token)):
            raise HTTPException(403, "host token required")

    def table_of(table_id: str) -> WebTable:
        table = the_lobby.get(table_id)
        if table is None:
            raise HTTPException(403, "forbidden")
        return table

    def seat_of(table: WebTable, number: int, token: str | None) -> int:
        """The 0-based seat for a page's ``number`` (from 1) if ``token`` is that human seat's own."""
        index = number - 1
        if not 0 <= index < len(table.hubs):
            raise HTTPException(403, "forbidden")
        hub = table.hubs[index]
        if not hub.human or not _same(token, hub.token):
            raise HTTPException(403, "forbidden")
        return index

    def base_of(request: Request) -> str:
        """The base of the links the host hands out: the lobby's (LAN) one, else this request's."""
        return the_lobby.base_url or str(request.base_url).rstrip("/")

    def public_of(table: WebTable, token: str | None) -> None:
        if not _same(token, table.public.token):
            raise HTTPException(403, "forbidden")

    # -- pages ------------------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse)
    async def home() -> str:
        return render_page("home", "en")

    @app.get("/host", response_class=HTMLResponse)
    async def host_page(token: str | None = None, lang: str = "en", x_host_token: HostHeader = None) -> str:
        host(token, x_host_token)
        return render_page("host", lang if lang in _languages() else "en")

    @app.get("/t/{table_id}/seat/{number}", response_class=HTMLResponse)
    async def seat_page(table_id: str, number: int, token: str | None = None) -> str:
        table = table_of(table_id)
        seat_of(table, number, token)
        return render_page("seat", table.language, table=table.id, seat=number)

    @app.get("/t/{table_id}/watch", response_class=HTMLResponse)
    async def watch_page(table_id: str, token: str | None = None) -> str:
        table = table_of(table_id)
        public_of(table, token)
        return render_page("watch", table.language, table=table.id)

    @app.get("/t/{table_id}/screen", response_class=HTMLResponse)
    async def screen_page(table_id: str, token: str | None = None) -> str:
        table = table_of(table_id)
        public_of(table, token)
        return render_page("screen", table.language, table=table.id)

    # -- host API -------------------------------------------------------------------------
    @app.get("/api/host/rulesets")
    async def rulesets(lang: str = "en", token: str | None = None, x_host_token: HostHeader = None) -> dict[str, Any]:
        host(token, x_host_token)
        words = switch_labels(lang if lang in _languages() else "en")
        return {"rulesets": [_ruleset_json(r, words) for r in all_rulesets()], "players": _player_kinds()}

    @app.get("/api/host/ui")
    async def host_ui(lang: str = "en", token: str | None = None, x_host_token: HostHeader = None) -> dict[str, Any]:
        host(token, x_host_token)
        return ui_texts(lang if lang in _languages() else "en")

    @app.post("/api/host/tables")
    async def create_table(
        setup: TableSetup, request: Request, token: str | None = None, x_host_token: HostHeader = None
    ) -> Response:
        host(token, x_host_token)
        try:
            table = the_lobby.create(setup)
        except SetupError as exc:
            return JSONResponse({"detail": str(exc)}, status_code=422)
        return JSONResponse(table.host_view(base_of(request)))

    @app.get("/api/host/tables/{table_id}")
    async def table_status(
        table_id: str, request: Request, token: str | None = None, x_host_token: HostHeader = None
    ) -> dict[str, Any]:
        host(token, x_host_token)
        return table_of(table_id).host_view(base_of(request))

    @app.post("/api/host/tables/{table_id}/start")
    async def start_table(
        table_id: str, request: Request, token: str | None = None, x_host_token: HostHeader = None
    ) -> dict[str, Any]:
        host(token, x_host_token)
        table = table_of(table_id)
        table.start()
        return table.host_view(base_of(request))

    @app.post("/api/host/tables/{table_id}/again")
    async def play_again(
        table_id: str, request: Request, token: str | None = None, x_host_token: HostHeader = None
    ) -> Response:
        host(token, x_host_token)
        try:
            rematch = the_lobby.again(table_of(table_id))
        except SetupError as exc:
            return JSONResponse({"detail": str(exc)}, status_code=409)
        return JSONResponse(rematch.host_view(base_of(request)))

    @app.get("/host/tables/{table_id}/transcript", response_class=HTMLResponse)
    async def transcript_page(table_id: str, token: str | None = None, x_host_token: HostHeader = None) -> Response:
        """The finished game's transcript, rendered (every record: the game is over)."""
        host(token, x_host_token)
        table = table_of(table_id)
        if table.writer is None or table.status not in ("over", "failed"):
            raise HTTPException(404, "no transcript (yet)")
        from ..render import render
        from ..transcript import read_transcript

        page = render(read_transcript(table.writer.path), "html", "god")
        return HTMLResponse(page, headers={"Content-Security-Policy": TRANSCRIPT_CSP})

    # -- seat and public API ----------------------------------------------------------------
    @app.get("/api/t/{table_id}/seat/{number}/state")
    async def seat_state(table_id: str, number: int, token: str | None = None) -> dict[str, Any]:
        table = table_of(table_id)
        return table.snapshot(seat_of(table, number, token))

    @app.post("/api/t/{table_id}/seat/{number}/answer")
    async def seat_answer(table_id: str, number: int, request: Request, token: str | None = None) -> Response:
        table = table_of(table_id)
        seat = seat_of(table, number, token)
        try:
            payload = parse_message(await _body(request))
        except PayloadError as exc:
            status = 413 if str(exc) == "too_large" else 400
            return JSONResponse(_error_reply(table, str(exc)), status_code=status)
        try:
            table.answer(seat, payload)
        except AnswerRefused as exc:
            return JSONResponse(table.refusal(exc, payload), status_code=409)
        return JSONResponse({"type": "ok"})

    @app.get("/api/t/{table_id}/public/state")
    async def public_state(table_id: str, token: str | None = None) -> dict[str, Any]:
        table = table_of(table_id)
        public_of(table, token)
        return table.snapshot(None)

    # -- websockets -----------------------------------------------------------------------------
    @app.websocket("/ws/t/{table_id}/seat/{number}")
    async def seat_socket(websocket: WebSocket, table_id: str, number: int, token: str | None = None) -> None:
        try:
            table = table_of(table_id)
            seat = seat_of(table, number, token)
        except HTTPException:
            await websocket.send_denial_response(Response("forbidden", status_code=403))
            return
        await _guarded(websocket, gate, f"{table.id}/{seat}", SOCKETS_PER_SEAT, table, seat)

    @app.websocket("/ws/t/{table_id}/public")
    async def public_socket(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
        try:
            table = table_of(table_id)
            public_of(table, token)
        except HTTPException:
            await websocket.send_denial_response(Response("forbidden", status_code=403))
            return
        await _guarded(websocket, gate, f"{table.id}/public", SOCKETS_PER_PUBLIC, table, None)

    return app


def origin_allowed(websocket: WebSocket) -> bool:
    """No ``Origin`` (not a browser), or the page was served by this very host."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc.lower() == websocket.headers.get("host", "").lower()


async def _guarded(
    websocket: WebSocket, gate: SocketGate, key: str, limit: int, table: WebTable, seat: int | None
) -> None:
    """Refuse a foreign ``Origin`` (403) and sockets over the caps (429), else serve the page."""
    if not origin_allowed(websocket):
        await websocket.send_denial_response(Response("forbidden origin", status_code=403))
        return
    if not gate.enter(key, limit):
        await websocket.send_denial_response(Response("too many connections", status_code=429))
        return
    try:
        await _serve(websocket, table, seat)
    finally:
        gate.leave(key)


async def _serve(websocket: WebSocket, table: WebTable, seat: int | None) -> None:
    """Send the snapshot, then every update of this seat's view; take its answers.

    A page that does not read its messages fills its bounded queue and is dropped (close code 1008).
    """
    await websocket.accept()
    queue = Outbox()
    queues = table.public.queues if seat is None else table.hubs[seat].queues
    queues.add(queue)
    snapshot = table.snapshot(seat)  # taken with the queue in place and no await between: nothing lost
    reader = asyncio.create_task(_read(websocket, table, seat, queue))
    overflow = asyncio.create_task(queue.overflowed.wait())
    try:
        await websocket.send_json(snapshot)
        while not reader.done() and not queue.overflowed.is_set():
            getter = asyncio.create_task(queue.get())
            done, _ = await asyncio.wait({getter, reader, overflow}, return_when=asyncio.FIRST_COMPLETED)
            if getter not in done:
                getter.cancel()
                break
            sender = asyncio.create_task(websocket.send_json(getter.result()))
            done, _ = await asyncio.wait({sender, overflow}, return_when=asyncio.FIRST_COMPLETED)
            if sender not in done:  # the page stopped reading and its queue overflowed meanwhile
                sender.cancel()
                break
            sender.result()
        if queue.overflowed.is_set():
            with suppress(Exception):
                await asyncio.wait_for(websocket.close(code=1008, reason="too slow"), 1.0)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        queues.discard(queue)
        overflow.cancel()
        reader.cancel()
        with suppress(asyncio.CancelledError, WebSocketDisconnect, RuntimeError):
            await reader


async def _read(websocket: WebSocket, table: WebTable, seat: int | None, queue: Outbox) -> None:
    while not queue.overflowed.is_set():
        try:
            raw = await websocket.receive_text()
        except (WebSocketDisconnect, RuntimeError, KeyError):
            return
        try:
            payload = parse_message(raw)
        except PayloadError as exc:
            queue.offer(_error_reply(table, str(exc)))
            continue
        if payload.get("type") == "ping":
            queue.offer({"type": "pong"})
        elif seat is not None and payload.get("type") == "answer":
            try:
                table.answer(seat, payload)
            except AnswerRefused as exc:
                queue.offer(table.refusal(exc, payload))


def _error_reply(table: WebTable, key: str) -> dict[str, Any]:
    return {"type": "error", "error": key, "message": table.presenter.ui(key, default=ERROR_TEXTS.get(key, key))}


async def _body(request: Request) -> str:
    """The request body as text, read no further than the message limit."""
    limit = 4 * MAX_MESSAGE_CHARS
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise PayloadError("too_large")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise PayloadError("too_large")
        chunks.append(chunk)
    return b"".join(chunks).decode("utf-8", "replace")


def _languages() -> tuple[str, ...]:
    from ..texts import LANGUAGES

    return LANGUAGES


def _player_kinds() -> list[str]:
    return [HUMAN, *SCRIPTLESS_KINDS, *MODEL_KINDS]


def option_control(name: str, spec: dict[str, Any]) -> dict[str, Any]:
    """One rule switch as a host-page control: ``select`` (fixed values), ``checkbox``, ``number`` or ``text``.

    Read from the options model's JSON schema: a ``Literal`` gives its values (``null`` too when the
    switch may be unset), numbers their bounds.
    """
    variants = spec.get("anyOf", [spec])
    values: list[Any] = []
    nullable = False
    kind = "string"
    bounds: dict[str, float] = {}
    for part in variants:
        if part.get("type") == "null":
            nullable = True
            continue
        if "enum" in part:
            values.extend(part["enum"])
        elif "const" in part:
            values.append(part["const"])
        elif part.get("type") == "array" and "enum" in part.get("items", {}):
            values.extend(part["items"]["enum"])
        kind = part.get("type", kind)
        for key, out in (
            ("minimum", "min"),
            ("maximum", "max"),
            ("exclusiveMinimum", "min"),
            ("exclusiveMaximum", "max"),
        ):
            if key in part:
                bounds[out] = part[key]
    if kind == "boolean" and nullable:
        values = [None, True, False]  # a switch that may follow the board: three choices, not a checkbox
    if kind == "array":
        control = "multi"  # a set of fixed values: one checkbox each
    elif values:
        control = "select"
    else:
        control = {"boolean": "checkbox", "integer": "number", "number": "number"}.get(kind, "text")
    return {
        "name": name,
        "type": kind,
        "control": control,
        "values": values,
        "nullable": nullable,
        "default": spec.get("default"),
        "step": 1 if kind == "integer" else "any",
        **bounds,
        "help": spec.get("description", ""),
    }


def _ruleset_json(ruleset: Any, words: dict[str, dict[str, str]] | None = None) -> dict[str, Any]:
    schema = ruleset.options_model.model_json_schema()
    options = [option_control(name, spec) for name, spec in schema.get("properties", {}).items()]
    names, values = (words or {}).get("switches", {}), (words or {}).get("values", {})
    helps = (words or {}).get("descriptions", {})
    for option in options:  # the page's language where prompts/<lang>/common/host_switches.yaml has it
        option["label"] = names.get(option["name"], option["name"].replace("_", " "))
        name = option["name"]
        option["help"] = helps.get(f"{name}@{ruleset.id}") or helps.get(name) or option["help"]
        option["value_labels"] = {str(v): values[v] for v in option["values"] if isinstance(v, str) and v in values}
    standard = min(max(9, ruleset.min_players), ruleset.max_players)
    return {
        "id": ruleset.id,
        "languages": list(ruleset.languages),
        "min_players": ruleset.min_players,
        "max_players": ruleset.max_players,
        "standard_players": standard,
        "options": options,
        "presets": {name: preset.description for name, preset in ruleset.presets.items()},
    }
