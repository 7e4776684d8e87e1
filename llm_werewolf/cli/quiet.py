"""A quiet console: library log lines and warnings go to a log file with ``--verbose``, else nowhere.

The console shows the game and the command's own messages (the project's own warnings, such as
an endpoint that refused a structured output, still print on stderr). What libraries say on
their own (llama.cpp's log through :mod:`llm_werewolf.llm.llama_log`, a
``UvicornDeprecationWarning``, other Python warnings and log records) never reaches it: Python
warnings become log records (``logging.captureWarnings``) and the root logger gets a handler, so
Python's last-resort handler (stderr) is never used. ``llm-werewolf --verbose ...`` writes all of
them to ``llm-werewolf.log`` (or ``--log-file PATH``).
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from ..llm.llama_log import LOGGER as LLAMA_LOGGER

DEFAULT_LOG_FILE = Path("llm-werewolf.log")
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
OWN_LOGGER = logging.getLogger("llm_werewolf")


class _Stderr(logging.Handler):
    """The project's own warnings on the current ``sys.stderr`` (looked up at each line)."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            print(self.format(record), file=sys.stderr)
        except Exception:  # pragma: no cover - a closed stream: logging's own report
            self.handleError(record)


_installed: list[tuple[logging.Logger, logging.Handler]] = []


def _attach(logger: logging.Logger, handler: logging.Handler) -> None:
    logger.addHandler(handler)
    _installed.append((logger, handler))


def quiet_console(log_file: Path | None) -> None:
    """Route warnings and library log records to ``log_file`` (``None``: drop them).

    Called again (the tests' runner calls the command line many times), it replaces its handlers.
    """
    while _installed:
        logger, handler = _installed.pop()
        logger.removeHandler(handler)
        handler.close()
    logging.captureWarnings(True)
    kept: logging.Handler = logging.NullHandler()
    if log_file is not None:
        kept = logging.FileHandler(log_file, encoding="utf-8")
        kept.setFormatter(logging.Formatter(FORMAT))
        logging.getLogger().setLevel(logging.INFO)
        LLAMA_LOGGER.setLevel(logging.DEBUG)
    _attach(logging.getLogger(), kept)
    own = _Stderr(logging.WARNING)
    own.addFilter(lambda record: not record.name.startswith(LLAMA_LOGGER.name))  # llama.cpp's lines: the file only
    _attach(OWN_LOGGER, own)
