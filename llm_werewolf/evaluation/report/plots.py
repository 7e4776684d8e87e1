"""The report's figures (matplotlib, Agg): each function takes the metrics dict and writes one PNG."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..facts import FALLBACK_MODEL
from ..tally import Share
from .fonts import setup_fonts
from .labels import role_label, side_label
from .words import ReportWords

Plot = Callable[..., bool]
"""``plot(metrics, path, words=None)``: draw one figure into ``path``; ``False`` when it has no data."""


def _figure(rows: int, width: float = 8.0) -> Any:
    setup_fonts()
    import matplotlib.pyplot as plt

    height = max(2.5, 0.32 * rows + 1.2)
    return plt.subplots(figsize=(width, height))


def _localize_numbers(fig: Any, words: ReportWords) -> None:
    """Axis numbers with the language's decimal sign (``0,2`` in Russian)."""
    if words.text("number.decimal") == ".":
        return
    from matplotlib.ticker import FuncFormatter

    formatter = FuncFormatter(lambda value, _position: words.decimal(f"{value:g}"))
    for ax in fig.axes:
        ax.xaxis.set_major_formatter(formatter)


def _save(fig: Any, path: Path) -> None:
    import matplotlib.pyplot as plt

    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _interval(cell: dict[str, Any]) -> tuple[float, float, float] | None:
    n = int(cell.get("n") or 0)
    if not n:
        return None
    share = Share(float(cell["hits"]), n)
    rate = share.rate or 0.0
    low, high = share.interval() or (rate, rate)
    return rate, max(0.0, rate - low), max(0.0, high - rate)


def win_rate_by_role(metrics: dict[str, Any], path: Path, words: ReportWords | None = None) -> bool:
    """Win rate by role and model, with 95% Wilson intervals."""
    w = words or ReportWords()
    cells = metrics["win_rate"]["by_model_role"]
    rows = []
    for key, cell in cells.items():
        model, _, role = key.partition(" | ")
        point = _interval(cell)
        if point is not None:
            rows.append((role_label(role, language=w.language), model, point))
    if not rows:
        return False
    rows.sort(key=lambda r: (r[0], r[1]))
    fig, ax = _figure(len(rows))
    labels = [w.text("plots.model_role", model=model, role=role) for role, model, _ in rows]
    rates = [p[0] for _, _, p in rows]
    errors = [[p[1] for _, _, p in rows], [p[2] for _, _, p in rows]]
    models = sorted({m for _, m, _ in rows})
    colors = [f"C{models.index(m) % 10}" for _, m, _ in rows]
    ax.barh(range(len(rows)), rates, xerr=errors, color=colors, capsize=2)
    ax.set_yticks(range(len(rows)), labels)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel(w.text("plots.win_rate_axis"))
    ax.set_title(w.text("plots.win_rate_title"))
    _localize_numbers(fig, w)
    _save(fig, path)
    return True


def ratings_plot(metrics: dict[str, Any], path: Path, words: ReportWords | None = None) -> bool:
    """Bradley–Terry (zero-sum, bootstrap 95%) and OpenSkill mu ± 1.96 sigma."""
    w = words or ReportWords()
    ratings = metrics["ratings"]
    skill, bt = ratings["openskill"], ratings["bradley_terry"]
    if not skill:
        return False
    setup_fonts()
    import matplotlib.pyplot as plt

    models = sorted(m for m in skill if bt.get(m, {}).get("identified"))  # as the table: no rating, no point
    if not models:
        return False
    names = [w.text("markers.fallback_model") if m == FALLBACK_MODEL else m for m in models]
    fig, (left, right) = plt.subplots(1, 2, figsize=(9, max(2.5, 0.4 * len(models) + 1.2)))
    ys = range(len(models))
    points = [bt[m]["rating"] for m in models]
    lows = [bt[m]["low"] if bt[m]["low"] is not None else bt[m]["rating"] for m in models]
    highs = [bt[m]["high"] if bt[m]["high"] is not None else bt[m]["rating"] for m in models]
    left.errorbar(
        points,
        ys,
        xerr=[
            [max(0.0, p - lo) for p, lo in zip(points, lows, strict=True)],  # a few refits may all land on one side
            [max(0.0, h - p) for p, h in zip(points, highs, strict=True)],
        ],
        fmt="s",
        color="C1",
        capsize=3,
    )
    left.set_yticks(ys, names)
    left.axvline(0, color="grey", lw=0.8, ls="--")
    left.set_title(w.text("plots.bt_title"))
    right.errorbar(
        [skill[m]["mu"] for m in models],
        ys,
        xerr=[[skill[m]["mu"] - skill[m]["low"] for m in models], [skill[m]["high"] - skill[m]["mu"] for m in models]],
        fmt="o",
        capsize=3,
    )
    right.set_yticks(ys, names)
    right.set_title(w.text("plots.openskill_title"))
    _localize_numbers(fig, w)
    _save(fig, path)
    return True


