"""Evaluation reports: Markdown and HTML with matplotlib plots."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .document import sections, to_html, to_markdown
from .plots import draw_all


def write_report(
    metrics: dict[str, Any],
    out: Path,
    *,
    title: str = "Evaluation report",
    unscored: list[tuple[str, str]] | None = None,
) -> dict[str, Path]:
    """Write ``report.md``, ``report.html``, ``metrics.json`` and the plots into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    images = {name: name for name, _ in draw_all(metrics, out)}
    parts = sections(metrics, unscored or [], images)
    paths = {"markdown": out / "report.md", "html": out / "report.html", "json": out / "metrics.json"}
    paths["markdown"].write_text(to_markdown(title, parts) + "\n", encoding="utf-8")
    paths["html"].write_text(to_html(title, parts, out) + "\n", encoding="utf-8")
    paths["json"].write_text(json.dumps(metrics, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
    return paths


__all__ = ["write_report"]
