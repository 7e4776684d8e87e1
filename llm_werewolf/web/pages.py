"""The HTML shells of the pages: language, direction and UI labels filled in, no game data.

The game itself reaches a page only through its websocket (or the state endpoint),
from the seat's own view. The shell carries the labels as JSON in a
non-executed ``<script type="application/json">`` block.
"""

from __future__ import annotations

import html
import json
from functools import cache
from pathlib import Path
from string import Template
from typing import Literal

from ..describe.ui_text import direction, label, ui_texts

STATIC = Path(__file__).resolve().parent / "static"
Mode = Literal["host", "seat", "watch", "screen", "home"]


@cache
def _template() -> Template:
    return Template((STATIC / "page.html").read_text(encoding="utf-8"))


def _script_json(value: object) -> str:
    """JSON safe inside a ``<script>`` block (no ``</script>`` or comment openers)."""
    text = json.dumps(value, ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def render_page(mode: Mode, language: str, *, table: str = "", seat: int = 0) -> str:
    titles = {
        "host": label(language, "host", "title"),
        "seat": label(language, "title"),
        "watch": label(language, "spectator"),
        "screen": label(language, "table_screen"),
        "home": label(language, "title"),
    }
    script = "host.js" if mode == "host" else "app.js"
    return _template().substitute(
        lang=html.escape(language),
        dir=direction(language),
        mode=mode,
        title=html.escape(titles[mode]),
        table=html.escape(table),
        seat=str(seat),
        script=script,
        ui=_script_json(ui_texts(language)),
    )
