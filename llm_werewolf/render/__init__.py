"""Readable renderings of a transcript: Markdown and one self-contained HTML page, for one view.

``render(transcript, "html", "seat:3")``: the view decides which records exist
(see :mod:`.timeline`); the words come from ``prompts/<lang>/common/render.yaml``
and the ruleset's ``terms.yaml``.
"""

from __future__ import annotations

from typing import Literal

from ..transcript import Transcript
from .html import render_html
from .markdown import render_markdown
from .timeline import Document, ViewError, ViewSpec, build_document

Format = Literal["md", "html"]
FORMATS: tuple[str, ...] = ("md", "html")


def render(transcript: Transcript, fmt: str, view: str | ViewSpec = "public") -> str:
    """The transcript as Markdown or HTML text, as seen by ``view`` (public, god, seat:N)."""
    if fmt not in FORMATS:
        raise ViewError(f"bad format {fmt!r}: use md or html")
    spec = view if isinstance(view, ViewSpec) else ViewSpec.parse(view, len(transcript.header.names))
    doc = build_document(transcript.header, transcript.records, spec)
    return render_html(doc) if fmt == "html" else render_markdown(doc)


__all__ = ["FORMATS", "Document", "ViewError", "ViewSpec", "build_document", "render", "render_html", "render_markdown"]
