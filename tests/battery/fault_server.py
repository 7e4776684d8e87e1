"""A fault-injecting OpenAI-compatible server on 127.0.0.1 (no network), for provider-fault runs.

``POST /v1/chat/completions`` answers legally (an option from the request's JSON
schema enum, a canned speech in the server's language) except for a seeded
share ``rate`` of requests, which get one of: ``429`` (rate limit, with
``Retry-After: 0``), ``500``, a *timeout* (the reply comes after ``hang``
seconds, later than the client waits) or a *dropped connection* (the socket is
closed without an answer). ``GET /v1/models`` lists the model. ``down`` turns
every request into a fault of ``down_kind`` (an endpoint that went away).
Counts of requests and faults are kept per kind.

Three more kinds make an endpoint that is slow or useless rather than failing,
for the per-decision deadline and the answer checks (``ANSWER_FAULTS``, not in
the random mix): ``trickle`` (a 200 whose body comes one byte every
``trickle`` seconds: an HTTP client's per-read timeout never fires), ``silent``
(the request is read and nothing ever comes back) and ``placeholder`` (a
well-formed answer whose every text is the answer format's placeholder,
``<speech: what you say aloud ...>``, and whose options are legal).
"""

from __future__ import annotations

import json
import random
import socket
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from llm_werewolf.llm.base import CompletionRequest
from llm_werewolf.llm.fake import auto_answer

FAULT_KINDS: tuple[str, ...] = ("429", "500", "timeout", "dropped")
ANSWER_FAULTS: tuple[str, ...] = ("trickle", "silent", "placeholder")
MODEL = "fault-model"


@dataclass
class FaultPlan:
    rate: float = 0.0
    kinds: tuple[str, ...] = FAULT_KINDS
    hang: float = 1.0
    """Seconds a 'timeout' reply waits (set it above the client's timeout)."""
    seed: int = 0
    language: str = "en"
    down: bool = False
    down_kind: str = "500"
    down_after: int | None = None
    """Go down for good after this many requests (``None``: never)."""
    trickle: float = 2.0
    """Seconds between two bytes of a ``trickle`` answer."""


@dataclass
class FaultLog:
    requests: int = 0
    answered: int = 0
    faults: Counter[str] = field(default_factory=Counter)
    lock: threading.Lock = field(default_factory=threading.Lock)
    closing: threading.Event = field(default_factory=threading.Event)
    """Set when the server shuts down: trickling and silent answers stop."""

    def as_dict(self) -> dict[str, Any]:
        return {"requests": self.requests, "answered": self.answered, "faults": dict(sorted(self.faults.items()))}


def _answer(body: dict[str, Any], rng: random.Random, language: str) -> str:
    fmt = body.get("response_format") or {}
    schema: dict[str, Any] | None = None
    if fmt.get("type") == "json_schema":
        schema = fmt.get("json_schema", {}).get("schema")
    elif fmt.get("type") == "json_object":
        schema = fmt.get("schema")
    request = CompletionRequest(system="", user="", mode="json", schema=schema or {}, language=language)
    return auto_answer(request, rng)


def placeholder_answer(body: dict[str, Any]) -> str:
    """A JSON answer in the requested shape whose texts are all placeholders (options stay legal)."""
    fmt = body.get("response_format") or {}
    schema = (fmt.get("json_schema") or {}).get("schema") if fmt.get("type") == "json_schema" else fmt.get("schema")
    properties = (schema or {}).get("properties") or {"speech": {"type": "string"}}
    answer: dict[str, Any] = {}
    for name, spec in properties.items():
        if isinstance(spec, dict) and spec.get("enum"):
            answer[name] = spec["enum"][0]
        elif isinstance(spec, dict) and spec.get("type") == "string":
            limit = spec.get("maxLength", 200)
            answer[name] = f"<{name}: what you write here, at most {limit} characters>"
        else:
            answer[name] = None
    return json.dumps(answer)


def completion(content: str, model: str) -> dict[str, Any]:
    return {
        "id": "chatcmpl-fault",
        "object": "chat.completion",
        "created": 0,
        "model": model,
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
    }


def _handler(plan: FaultPlan, log: FaultLog, rng: random.Random) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            return

        def _send(self, status: int, body: dict[str, Any], headers: dict[str, str] | None = None) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for key, value in (headers or {}).items():
                self.send_header(key, value)
            self.end_headers()
            with suppress(BrokenPipeError, ConnectionResetError):
                self.wfile.write(data)

        def _trickle(self, body: dict[str, Any]) -> None:
            data = json.dumps(body).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.close_connection = True
            for index in range(len(data)):
                if log.closing.wait(plan.trickle):
                    return
                try:
                    self.wfile.write(data[index : index + 1])
                    self.wfile.flush()
                except OSError:  # the client gave up
                    return

        def do_GET(self) -> None:
            if self.path.rstrip("/").endswith("/models"):
                self._send(200, {"object": "list", "data": [{"id": MODEL, "object": "model"}]})
            else:
                self._send(404, {"error": {"message": "not found"}})

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length) or b"{}")
            with log.lock:
                log.requests += 1
                down = plan.down or (plan.down_after is not None and log.requests > plan.down_after)
                fault = plan.down_kind if down else (rng.choice(plan.kinds) if rng.random() < plan.rate else "")
                content = "" if fault else _answer(body, rng, plan.language)
                if fault:
                    log.faults[fault] += 1
                else:
                    log.answered += 1
            if fault == "429":
                self._send(429, {"error": {"message": "rate limited", "type": "rate_limit"}}, {"Retry-After": "0"})
            elif fault == "500":
                self._send(500, {"error": {"message": "injected server error", "type": "server_error"}})
            elif fault == "timeout":
                time.sleep(plan.hang)
                self._send(200, completion(_answer(body, rng, plan.language), str(body.get("model"))))
            elif fault == "dropped":
                self.close_connection = True
                with suppress(OSError):
                    self.connection.shutdown(socket.SHUT_RDWR)
            elif fault == "trickle":
                self._trickle(completion(_answer(body, rng, plan.language), str(body.get("model"))))
            elif fault == "silent":
                self.close_connection = True
                log.closing.wait()
            elif fault == "placeholder":
                self._send(200, completion(placeholder_answer(body), str(body.get("model"))))
            else:
                self._send(200, completion(content, str(body.get("model"))))

    return Handler


@contextmanager
def fault_server(plan: FaultPlan) -> Iterator[tuple[str, FaultLog]]:
    """Serve on 127.0.0.1 (a free port); yields (base_url, log)."""
    log = FaultLog()
    rng = random.Random(f"faults:{plan.seed}")
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(plan, log, rng))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1", log
    finally:
        log.closing.set()
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
