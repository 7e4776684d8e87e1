"""Start :mod:`.model_server` as a child process on loopback and a free port, and wait until it answers."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from .errors import BackendConfigError


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


@dataclass(frozen=True, slots=True)
class ServerPlan:
    """What to serve and how: the command line of :mod:`.model_server`."""

    model: Path
    alias: str
    host: str = "127.0.0.1"
    port: int = 0
    n_ctx: int = 4096
    threads: int = 1
    chat_format: str | None = None
    seed: int = 1
    extra: tuple[str, ...] = ()

    def command(self, port: int) -> list[str]:
        out = [
            sys.executable, "-m", "llm_werewolf.llm.model_server",
            "--model", str(self.model), "--model_alias", self.alias,
            "--host", self.host, "--port", str(port), "--n_ctx", str(self.n_ctx),
            "--n_threads", str(self.threads), "--n_threads_batch", str(self.threads),
            "--seed", str(self.seed), "--verbose", "False",
        ]  # fmt: skip
        if self.chat_format:
            out += ["--chat_format", self.chat_format]
        return [*out, *self.extra]


def base_url(host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/v1"


def wait_ready(url: str, process: subprocess.Popen[bytes], seconds: float) -> None:
    """Poll ``url`` until it answers 200; :class:`BackendConfigError` if the process exits or time runs out."""
    deadline = time.monotonic() + seconds
    while True:
        code = process.poll()
        if code is not None:
            raise BackendConfigError(f"the model server exited with code {code} before it answered")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise BackendConfigError(f"the model server did not answer {url} within {seconds:g} s")
        time.sleep(0.3)


def start(
    plan: ServerPlan, *, log: IO[bytes] | int | None = None, ready_within: float = 300
) -> tuple[subprocess.Popen[bytes], str]:
    """Start the server (a free port when ``plan.port`` is 0) and return it with its base URL once it answers."""
    port = plan.port or free_port(plan.host)
    process = subprocess.Popen(plan.command(port), stdout=log, stderr=subprocess.STDOUT if log is not None else None)
    url = base_url(plan.host, port)
    try:
        wait_ready(f"{url}/models", process, ready_within)
    except BaseException:
        stop(process)
        raise
    return process, url


def stop(process: subprocess.Popen[bytes], grace: float = 10) -> None:
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
