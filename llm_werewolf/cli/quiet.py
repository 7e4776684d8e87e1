"""A quiet console: library log lines and warnings go to a log file with ``--verbose``, else nowhere.

The console shows the game and the command's own messages. What libraries say on their own
(llama.cpp's log through :mod:`llm_werewolf.llm.llama_log`, a ``UvicornDeprecationWarning``,
other Python warnings and log records) never reaches it: Python warnings become log records
(``logging.captureWarnings``) and the root logger gets a handler, so Python's last-resort
handler (stderr) is never used. ``llm-werewolf --verbose ...`` writes all of them to
``llm-werewolf.log`` (or ``--log-file PATH``).
"""

from __future__ import annotations

import logging
from pathlib import Path

DEFAULT_LOG_FILE = Path("llm-werewolf.log")
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

_handler: logging.Handler | None = None


def quiet_console(log_file: Path | None) -> logging.Handler:
    """Route warnings and library log records to ``log_file`` (``None``: drop them); returns the handler.

    Called again (the tests' runner calls the command line many times), it replaces its handler.
    """
    global _handler
    root = logging.getLogger()
    if _handler is not None:
        root.removeHandler(_handler)
        _handler.close()
    logging.captureWarnings(True)
    handler: logging.Handler
    if log_file is None:
        handler = logging.NullHandler()
    else:
        handler = logging.FileHandler(log_file, encoding="utf-8")
        handler.setFormatter(logging.Formatter(FORMAT))
        root.setLevel(logging.INFO)
        logging.getLogger("llm_werewolf.llama_cpp").setLevel(logging.DEBUG)
    root.addHandler(handler)
    _handler = handler
    return handler
