"""A streaming OpenAI-compatible chat server on 127.0.0.1 for the speech-preview tests (no network).

Every call is answered with a JSON object that fills the request's answer schema: the first
value of each enum, ``SPEECH`` for a ``speech`` field, empty thoughts and reasons. A call with
``stream=True`` is answered as server-sent events, a few characters per chunk. ``hold`` makes
the first streamed speech stop halfway until the test sets it (so a page can be read while the
speech is still being generated); ``refuse_stream`` answers every streamed request with a 400, as
an endpoint without streaming would; ``ignore_stream`` answers it in one JSON piece.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

from ..llm.fake_server import loopback_server

SPEECH = 'I watched seat two all night. Their "alibi" is thin — vote with me, and café talk can wait. 🐺'


@dataclass
class StreamState:
    speech: str = SPEECH
    chunk_chars: int = 6
    delay: float = 0.0
    """Seconds between two chunks."""
    hold: threading.Event | None = None
    """Set by the test to let the first streamed speech finish (it stops halfway until then)."""
    refuse_stream: bool = False
    ignore_stream: bool = False
    """Answer a streamed request in one JSON piece, as an endpoint that cannot stream and says nothing."""
    usage: bool = True
    """Send the usage chunk when ``stream_options.include_usage`` asks for it."""
    requests: list[dict[str, Any]] = field(default_factory=list)
    held: threading.Event = field(default_factory=threading.Event)
    """Set once the first streamed speech has stopped halfway."""
    streamed_speeches: int = 0


def _value(schema: dict[str, Any], name: str, speech: str) -> Any:
    if name == "speech":
        return speech
    if name in ("thought", "reason"):
        return ""
    if "enum" in schema:
        return schema["enum"][0]
    if "anyOf" in schema:
        return None
    kind = schema.get("type")
    return {"boolean": True, "integer": 0, "number": 0, "array": []}.get(str(kind), "")


def answer_for(body: dict[str, Any], speech: str) -> str:
    """An answer that fills the schema of ``body``'s ``response_format`` (``{"ok": true}`` without one)."""
    fmt = body.get("response_format")
    schema: dict[str, Any] = {}
    if isinstance(fmt, dict):
        schema = fmt.get("json_schema", {}).get("schema") or fmt.get("schema") or {}
    properties = schema.get("properties") or {"ok": {"type": "boolean"}}
    return json.dumps({name: _value(sub, name, speech) for name, sub in properties.items()}, ensure_ascii=False)


def _handler(state: StreamState) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            return

        def _send(self, status: int, body: dict[str, Any]) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            with suppress(BrokenPipeError, ConnectionResetError):
                self.wfile.write(data)

        def do_GET(self) -> None:
            self._send(200, {"object": "list", "data": [{"id": "test-model", "object": "model"}]})

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length) or b"{}")
            state.requests.append(body)
            content = answer_for(body, state.speech)
            if not body.get("stream") or state.ignore_stream:
                self._send(
                    200,
                    {
                        "id": "c1",
                        "object": "chat.completion",
                        "created": 0,
                        "model": body.get("model"),
                        "choices": [
                            {"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}
                        ],
                        "usage": {"prompt_tokens": 11, "completion_tokens": 3, "total_tokens": 14},
                    },
                )
                return
            if state.refuse_stream:
                self._send(400, {"error": {"message": "stream is not supported", "type": "invalid_request_error"}})
                return
            self._stream(body, content)

        def _event(self, data: dict[str, Any] | str) -> None:
            text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
            payload = f"data: {text}\n\n".encode()
            self.wfile.write(f"{len(payload):x}\r\n".encode() + payload + b"\r\n")
            self.wfile.flush()

        def _stream(self, body: dict[str, Any], content: str) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            speech = '"speech"' in content
            hold = state.hold is not None and speech and state.streamed_speeches == 0
            if speech:
                state.streamed_speeches += 1
            pieces = [content[i : i + state.chunk_chars] for i in range(0, len(content), state.chunk_chars)]
            halfway = content.find('"speech"') + len('"speech": "') + len(state.speech) // 2
            base = {"id": "c1", "object": "chat.completion.chunk", "created": 0, "model": body.get("model")}
            with suppress(BrokenPipeError, ConnectionResetError):
                sent = 0
                for piece in pieces:
                    if hold and sent >= halfway and state.hold is not None:
                        state.held.set()
                        state.hold.wait(60)
                        hold = False
                    said = {"role": "assistant", "content": piece} if not sent else {"content": piece}
                    delta = {"index": 0, "delta": said, "finish_reason": None}
                    self._event({**base, "choices": [delta]})
                    sent += len(piece)
                    if state.delay:
                        time.sleep(state.delay)
                self._event({**base, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
                options = body.get("stream_options") or {}
                if state.usage and options.get("include_usage"):
                    usage = {"prompt_tokens": 11, "completion_tokens": len(pieces), "total_tokens": 11 + len(pieces)}
                    self._event({**base, "choices": [], "usage": usage})
                self._event("[DONE]")
                self.wfile.write(b"0\r\n\r\n")
                self.wfile.flush()

    return Handler


@contextmanager
def streaming_server(state: StreamState | None = None) -> Iterator[tuple[str, StreamState]]:
    """Serve on 127.0.0.1 (a free port); yields (base_url, state)."""
    state = state or StreamState()
    with loopback_server(_handler(state)) as base_url:
        try:
            yield base_url, state
        finally:
            if state.hold is not None:  # a held answer lets go, so the server can shut down
                state.hold.set()
