"""The report's figures (matplotlib, Agg): each function takes the metrics dict and writes one PNG."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..tally import Share
from .fonts import setup_fonts
from .labels import role_label

Plot = Callable[[dict[str, Any], Path], bool]


def _figure(rows: int, width: float = 8.0) -> Any:
    setup_fonts()
    import matplotlib.pyplot as plt

    height = max(2.5, 0.32 * rows + 1.2)
    return plt.subplots(figsize=(width, height))


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


def win_rate_by_role(metrics: dict[str, Any], path: Path) -> bool:
    """Win rate by role and model, with 95% Wilson intervals."""
    cells = metrics["win_rate"]["by_model_role"]
    rows = []
    for key, cell in cells.items():
        model, _, role = key.partition(" | ")
        point = _interval(cell)
        if point is not None:
            rows.append((role_label(role), model, point))
    if not rows:
        return False
    rows.sort(key=lambda r: (r[0], r[1]))
    fig, ax = _figure(len(rows))
    labels = [f"{model} · {role}" for role, model, _ in rows]
    rates = [p[0] for _, _, p in rows]
    errors = [[p[1] for _, _, p in rows], [p[2] for _, _, p in rows]]
    models = sorted({m for _, m, _ in rows})
    colors = [f"C{models.index(m) % 10}" for _, m, _ in rows]
    ax.barh(range(len(rows)), rates, xerr=errors, color=colors, capsize=2)
    ax.set_yticks(range(len(rows)), labels)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (95% Wilson interval)")
    ax.set_title("Win rate by role and model")
    _save(fig, path)
    return True


def ratings_plot(metrics: dict[str, Any], path: Path) -> bool:
    """Bradley–Terry (zero-sum, bootstrap 95%) and OpenSkill mu ± 1.96 sigma."""
    ratings = metrics["ratings"]
    skill, bt = ratings["openskill"], ratings["bradley_terry"]
    if not skill:
        return False
    setup_fonts()
    import matplotlib.pyplot as plt

    models = sorted(skill)
    fig, (left, right) = plt.subplots(1, 2, figsize=(9, max(2.5, 0.4 * len(models) + 1.2)))
    ys = range(len(models))
    points = [bt[m]["rating"] for m in models]
    lows = [bt[m]["low"] if bt[m]["low"] is not None else bt[m]["rating"] for m in models]
    highs = [bt[m]["high"] if bt[m]["high"] is not None else bt[m]["rating"] for m in models]
    left.errorbar(
        points,
        ys,
        xerr=[
            [p - lo for p, lo in zip(points, lows, strict=True)],
            [h - p for p, h in zip(points, highs, strict=True)],
        ],
        fmt="s",
        color="C1",
        capsize=3,
    )
    left.set_yticks(ys, models)
    left.axvline(0, color="grey", lw=0.8, ls="--")
    left.set_title("Bradley–Terry, zero-sum (bootstrap 95%)")
    right.errorbar(
        [skill[m]["mu"] for m in models],
        ys,
        xerr=[[skill[m]["mu"] - skill[m]["low"] for m in models], [skill[m]["high"] - skill[m]["mu"] for m in models]],
        fmt="o",
        capsize=3,
    )
    right.set_yticks(ys, models)
    right.set_title("OpenSkill (Plackett–Luce) μ ± 1.96σ")
    _save(fig, path)
    return True


def _grouped_bars(series: dict[str, dict[str, Any]], title: str, xlabel: str, path: Path) -> bool:
    """``series``: name -> {model: share cell}; one bar group per model."""
    models = _models_with_data(series)
    if not models:
        return False
    fig, ax = _figure(len(models) * len(series))
    _grouped_bars_on(ax, series, models, title, xlabel)
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


def voting_plot(metrics: dict[str, Any], path: Path) -> bool:
    voting = metrics["voting"]
    return _grouped_bars(
        {"IRP": voting["irp"], "WD-IRP": voting["wd_irp"], "VSS-ballots": voting["vss"], "bus rate": voting["bus"]},
        "Voting: IRP, WD-IRP, VSS (ballots), bus rate",
        "share (95% Wilson interval)",
        path,
    )


def claims_plot(metrics: dict[str, Any], path: Path) -> bool:
    """False-claim rate by side and model; detection precision and recall; false-claim survival."""
    claims = metrics["claims"]
    by_side: dict[str, dict[str, Any]] = {}
    for key, cell in claims["false_rate_by_side_model"].items():
        side, _, model = key.partition(" | ")
        by_side.setdefault(side, {})[model] = cell
    series = dict(sorted(by_side.items()))
    models = _models_with_data(series)
    if not models:
        return False
    detection = {
        name: cell
        for name, cell in (("precision", claims.get("detection_precision")), ("recall", claims.get("detection_recall")))
        if cell and cell.get("n")
    }
    survival = {
        "by side": claims.get("false_claim_survival_by_side") or {},
        "by model": claims.get("false_claim_survival_by_model") or {},
    }
    survivors = [(f"{group}: {key}", cell) for group, cells in survival.items() for key, cell in cells.items()]
    survivors = [(label, cell) for label, cell in survivors if cell.get("n")]
    count = 1 + bool(detection) + bool(survivors)
    fig, axes = _panels(count, max(len(models) * len(series), len(survivors)))
    _grouped_bars_on(axes[0], series, models, "False-claim rate by side and model", "share of claims that were false")
    panel = 1
    if detection:
        k = claims.get("k_days", 1)
        _share_bars(axes[panel], list(detection.items()), f"Detection within {k} day(s)", "share (95% Wilson)")
        panel += 1
    if survivors:
        _share_bars(axes[panel], survivors, "False-claim survival", "false claimants alive at the end")
    _save(fig, path)
    return True


def _share_bars(ax: Any, rows: list[tuple[str, dict[str, Any]]], title: str, xlabel: str) -> None:
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
    ax.set_yticks(ys, [f"{label} (n={cell.get('n')})" for label, cell in rows])
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


def cost_plot(metrics: dict[str, Any], path: Path) -> bool:
    """Tokens per decision, calls per game, time per game (model latency by model, wall time
    of whole games from the ledger) and rule adherence."""
    cost = metrics["cost"]
    rows = cost["by_model"]
    adherence = metrics["rule_adherence"]
    models = sorted(m for m in rows if rows[m].get("decisions"))
    if not models:
        return False
    fig, axes = _panels(4, len(models) + 1)
    tokens, calls, time, rules = axes
    _value_bars(tokens, models, [rows[m]["tokens_per_decision"] or 0 for m in models], "Tokens per decision", "C2")
    _value_bars(calls, models, [rows[m]["calls_per_game"] or 0 for m in models], "Model calls per game", "C0")
    time_labels = [f"{m} (model latency)" for m in models]
    time_values = [float(rows[m]["latency_s_per_game"] or 0) for m in models]
    wall = cost.get("wall_s_per_game")
    if wall is not None:
        time_labels.append("whole game (wall)")
        time_values.append(float(wall))
    _value_bars(time, time_labels, time_values, "Seconds per game", "C5")
    if wall is None:
        time.set_xlabel("wall time unknown (no ledger)")
    invalid = [adherence.get(m, {}).get("invalid_per_100") or 0 for m in models]
    fallbacks = [adherence.get(m, {}).get("fallbacks_per_100") or 0 for m in models]
    ys = range(len(models))
    rules.barh([y - 0.2 for y in ys], invalid, height=0.4, label="invalid", color="C3")
    rules.barh([y + 0.2 for y in ys], fallbacks, height=0.4, label="fallbacks", color="C4")
    rules.set_yticks(ys, models)
    rules.invert_yaxis()
    rules.set_xlim(0, max(1.0, *invalid, *fallbacks) * 1.1)
    rules.set_title("Rule adherence (per 100 decisions)")
    rules.legend(fontsize="small")
    _save(fig, path)
    return True


PLOTS: dict[str, tuple[str, Plot]] = {
    "win_rate_by_role.png": ("Win rate by role and model", win_rate_by_role),
    "ratings.png": ("Ratings", ratings_plot),
    "voting.png": ("IRP / VSS / bus rate", voting_plot),
    "claims.png": ("Role-claim honesty: false claims, detection, survival", claims_plot),
    "cost.png": ("Cost (tokens, calls, time per game) and rule adherence", cost_plot),
}


def draw_all(metrics: dict[str, Any], folder: Path) -> list[tuple[str, str]]:
    """Draw every plot that has data; returns (file name, title) of those written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (title, plot) in PLOTS.items():
        if plot(metrics, folder / name):
            written.append((name, title))
    return written
