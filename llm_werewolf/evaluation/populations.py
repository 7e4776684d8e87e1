"""Populations side by side: the same metrics for several folders of games (people, heuristics, a model).

``llm-werewolf eval --compare people=DIR --compare heuristic=DIR ...`` scores each
folder alone and prints one Markdown table: a row per metric, a column per
population, each cell the value with its 95% interval and its n. Rates carry
Wilson intervals; means (margin, speed, days) bootstrap intervals over games.
A metric with no data in a population shows "n/a".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .facts import GameFacts
from .intervals import mean_interval
from .report.words import ReportWords, check_language
from .study import evaluate
from .tally import Share


@dataclass(frozen=True)
class Row:
    label: str
    cells: tuple[dict[str, Any], ...]
    kind: str  # "rate" or "mean"


def _total(cells: dict[str, dict[str, Any]]) -> dict[str, Any]:
    share = Share()
    for cell in cells.values():
        share.hits += float(cell.get("hits") or 0)
        share.n += int(cell.get("n") or 0)
    return share.as_dict()


def _games_won_by(games: Sequence[GameFacts], sides: frozenset[str]) -> dict[str, Any]:
    share = Share()
    for game in games:
        share.add(bool(set(game.win_sides) & sides))
    return share.as_dict()


def _side(cells: dict[str, dict[str, Any]], side: str) -> dict[str, Any]:
    return cells.get(side) or {"n": 0}


def population_rows(
    populations: Mapping[str, Sequence[GameFacts]], *, bootstrap: int = 50, words: ReportWords | None = None
) -> list[Row]:
    metrics = {name: evaluate(games, bootstrap=bootstrap) for name, games in populations.items()}
    names = list(populations)
    village = frozenset({"village", "town", "farmers"})

    w = words or ReportWords()

    def rate(key: str, pick: Any) -> Row:
        return Row(w.text(f"compare.{key}"), tuple(pick(metrics[n], populations[n]) for n in names), "rate")

    def mean(key: str, pick: Any) -> Row:
        return Row(w.text(f"compare.{key}"), tuple(pick(metrics[n], populations[n]) for n in names), "mean")

    return [
        mean("days", lambda m, g: mean_interval([float(x.days) for x in g])),
        rate("village_wins", lambda m, g: _games_won_by(g, village)),
        rate("irp", lambda m, g: m["voting"]["overall"]["irp"]),
        rate("wd_irp", lambda m, g: m["voting"]["overall"]["wd_irp"]),
        rate("vss_ballots", lambda m, g: m["voting"]["overall"]["vss"]),
        rate("vss_days", lambda m, g: m["voting"]["overall"]["vss_days"]),
        rate("bus", lambda m, g: m["voting"]["overall"]["bus"]),
        rate("ksr", lambda m, g: _total(m["key_role_survival"]["ksr_by_model"])),
        rate("wd_ksr", lambda m, g: _total(m["key_role_survival"]["wd_ksr_by_model"])),
        mean("margin_wolves", lambda m, g: _side(m["margin_speed"]["margin_by_side"], "wolves")),
        mean("margin_village", lambda m, g: _side(m["margin_speed"]["margin_by_side"], "village")),
        rate("false_claims_wolves", lambda m, g: _side(m["claims"]["false_rate_by_side"], "wolves")),
        rate("false_claims_village", lambda m, g: _side(m["claims"]["false_rate_by_side"], "village")),
        rate("detection_recall", lambda m, g: m["claims"]["detection_recall"]),
        rate("false_claim_survival", lambda m, g: _total(m["claims"]["false_claim_survival_by_side"])),
        rate("false_results", lambda m, g: _total(m["deception"]["false_results_by_side"])),
        rate("accusation_precision", lambda m, g: _total(m["deception"]["accusation_precision_by_model"])),
        rate("invalid_utterances", lambda m, g: _invalid(m)),
        rate("language_fidelity", lambda m, g: _total(m["language_fidelity"]["by_model"])),
    ]


def _invalid(metrics: dict[str, Any]) -> dict[str, Any]:
    share = Share()
    for row in metrics["speech_validity"]["by_model"].values():
        share.hits += float(row["invalid"]["hits"])
        share.n += int(row["invalid"]["n"])
    return share.as_dict()


def _cell(cell: dict[str, Any], kind: str, words: ReportWords) -> str:
    n = int(cell.get("n") or 0)
    if not n:
        return words.text("markers.not_applicable")
    value = cell.get("rate") if kind == "rate" else cell.get("mean")
    if value is None:
        return words.text("markers.not_applicable")
    low, high = cell.get("low"), cell.get("high")

    def bare(x: Any) -> str:
        return words.decimal(_pct(float(x)) if kind == "rate" else f"{float(x):.2f}")

    shown = words.text("number.percent", value=bare(value)) if kind == "rate" else bare(value)
    interval = "" if low is None or high is None else " " + words.interval(bare(low), bare(high))
    return words.text("compare.cell", value=shown, interval=interval, n=n)


def _pct(value: float) -> str:
    """Whole percent, with one decimal near 0 and 100 (so [0, 0.4] does not read as a point)."""
    percent = 100 * value
    return f"{percent:.1f}" if 0 < percent < 1 or 99 < percent < 100 else f"{percent:.0f}"


def population_table(
    populations: Mapping[str, Sequence[GameFacts]], *, bootstrap: int = 50, language: str = "en"
) -> str:
    """The Markdown table (a header row with each population's game count), in ``language``."""
    words = ReportWords(check_language(language))
    rows = population_rows(populations, bootstrap=bootstrap, words=words)
    header = [
        words.text("headers.metric"),
        *(words.text("compare.population", name=name, games=len(games)) for name, games in populations.items()),
    ]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for row in rows:
        lines.append("| " + " | ".join([row.label, *(_cell(c, row.kind, words) for c in row.cells)]) + " |")
    return "\n".join(lines)
