"""Reports: files, sections, embedded plots, and fonts that draw Arabic, Hebrew and Chinese names."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import pytest

from llm_werewolf.evaluation.report import plots, write_report
from llm_werewolf.evaluation.report.fonts import missing_glyphs, setup_fonts
from llm_werewolf.evaluation.report.labels import role_label
from llm_werewolf.evaluation.study import evaluate
from llm_werewolf.rules import all_rulesets
from llm_werewolf.texts import terms

from .fixtures import chinese_game, one_night_game


def test_report_files_and_sections(tmp_path: Path) -> None:
    games = [chinese_game(tmp_path / "a"), one_night_game(tmp_path / "b")]
    metrics = evaluate(games, bootstrap=10)
    paths = write_report(metrics, tmp_path / "out", title="Fixture report", unscored=[("g9", "failed: boom")])
    markdown = paths["markdown"].read_text(encoding="utf-8")
    for needle in (
        "# Fixture report",
        "VSS-ballots",
        "VSS-days",
        "WD-IRP",
        "OpenSkill",
        "Bradley–Terry fitted once over all games",
        "95% CI",
        "n/a for one_night",
        "Paired comparison",
        "g9",
        "預言家 (seer)",
    ):
        assert needle in markdown, needle
    for image in ("win_rate_by_role.png", "ratings.png", "voting.png", "claims.png", "cost.png"):
        assert (tmp_path / "out" / image).stat().st_size > 1000
        assert f"]({image})" in markdown
    page = paths["html"].read_text(encoding="utf-8")
    assert page.count("data:image/png;base64,") == 5
    assert "<bdi>العرّافة (seer)</bdi>" in page or "العرّافة" in page
    assert '"games": 2' in paths["json"].read_text(encoding="utf-8")


def test_every_role_name_has_glyphs() -> None:
    assert {"Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans CJK TC"} <= set(setup_fonts())
    text = ""
    for ruleset in all_rulesets():
        for language in ruleset.languages:
            names = terms(language, ruleset.id).get("roles", {})
            text += "".join(str(v) for v in names.values())
    assert any("\u0600" <= c <= "\u06ff" for c in text) and any("\u05d0" <= c <= "\u05ea" for c in text)
    assert missing_glyphs(text) == []
    assert missing_glyphs("\U0001d11e") == ["\U0001d11e"]  # a musical symbol no Noto Sans font has: the check can fail


def test_plots_draw_without_missing_glyph_warnings(tmp_path: Path) -> None:
    setup_fonts()
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    labels = [
        role_label("lebanese_ghouls/umm_lhaf"),
        role_label("online_mafia/bodyguard"),
        role_label("chinese_werewolf/witch"),
    ]
    ax.barh(range(3), [0.2, 0.5, 0.7])
    ax.set_yticks(range(3), labels)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fig.savefig(tmp_path / "labels.png")
    plt.close(fig)
    assert labels == ["إمّ لحاف (umm_lhaf)", "שומר ראש (bodyguard)", "女巫 (witch)"]


def drawn_titles(monkeypatch: pytest.MonkeyPatch, plot: plots.Plot, metrics: dict[str, Any], path: Path) -> list[str]:
    """The panel titles (and x labels) of the figure ``plot`` draws, which is still written to ``path``."""
    seen: list[str] = []
    save = plots._save

    def keep(fig: Any, target: Path) -> None:
        seen.extend(f"{ax.get_title()} / {ax.get_xlabel()}" for ax in fig.axes if ax.get_visible())
        save(fig, target)

    monkeypatch.setattr(plots, "_save", keep)
    with warnings.catch_warnings():
        warnings.filterwarnings("error", message=".*[Gg]lyph.*")
        assert plot(metrics, path)
    assert path.stat().st_size > 1000
    return seen


def test_claims_plot_shows_detection_and_survival(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    metrics = evaluate([chinese_game(tmp_path / "a"), one_night_game(tmp_path / "b")], bootstrap=5)
    claims = metrics["claims"]
    assert claims["detection_precision"]["n"] and claims["false_claim_survival_by_model"]
    titles = drawn_titles(monkeypatch, plots.claims_plot, metrics, tmp_path / "claims.png")
    assert len(titles) == 3
    assert titles[0].startswith("False-claim rate by side and model")
    assert titles[1].startswith("Detection within 1 day(s)")
    assert titles[2].startswith("False-claim survival")
    # Without any vote against a claimant the detection panel is left out, not drawn empty.
    for key in ("detection_precision", "detection_recall"):
        claims[key] = {"hits": 0, "n": 0, "rate": None, "low": None, "high": None}
    titles = drawn_titles(monkeypatch, plots.claims_plot, metrics, tmp_path / "claims2.png")
    assert [t.split(" / ")[0] for t in titles] == ["False-claim rate by side and model", "False-claim survival"]


def test_cost_plot_shows_calls_and_time_per_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = chinese_game(tmp_path / "a")
    metrics = evaluate([game], bootstrap=5, wall_times={game.game_id: 12.5})
    titles = drawn_titles(monkeypatch, plots.cost_plot, metrics, tmp_path / "cost.png")
    names = [t.split(" / ")[0] for t in titles]
    assert names == [
        "Tokens per decision",
        "Model calls per game",
        "Seconds per game",
        "Rule adherence (per 100 decisions)",
    ]
    assert metrics["cost"]["wall_s_per_game"] == 12.5
    without = evaluate([game], bootstrap=5)
    titles = drawn_titles(monkeypatch, plots.cost_plot, without, tmp_path / "cost2.png")
    assert "Seconds per game / wall time unknown (no ledger)" in titles


def test_a_right_to_left_role_name_is_isolated_in_report_tables() -> None:
    label = role_label("one_night/robber", isolate=True)
    assert label.startswith("\u2068") and label.endswith("\u2069 (robber)")
    assert role_label("chinese_werewolf/witch", isolate=True) == "女巫 (witch)"
