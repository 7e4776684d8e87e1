"""Checks of a transcript header read from a file: a file is data, never a path or a program.

A header whose language is not one of the known languages (``"../../x"`` would make a
renderer load a file outside ``prompts/``), whose variant is not an identifier, or whose
seat lists disagree in length (a renderer would index past the names) is refused with
one line naming the problem.
"""

from __future__ import annotations

import re

from .schema import Header

IDENTIFIER = re.compile(r"[a-z][a-z0-9_]{0,59}")


def header_problem(header: Header) -> str | None:
    """Why ``header`` cannot be used, or ``None``."""
    from ..texts import LANGUAGES

    if header.language not in LANGUAGES:
        return f"unknown language {header.language[:40]!r} (known: {', '.join(LANGUAGES)})"
    if not IDENTIFIER.fullmatch(header.variant):
        return f"bad variant {header.variant[:40]!r}"
    players = len(header.names)
    if players == 0:
        return "no seat names"
    if any(not name.strip() for name in header.names):
        return "an empty seat name"
    if header.seats and len(header.seats) != players:
        return f"{players} seat names but {len(header.seats)} seats"
    if header.roles is not None and len(header.roles) != players:
        return f"{players} seat names but {len(header.roles)} roles"
    return None
