"""A scripted OpenAI-compatible HTTP server on 127.0.0.1 for transport tests (no network)."""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Reply:
    status: int = 200
    content: str = '{"option": "Bob"}'
    delay: float = 0.0
    completion_tokens: int = 3
    message: str | None = None
    """The error message of a reply that is not a 200 (default: ``scripted STATUS``)."""


@dataclass
class ServerState:
    replies: deque[Reply] = field(default_factory=deque)
    models: list[str] = field(default_factory=lambda: ["test-model"])
    key: str | None = None
    requests: list[dict[str, Any]] = field(default_factory=list)
    model_lists: int = 0
    refuse_formats: frozenset[str] = frozenset()
    """``response_format`` types answered with an error naming response_format (an endpoint without them)."""
    refuse_status: int = 400
    """The status of that refusal: 400 as OpenAI answers, 500 as ``llama_cpp.server`` does (a validation error)."""
    echo_key: bool = False
    """A refused key is quoted in full in the 401 message (a careless server), to test redaction."""


def completion_body(content: str, model: str = "test-model", completion_tokens: int = 3) -> dict[str, Any]:
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 0,
        "model": model,
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 11, "completion_tokens": completion_tokens, "total_tokens": 11 + completion_tokens},
    }


def _handler(state: ServerState) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
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

        def _authorized(self) -> bool:
            if state.key is None:
                return True
            sent = self.headers.get("Authorization", "")
            if sent == f"Bearer {state.key}":
                return True
            message = "Incorrect API key provided" + (f": {sent.removeprefix('Bearer ')}" if state.echo_key else "")
            self._send(401, {"error": {"message": message, "type": "invalid_request_error"}})
            return False

        def do_GET(self) -> None:
            if not self._authorized():
                return
            if self.path.rstrip("/").endswith("/models"):
                state.model_lists += 1
                self._send(200, {"object": "list", "data": [{"id": m, "object": "model"} for m in state.models]})
            else:
                self._send(404, {"error": {"message": "not found"}})

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length) or b"{}")
            state.requests.append(body)
            if not self._authorized():
                return
            fmt = body.get("response_format")
            kind = fmt.get("type") if isinstance(fmt, dict) else None
            if kind in state.refuse_formats:
                if state.refuse_status >= 500:  # the words llama_cpp.server answers json_schema with
                    message = (
                        "1 validation error:\n  {'type': 'literal_error', 'loc': ('body', 'response_format', 'type'),"
                        f" 'msg': \"Input should be 'text' or 'json_object'\", 'input': '{kind}'}}"
                    )
                    error_type = "internal_server_error"
                else:
                    message = f"Invalid parameter: 'response_format' of type '{kind}' is not supported with this model."
                    error_type = "invalid_request_error"
                self._send(state.refuse_status, {"error": {"message": message, "type": error_type}})
                return
            reply = state.replies.popleft() if state.replies else Reply()
            if reply.delay:
                time.sleep(reply.delay)
            if reply.status != 200:
                message = reply.message or f"scripted {reply.status}"
                self._send(reply.status, {"error": {"message": message, "type": "server_error"}})
                return
            if body.get("model") not in state.models:
                self._send(404, {"error": {"message": f"model {body.get('model')} not found"}})
                return
            self._send(200, completion_body(reply.content, body["model"], reply.completion_tokens))

    return Handler


@contextmanager
def loopback_server(handler: type[BaseHTTPRequestHandler]) -> Iterator[str]:
    """Serve ``handler`` on 127.0.0.1 (a free port) in a thread; yields the base URL (``.../v1``)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@contextmanager
def fake_openai_server(state: ServerState | None = None) -> Iterator[tuple[str, ServerState]]:
    """Serve on 127.0.0.1 (a free port); yields (base_url, state)."""
    state = state or ServerState()
    with loopback_server(_handler(state)) as base_url:
        yield base_url, state
