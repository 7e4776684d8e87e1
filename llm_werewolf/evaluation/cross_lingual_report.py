"""The page of a cross-lingual study: ``study.md``, ``study.html`` (with its plot) and ``study.json``."""

from __future__ import annotations

import base64
import html
import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from ..describe.vocabulary import fill_text
from .cross_lingual import MEASURES


@cache
def _words() -> dict[str, Any]:
    raw = resources.files(__package__).joinpath("data/cross_lingual_words.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(raw)
    assert isinstance(data, dict)
    return data


def _text(key: str, **slots: object) -> str:
    value: Any = _words()
    for part in key.split("."):
        value = value[part]
    return fill_text(str(value), **slots)


def _cell(cell: dict[str, Any], signed: bool = False) -> str:
    mean = cell.get("mean")
    if mean is None:
        return _text("not_measured")
    shown = f"{mean:+.3f}" if signed else f"{mean:.3f}"
    low, high = cell.get("low"), cell.get("high")
    if low is None or high is None:
        return f"{shown} {_text('no_interval')} (n={cell['n']})"
    interval = f"[{low:+.3f}, {high:+.3f}]" if signed else f"[{low:.3f}, {high:.3f}]"
    return f"{shown} {interval} (n={cell['n']})"


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return out + ["| " + " | ".join(row) + " |" for row in rows]


def _plot(result: dict[str, Any], path: Path) -> bool:
    """One row per measure: each language's paired difference to the reference with its interval."""
    languages = list(result["differences"])
    if not languages:
        return False
    from .report.fonts import setup_fonts

    setup_fonts()
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 0.5 * len(MEASURES) * max(1, len(languages)) + 1.5))
    labels: list[str] = []
    y = 0
    for measure in MEASURES:
        for lang in languages:
            cell = result["differences"][lang][measure]
            labels.append(f"{_text('measures.' + measure)} · {lang}")
            mean, low, high = cell.get("mean"), cell.get("low"), cell.get("high")
            if mean is not None:
                err = [
                    [max(0.0, mean - low) if low is not None else 0.0],
                    [max(0.0, high - mean) if high is not None else 0.0],
                ]
                ax.errorbar([mean], [y], xerr=err, fmt="o", capsize=3, color="C0")
            y += 1
    ax.set_yticks(range(len(labels)), labels)
    ax.axvline(0, color="grey", lw=0.8, ls="--")
    ax.invert_yaxis()
    ax.set_title(_text("plot_title", reference=result["reference"]))
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def _html_body(lines: list[str]) -> str:
    """The Markdown lines as HTML: headings, paragraphs and tables (the image is added apart)."""
    out: list[str] = []
    rows: list[list[str]] = []
    for line in [*lines, ""]:
        if line.startswith("|"):
            if not line.startswith("|---"):
                rows.append([cell.strip() for cell in line.strip("|").split("|")])
            continue
        if rows:
            head, *body = rows
            out.append(
                "<table><tr>"
                + "".join(f"<th>{html.escape(c)}</th>" for c in head)
                + "</tr>"
                + "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in body)
                + "</table>"
            )
            rows = []
        if line.startswith("## "):
            out.append(f"<h2>{html.escape(line[3:])}</h2>")
        elif line.startswith("# "):
            out.append(f"<h1>{html.escape(line[2:])}</h1>")
        elif line and not line.startswith("!"):
            out.append(f"<p>{html.escape(line)}</p>")
    return "".join(out)


def write_study_page(result: dict[str, Any], out: Path, *, variant: str) -> dict[str, Path]:
    """Write the study's Markdown, HTML (the plot inline) and JSON into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    reference = result["reference"]
    title = _text("title", variant=variant)
    lines = [f"# {title}", ""]
    lines.append(
        _text(
            "design",
            models=", ".join(result["models"]),
            deals=len(result["deals"]),
            seeds=", ".join(map(str, result["deals"])),
            reference=reference,
        )
    )
    lines += ["", f"## {_text('levels')}", ""]
    header = [_text("measure"), *result["languages"]]
    rows = [
        [_text("measures." + m), *(_cell(result["levels"][lang][m]) for lang in result["languages"])] for m in MEASURES
    ]
    lines += _table(header, rows)
    others = list(result["differences"])
    if others:
        lines += ["", f"## {_text('differences', reference=reference)}", ""]
        rows = [
            [_text("measures." + m), *(_cell(result["differences"][lang][m], True) for lang in others)]
            for m in MEASURES
        ]
        lines += _table([_text("measure"), *others], rows)
    plot = out / "differences.png"
    drawn = _plot(result, plot)
    if drawn:
        lines += ["", f"![{_text('plot_title', reference=reference)}](differences.png)"]
    markdown = "\n".join(lines) + "\n"
    paths = {"markdown": out / "study.md", "html": out / "study.html", "json": out / "study.json"}
    paths["markdown"].write_text(markdown, encoding="utf-8")
    image = ""
    if drawn:
        data = base64.b64encode(plot.read_bytes()).decode()
        image = (
            f'<img alt="{html.escape(_text("plot_title", reference=reference))}" src="data:image/png;base64,{data}">'
        )
    paths["html"].write_text(
        f'<!doctype html><html lang="en"><meta charset="utf-8"><title>{html.escape(title)}</title>'
        f"<body>{_html_body(lines)}{image}</body></html>\n",
        encoding="utf-8",
    )
    paths["json"].write_text(json.dumps(result, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
    return paths
