"""Evaluation reports: Markdown and HTML with matplotlib plots."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .document import sections, to_html, to_markdown
from .plots import draw_all
from .words import REPORT_LANGUAGES, ReportWords, check_language, default_language


def write_report(
    metrics: dict[str, Any],
    out: Path,
    *,
    title: str | None = None,
    unscored: list[tuple[str, str]] | None = None,
    language: str = "en",
) -> dict[str, Path]:
    """Write ``report.md``, ``report.html``, ``metrics.json`` and the plots into ``out``, in ``language``
    (every title, note, header and plot text; the title defaults to the language's "Evaluation report")."""
    words = ReportWords(check_language(language))
    heading = title if title is not None else words.text("title")
    out.mkdir(parents=True, exist_ok=True)
    images = {name: name for name, _ in draw_all(metrics, out, words)}
    parts = sections(metrics, unscored or [], images, words)
    paths = {"markdown": out / "report.md", "html": out / "report.html", "json": out / "metrics.json"}
    paths["markdown"].write_text(to_markdown(heading, parts, words) + "\n", encoding="utf-8")
    paths["html"].write_text(to_html(heading, parts, out, words) + "\n", encoding="utf-8")
    paths["json"].write_text(json.dumps(metrics, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
    return paths


__all__ = ["REPORT_LANGUAGES", "default_language", "write_report"]