def _grouped_bars(series: dict[str, dict[str, Any]], title: str, xlabel: str, path: Path, words: ReportWords) -> bool:
    """``series``: name -> {model: share cell}; one bar group per model."""
    models = _models_with_data(series)
    if not models:
        return False
    fig, ax = _figure(len(models) * len(series))
    _grouped_bars_on(ax, series, models, title, xlabel)
    _localize_numbers(fig, words)
    _save(fig, path)
    return True


def _models_with_data(series: dict[str, dict[str, Any]]) -> list[str]:
    return sorted({m for cells in series.values() for m, c in cells.items() if c.get("n")})


def _grouped_bars_on(ax: Any, series: dict[str, dict[str, Any]], models: list[str], title: str, xlabel: str) -> None:
    height = 0.8 / max(1, len(series))
    for index, (name, cells) in enumerate(series.items()):
        points = [_interval(cells.get(m, {})) for m in models]
        ys = [i + index * height for i in range(len(models))]
        rates = [p[0] if p else 0.0 for p in points]
        errors = [[p[1] if p else 0.0 for p in points], [p[2] if p else 0.0 for p in points]]
        ax.barh(ys, rates, height=height, xerr=errors, capsize=2, label=name, color=f"C{index}")
    ax.set_yticks([i + height * (len(series) - 1) / 2 for i in range(len(models))], models)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel(xlabel)
    ax.set_title(title)
    ax.legend(loc="lower right", fontsize="small")


