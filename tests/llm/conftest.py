"""A real ``python -m llama_cpp.server`` on the embedded model, on a free loopback port, for the tests
marked ``model`` that play over HTTP (one server for the whole run; killed with the test process).

The server is started through :mod:`llm_werewolf.llm.model_server`: llama.cpp's own server, unchanged,
with the CPU guard of :mod:`llm_werewolf.llm.cpu_safety` (machines that report AMX but trap it)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from llm_werewolf.llm import server_process
from llm_werewolf.llm.errors import BackendConfigError

ALIAS = "gemma-3-270m"
"""The model name the server answers to."""


def _die_with_parent() -> None:
    """Linux: the server is killed if the test process dies, so no server outlives a killed run."""
    try:
        import ctypes
        import signal

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except OSError:
        pass


def free_port() -> int:
    return server_process.free_port("127.0.0.1")


def wait_for(url: str, process: subprocess.Popen[bytes], log: Path, seconds: float = 90) -> None:
    """Poll ``url`` until it answers 200 (the process must stay up meanwhile); the server's log on failure."""
    try:
        server_process.wait_ready(url, process, seconds)
    except BackendConfigError as exc:
        raise RuntimeError(f"{exc}: {log.read_text(errors='replace')[-2000:]}") from None


def stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()


@pytest.fixture(scope="session")
def llama_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL (``http://127.0.0.1:PORT/v1``) of llama.cpp's OpenAI-compatible server.

    One thread: llama.cpp's threads meet at a spinning barrier after every layer, so when the cores are
    shared (the game's own process, a busy machine) a descheduled thread stalls the others. Measured on
    this 2-core machine at load 7: the same 120-token answer took 472 s with two threads, 57 s with one.
    """
    from llm_werewolf.llm.embedded import embedded_model_path

    model = embedded_model_path()
    port = free_port()
    log = tmp_path_factory.mktemp("server") / "server.log"
    command = [
        sys.executable, "-m", "llm_werewolf.llm.model_server",  # llama_cpp.server with the CPU guard
        "--model", str(model), "--model_alias", ALIAS,
        "--host", "127.0.0.1", "--port", str(port),
        "--n_ctx", "4096", "--n_threads", "1", "--n_threads_batch", "1",
        "--seed", "1", "--verbose", "False",
    ]  # fmt: skip
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, preexec_fn=_die_with_parent)
    base_url = f"http://127.0.0.1:{port}/v1"
    try:
        wait_for(f"{base_url}/models", process, log)
        yield base_url
    finally:
        stop(process)
