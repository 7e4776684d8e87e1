"""The console shows the game only: llama.cpp's log lines and library warnings go to the log file with
``--verbose`` and nowhere without it."""

from __future__ import annotations

import logging
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from llm_werewolf.llm.llama_log import CONTINUATION, level_of

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _serve(*flags: str, cwd: Path) -> str:
    """Start ``serve`` on loopback, wait until it answers, stop it; returns what it wrote to stderr."""
    port = _free_port()
    args = [sys.executable, "-m", "llm_werewolf", *flags, "serve", "--port", str(port), "--no-transcript"]
    child = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV, cwd=cwd)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.2)
        else:
            pytest.fail("serve did not start")
    finally:
        child.terminate()
        _, err = child.communicate(timeout=60)
    return err


def test_serve_prints_no_library_deprecation_warning_and_verbose_logs_it(tmp_path: Path) -> None:
    quiet = _serve(cwd=tmp_path)
    assert "Warning" not in quiet and "websockets" not in quiet, quiet
    log = tmp_path / "serve.log"
    loud = _serve("--verbose", "--log-file", str(log), cwd=tmp_path)
    assert "Warning" not in loud, loud
    assert "UvicornDeprecationWarning" in log.read_text(encoding="utf-8")


def test_llama_cpp_levels_follow_ggml() -> None:
    assert level_of(1, logging.INFO) == logging.DEBUG
    assert level_of(2, logging.DEBUG) == logging.INFO
    assert level_of(3, logging.INFO) == logging.WARNING
    assert level_of(4, logging.INFO) == logging.ERROR
    assert level_of(CONTINUATION, logging.WARNING) == logging.WARNING


LOAD = """
import logging, sys
from llm_werewolf.cli.quiet import quiet_console
from llm_werewolf.llm.local import LocalBackend
quiet_console({log!r})
LocalBackend(n_ctx=512)._load()
print("loaded")
"""


@pytest.mark.model
@pytest.mark.parametrize("verbose", [False, True])
def test_loading_the_embedded_model_writes_nothing_on_the_console(tmp_path: Path, verbose: bool) -> None:
    log = tmp_path / "llm-werewolf.log"
    script = LOAD.format(log=str(log) if verbose else None)
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=ENV, cwd=ROOT, timeout=600
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "loaded"
    assert result.stderr == ""  # no llama_kv_cache_iswa, no llama_context line
    if verbose:
        assert "llama_" in log.read_text(encoding="utf-8")  # the lines are kept in the log file


ROUTES = """
import logging, warnings
from llm_werewolf.cli.quiet import quiet_console
quiet_console({log!r})
warnings.warn("a library's deprecation", UserWarning)
logging.getLogger("llm_werewolf.llama_cpp").warning("llama_kv_cache_iswa: using full-size SWA cache")
logging.getLogger("some.library").warning("a library's own warning")
logging.getLogger("llm_werewolf.llm.structured").warning("m: the endpoint refused json_schema output")
"""


@pytest.mark.parametrize("verbose", [False, True])
def test_only_the_projects_own_warnings_reach_the_console(tmp_path: Path, verbose: bool) -> None:
    log = tmp_path / "llm-werewolf.log"
    script = ROUTES.format(log=str(log) if verbose else None)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=ENV, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip() == "m: the endpoint refused json_schema output"
    if verbose:
        kept = log.read_text(encoding="utf-8")
        assert "a library's deprecation" in kept and "llama_kv_cache_iswa" in kept and "a library's own" in kept
    else:
        assert not log.exists()
