"""llama.cpp's server threads on a shared CPU: the same answer's time with 1, 2, ... threads.

    .venv/bin/python bench/server_threads.py [--threads 1,2] [--tokens 120] [--repeats 1] [--json]

For each thread count, starts ``python -m llm_werewolf.llm.model_server`` (llama_cpp.server with the
CPU guard) on the embedded gemma-3-270m, on a free loopback port, and times one plain answer of
``--tokens`` tokens and one grammar-constrained JSON answer (``json_object`` with a schema, as the
``llamacpp`` profile asks), same prompt and seed. Also reports the machine's load average, since the
point is what happens when the cores are shared: llama.cpp's threads meet at a spinning barrier after
every layer, and a descheduled thread stalls the others.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from typing import Any

from llm_werewolf.llm.embedded import embedded_model_path

SYSTEM = "You are Ann, playing One Night Werewolf with Bob and Cid. Speak briefly and in character. " * 4
USER = "Say something to the table, as JSON with your speech and what it does."
SCHEMA = {
    "type": "object",
    "properties": {
        "speech": {"type": "string", "maxLength": 120},
        "acts": {
            "type": "array",
            "maxItems": 2,
            "items": {
                "type": "object",
                "properties": {
                    "kind": {"type": "string", "enum": ["claim", "accuse", "defend"]},
                    "player": {"type": "string", "enum": ["Ann", "Bob", "Cid"]},
                },
                "required": ["kind", "player"],
            },
        },
    },
    "required": ["speech", "acts"],
}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=3600) as response:
        answer: dict[str, Any] = json.loads(response.read())
        return answer


def _wait(url: str, process: subprocess.Popen[bytes]) -> None:
    for _ in range(600):
        if process.poll() is not None:
            raise SystemExit("the model server stopped")
        try:
            urllib.request.urlopen(url, timeout=5).read()
            return
        except OSError:
            time.sleep(0.5)
    raise SystemExit("the model server did not start")


def measure(threads: int, tokens: int) -> dict[str, Any]:
    port = _free_port()
    command = [
        sys.executable, "-m", "llm_werewolf.llm.model_server", "--model", str(embedded_model_path()),
        "--model_alias", "g", "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "2048",
        "--n_threads", str(threads), "--n_threads_batch", str(threads), "--verbose", "False",
    ]  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/v1"
    out: dict[str, Any] = {"threads": threads, "load_before": os.getloadavg()[0]}
    try:
        _wait(f"{base}/models", process)
        messages = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": USER}]
        for label, extra in (
            ("plain", {}),
            ("json_schema", {"response_format": {"type": "json_object", "schema": SCHEMA}}),
        ):
            body = {"model": "g", "messages": messages, "max_tokens": tokens, "temperature": 0.7, "seed": 1, **extra}
            started = time.perf_counter()
            answer = _post(f"{base}/chat/completions", body)
            seconds = time.perf_counter() - started
            made = int(answer["usage"]["completion_tokens"])
            out[label] = {"seconds": round(seconds, 2), "tokens": made, "s_per_token": round(seconds / max(made, 1), 3)}
    finally:
        process.terminate()
        process.wait(timeout=30)
    out["load_after"] = os.getloadavg()[0]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", default="1,2")
    parser.add_argument("--tokens", type=int, default=120)
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [measure(int(n), args.tokens) for _ in range(args.repeats) for n in args.threads.split(",")]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'threads':>7} {'load':>5} {'plain s':>8} {'tokens':>6} {'json s':>8} {'tokens':>6}")
    for r in rows:
        p, j = r["plain"], r["json_schema"]
        plain, grammar = f"{p['seconds']:>8.1f} {p['tokens']:>6}", f"{j['seconds']:>8.1f} {j['tokens']:>6}"
        print(f"{r['threads']:>7} {r['load_before']:>5.1f} {plain} {grammar}")


if __name__ == "__main__":
    main()