def _panels(count: int, rows: int) -> tuple[Any, list[Any]]:
    """A figure of ``count`` side-by-side panels (two rows from four panels on)."""
    setup_fonts()
    import matplotlib.pyplot as plt

    height = max(2.5, 0.4 * rows + 1.4)
    if count >= 4:
        fig, grid = plt.subplots(2, (count + 1) // 2, figsize=(10, 2 * height))
        axes = list(grid.flat)
        for extra in axes[count:]:
            extra.set_visible(False)
        return fig, axes[:count]
    fig, grid = plt.subplots(1, count, figsize=(4.5 * count, height), squeeze=False)
    return fig, list(grid.flat)


def voting_plot(metrics: dict[str, Any], path: Path, words: ReportWords | None = None) -> bool:
    w = words or ReportWords()
    voting = metrics["voting"]
    return _grouped_bars(
        {w.text(f"metrics.{key}"): voting[key] for key in ("irp", "wd_irp", "vss", "bus")},
        w.text("plots.voting_title"),
        w.text("plots.share_axis"),
        path,
        w,
    )


def claims_plot(metrics: dict[str, Any], path: Path, words: ReportWords | None = None) -> bool:
    """False-claim rate by side and model; detection precision and recall; false-claim survival."""
    w = words or ReportWords()
    variants = list(metrics.get("variants") or ())
    claims = metrics["claims"]
    by_side: dict[str, dict[str, Any]] = {}
    for key, cell in claims["false_rate_by_side_model"].items():
        side, _, model = key.partition(" | ")
        by_side.setdefault(side_label(side, variants, w.language), {})[model] = cell
    series = dict(sorted(by_side.items()))
    models = _models_with_data(series)
    if not models:
        return False
    detection = {
        name: cell
        for name, cell in (
            (w.text("plots.precision"), claims.get("detection_precision")),
            (w.text("plots.recall"), claims.get("detection_recall")),
        )
        if cell and cell.get("n")
    }
    by_side_survival = {
        side_label(side, variants, w.language): cell
        for side, cell in (claims.get("false_claim_survival_by_side") or {}).items()
    }
    survival = {
        w.text("plots.by_side"): by_side_survival,
        w.text("plots.by_model"): claims.get("false_claim_survival_by_model") or {},
    }
    survivors = [
        (w.text("plots.group_key", group=group, key=key), cell)
        for group, cells in survival.items()
        for key, cell in cells.items()
    ]
    survivors = [(label, cell) for label, cell in survivors if cell.get("n")]
    count = 1 + bool(detection) + bool(survivors)
    fig, axes = _panels(count, max(len(models) * len(series), len(survivors)))
    _grouped_bars_on(axes[0], series, models, w.text("plots.false_rate_title"), w.text("plots.false_rate_axis"))
    panel = 1
    if detection:
        k = claims.get("k_days", 1)
        _share_bars(
            axes[panel],
            list(detection.items()),
            w.text("plots.detection_title", k=k),
            w.text("plots.detection_axis"),
            w,
        )
        panel += 1
    if survivors:
        _share_bars(axes[panel], survivors, w.text("plots.survival_title"), w.text("plots.survival_axis"), w)
    _localize_numbers(fig, w)
    _save(fig, path)
    return True


def _share_bars(ax: Any, rows: list[tuple[str, dict[str, Any]]], title: str, xlabel: str, w: ReportWords) -> None:
    """One bar per (label, share cell), with its 95% Wilson interval."""
    points = [_interval(cell) or (0.0, 0.0, 0.0) for _, cell in rows]
    ys = range(len(rows))
    ax.barh(
        ys,
        [p[0] for p in points],
        xerr=[[p[1] for p in points], [p[2] for p in points]],
        capsize=2,
        color=[f"C{i % 10}" for i in ys],
    )
    ax.set_yticks(ys, [w.text("plots.with_n", label=label, n=cell.get("n")) for label, cell in rows])
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel(xlabel)
    ax.set_title(title)


def _value_bars(ax: Any, labels: list[str], values: list[float], title: str, color: str) -> None:
    ys = range(len(labels))
    ax.barh(ys, values, color=color)
    ax.set_yticks(ys, labels)
    ax.invert_yaxis()
    ax.set_title(title)


def cost_plot(metrics: dict[str, Any], path: Path, words: ReportWords | None = None) -> bool:
    """Tokens per decision, calls per game, time per game (model latency by model, wall time
    of whole games from the ledger) and rule adherence."""
    w = words or ReportWords()
    cost = metrics["cost"]
    rows = cost["by_model"]
    adherence = metrics["rule_adherence"]
    models = sorted(m for m in rows if rows[m].get("decisions"))
    if not models:
        return False
    fig, axes = _panels(4, len(models) + 1)
    tokens, calls, time, rules = axes
    _value_bars(
        tokens, models, [rows[m]["tokens_per_decision"] or 0 for m in models], w.text("plots.tokens_title"), "C2"
    )
    _value_bars(calls, models, [rows[m]["calls_per_game"] or 0 for m in models], w.text("plots.calls_title"), "C0")
    time_labels = [w.text("plots.model_latency", model=m) for m in models]
    time_values = [float(rows[m]["latency_s_per_game"] or 0) for m in models]
    wall = cost.get("wall_s_per_game")
    if wall is not None:
        time_labels.append(w.text("plots.whole_game"))
        time_values.append(float(wall))
    _value_bars(time, time_labels, time_values, w.text("plots.seconds_title"), "C5")
    if wall is None:
        time.set_xlabel(w.text("plots.no_ledger"))
    invalid = [adherence.get(m, {}).get("invalid_per_100") or 0 for m in models]
    fallbacks = [adherence.get(m, {}).get("fallbacks_per_100") or 0 for m in models]
    ys = range(len(models))
    rules.barh([y - 0.2 for y in ys], invalid, height=0.4, label=w.text("plots.invalid"), color="C3")
    rules.barh([y + 0.2 for y in ys], fallbacks, height=0.4, label=w.text("plots.fallbacks"), color="C4")
    rules.set_yticks(ys, models)
    rules.invert_yaxis()
    rules.set_xlim(0, max(1.0, *invalid, *fallbacks) * 1.1)
    rules.set_title(w.text("plots.adherence_title"))
    rules.legend(fontsize="small")
    _localize_numbers(fig, w)
    _save(fig, path)
    return True


PLOTS: dict[str, tuple[str, Plot]] = {
    "win_rate_by_role.png": ("plots.win_rate_title", win_rate_by_role),
    "ratings.png": ("sections.ratings", ratings_plot),
    "voting.png": ("plots.voting_title", voting_plot),
    "claims.png": ("sections.claims", claims_plot),
    "cost.png": ("sections.cost", cost_plot),
}
"""Each figure's file name, the report key of its title, and the function that draws it."""


def draw_all(metrics: dict[str, Any], folder: Path, words: ReportWords | None = None) -> list[tuple[str, str]]:
    """Draw every plot that has data; returns (file name, title) of those written."""
    w = words or ReportWords()
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (title, plot) in PLOTS.items():
        if plot(metrics, folder / name, w):
            written.append((name, w.text(title)))
    return written
