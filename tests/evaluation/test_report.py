"""Reports: files, sections, embedded plots, and fonts that draw Arabic, Hebrew and Chinese names."""

from __future__ import annotations

import warnings
from pathlib import Path

from llm_werewolf.evaluation.report import write_report
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
        "team Elo K=32",
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
