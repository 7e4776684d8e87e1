"""The page of a cross-lingual study: ``study.md``, ``study.html`` (with its plot) and ``study.json``."""

from __future__ import annotations

import base64
import html
import json
from pathlib import Path
from typing import Any

from .cross_lingual import MEASURES
from .report.document import CSS
from .report.labels import language_label, ruleset_label
from .report.words import ENGLISH, ReportWords, words_for


def _number(value: float, words: ReportWords, signed: bool) -> str:
    return words.decimal(f"{value:+.3f}" if signed else f"{value:.3f}")


def _cell(cell: dict[str, Any], words: ReportWords, signed: bool = False) -> str:
    mean = cell.get("mean")
    if mean is None:
        return words.text("study.not_measured")
    low, high = cell.get("low"), cell.get("high")
    if low is None or high is None:
        interval = " " + words.text("markers.no_interval")
    else:
        interval = " " + words.interval(_number(low, words, signed), _number(high, words, signed))
    return words.text("compare.cell", value=_number(mean, words, signed), interval=interval, n=cell["n"])


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return out + ["| " + " | ".join(row) + " |" for row in rows]


def _plot(result: dict[str, Any], path: Path, words: ReportWords) -> bool:
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
            labels.append(
                words.text(
                    "study.plot_row",
                    measure=words.text("study_measures." + measure),
                    language=language_label(lang, words),
                )
            )
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
    if words.text("number.decimal") != ".":  # axis numbers with the language's decimal sign (0,2 in Russian)
        from matplotlib.ticker import FuncFormatter

        ax.xaxis.set_major_formatter(FuncFormatter(lambda value, _position: words.decimal(f"{value:g}")))
    fig.suptitle(
        words.text("study.plot_title", reference=language_label(result["reference"], words)), fontsize="medium"
    )
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


def write_study_page(result: dict[str, Any], out: Path, *, variant: str, language: str = ENGLISH) -> dict[str, Path]:
    """Write the study's Markdown, HTML (the plot inline) and JSON into ``out``, the page's words in
    ``language`` (one of the report languages; right to left for Arabic and Hebrew)."""
    words = words_for(language)
    out.mkdir(parents=True, exist_ok=True)
    reference = language_label(result["reference"], words)
    title = words.text("study.title", ruleset=ruleset_label(variant, language))
    lines = [f"# {title}", ""]
    lines.append(
        words.text(
            "study.design",
            models=words.join(result["models"]),
            deals=len(result["deals"]),
            seeds=words.join(map(str, result["deals"])),
            reference=reference,
        )
    )
    lines += ["", f"## {words.text('study.levels')}", ""]
    measure = words.text("study.measure")
    header = [measure, *(language_label(lang, words) for lang in result["languages"])]
    rows = [
        [words.text("study_measures." + m), *(_cell(result["levels"][lang][m], words) for lang in result["languages"])]
        for m in MEASURES
    ]
    lines += _table(header, rows)
    others = list(result["differences"])
    if others:
        lines += ["", f"## {words.text('study.differences', reference=reference)}", ""]
        rows = [
            [
                words.text("study_measures." + m),
                *(_cell(result["differences"][lang][m], words, True) for lang in others),
            ]
            for m in MEASURES
        ]
        lines += _table([measure, *(language_label(lang, words) for lang in others)], rows)
    plot = out / "differences.png"
    drawn = _plot(result, plot, words)
    plot_title = words.text("study.plot_title", reference=reference)
    if drawn:
        lines += ["", f"![{plot_title}](differences.png)"]
    markdown = "\n".join(lines) + "\n"
    paths = {"markdown": out / "study.md", "html": out / "study.html", "json": out / "study.json"}
    paths["markdown"].write_text(markdown, encoding="utf-8")
    image = ""
    if drawn:
        data = base64.b64encode(plot.read_bytes()).decode()
        image = f'<img alt="{html.escape(plot_title)}" src="data:image/png;base64,{data}">'
    direction = "rtl" if words.rtl else "ltr"
    paths["html"].write_text(
        f'<!doctype html><html lang="{words.language}" dir="{direction}"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{CSS}</style></head>"
        f"<body>{_html_body(lines)}{image}</body></html>\n",
        encoding="utf-8",
    )
    paths["json"].write_text(json.dumps(result, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
    return paths
