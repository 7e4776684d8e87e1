"""Control characters out of human input: what a person types is shown to others and written down.

:func:`strip_controls` removes what can hide or rearrange text on another screen or in a
file: C0 and C1 control characters (NUL, BEL, ESC and the terminal sequences it starts,
DEL), the bidirectional embeddings, overrides and isolates (RLO turns "exe.txt" around),
and turns line and paragraph separators into spaces. Marks that right-to-left text
needs (LRM, RLM, ALM) and joiners (ZWJ, ZWNJ) stay. Every human input (the terminal
seat, the browser seat, seat names the host types) goes through it before it is
recorded or shown.
"""

from __future__ import annotations

import re
import unicodedata

_ANSI = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])")
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_SEPARATORS = frozenset("\u2028\u2029\x85")


def strip_controls(text: str) -> str:
    """``text`` without control characters (whitespace controls become spaces)."""
    text = _ANSI.sub("", text)
    out: list[str] = []
    for char in text:
        if char in "\t\n\r\v\f" or char in _SEPARATORS:
            out.append(" ")
        elif char in _BIDI_CONTROLS or unicodedata.category(char) == "Cc":
            continue
        else:
            out.append(char)
    return "".join(out)
