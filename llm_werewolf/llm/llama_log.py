"""llama.cpp's own log lines go to Python logging (logger ``llm_werewolf.llama_cpp``), never to the console.

llama-cpp-python prints llama.cpp's log to stderr through its own callback, and its table of
log levels predates ggml's current one, so warnings such as ``llama_kv_cache_iswa: using
full-size SWA cache`` reach the console even with ``verbose=False``. :func:`route_llama_logs`
replaces that callback with one that maps ggml's levels (``ggml.h``: none 0, debug 1, info 2,
warn 3, error 4, continuation 5) onto logging levels and hands every line to the logger; the
command line writes them to its log file with ``--verbose`` and drops them otherwise.
"""

from __future__ import annotations

import ctypes
import logging
import threading
from typing import Any

LOGGER = logging.getLogger("llm_werewolf.llama_cpp")
LOGGER.addHandler(logging.NullHandler())  # never Python's last-resort handler (stderr)

GGML_LEVELS = {0: logging.INFO, 1: logging.DEBUG, 2: logging.INFO, 3: logging.WARNING, 4: logging.ERROR}
CONTINUATION = 5
"""ggml's "continue the previous line" level: logged at the previous line's level."""

_installed: list[Any] = []
"""The ctypes callback in use (kept alive here: llama.cpp holds only its address)."""
_lock = threading.Lock()


def level_of(ggml_level: int, previous: int) -> int:
    """The logging level of a llama.cpp line (a continuation keeps the previous line's level)."""
    if ggml_level == CONTINUATION:
        return previous
    return GGML_LEVELS.get(ggml_level, logging.INFO)


def route_llama_logs(bindings: Any) -> None:
    """Send llama.cpp's log through :data:`LOGGER` (idempotent); ``bindings`` is ``llama_cpp.llama_cpp``."""
    with _lock:
        if _installed:
            return
        previous = [logging.INFO]

        @bindings.llama_log_callback  # type: ignore[untyped-decorator]
        def callback(level: int, text: bytes, user_data: ctypes.c_void_p) -> None:
            previous[0] = level_of(level, previous[0])
            line = text.decode("utf-8", "replace").rstrip("\n")
            if line:
                LOGGER.log(previous[0], line)

        bindings.llama_log_set(callback, ctypes.c_void_p(0))
        _installed.append(callback)
