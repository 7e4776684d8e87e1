"""``llm-werewolf study cross-lingual``: the same seats on the same deals in each language, paired by deal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from llm_werewolf.cli import app
from llm_werewolf.evaluation.cross_lingual import MEASURES, cross_lingual
from llm_werewolf.evaluation.study import load_study


def _study(out: Path, *extra: str) -> None:
    args = ["study", "cross-lingual", "--variant", "one_night", "--players", "3", "--out", str(out), *extra]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output


def test_the_same_deals_and_seats_are_played_in_each_language(tmp_path: Path) -> None:
    _study(tmp_path, "--model", "heuristic", "--model", "random", "--languages", "ar,en", "--deals", "3")
    games = load_study(tmp_path).games
    assert sorted((g.language, g.seed) for g in games) == [(lang, s) for lang in ("ar", "en") for s in (1, 2, 3)]
    by_seed: dict[int, set[tuple[tuple[str, ...], tuple[str, ...]]]] = {}
    for game in games:
        by_seed.setdefault(game.seed, set()).add((game.start_roles, game.models))
    assert all(len(deals) == 1 for deals in by_seed.values())  # same cards, same seats, whatever the language
    result = json.loads((tmp_path / "report" / "study.json").read_text(encoding="utf-8"))
    assert result["reference"] == "ar" and result["languages"] == ["ar", "en"] and result["deals"] == [1, 2, 3]
    assert set(result["differences"]["en"]) == set(MEASURES)
    assert result["differences"]["en"]["win_rate"]["n"] == 3
    assert result["levels"]["en"]["groundedness"]["n"] == 3
    page = (tmp_path / "report" / "study.md").read_text(encoding="utf-8")
    assert "Paired difference to ar" in page and "(n=3)" in page and "differences.png" in page
    assert "data:image/png;base64," in (tmp_path / "report" / "study.html").read_text(encoding="utf-8")


def test_a_difference_is_paired_by_deal(tmp_path: Path) -> None:
    """Win rates that differ by deal but not by language give a difference of exactly 0 with a zero-width
    interval: the deal's luck cancels within the pair."""
    _study(tmp_path, "--model", "heuristic", "--languages", "ar,en", "--deals", "4")
    games = load_study(tmp_path).games
    result = cross_lingual(games, {"heuristic"}, "ar")
    level = result["levels"]["ar"]["win_rate"]
    assert level["n"] == 4 and level["low"] < level["high"]  # the deals differ
    diff = result["differences"]["en"]["win_rate"]
    assert (diff["mean"], diff["low"], diff["high"], diff["n"]) == (0.0, 0.0, 0.0, 4)


def test_fewer_than_two_languages_is_a_usage_error(tmp_path: Path) -> None:
    args = ["study", "cross-lingual", "--variant", "one_night", "--model", "heuristic", "--languages", "en"]
    result = CliRunner().invoke(app, [*args, "--out", str(tmp_path)])
    assert result.exit_code != 0 and "two languages" in str(result.exception) + result.output


SMALL = (
    "[llm]\ndeadline = 900\ntimeout = 600\n"
    "profile_settings = {speech_chars = 48, thought_chars = 0, reason_chars = 0,"
    " speech_tokens = 40, speech_acts = 1, choice_tokens = 16, history_chars = 1500}\n"
    "[table]\nmax_attempts = 1\n"
)


@pytest.mark.model
def test_the_study_on_the_embedded_model_ends_with_a_report(tmp_path: Path) -> None:
    """1 deal × 2 languages, one embedded-model seat and two heuristic seats, short answers.

    The study's pairing over several deals is checked without the model (the endpoint test below)."""
    (tmp_path / "small.toml").write_text(SMALL, encoding="utf-8")
    _study(
        tmp_path / "run", "--model", "local", "--model", "heuristic", "--model", "heuristic",
        "--languages", "ar,en", "--deals", "1", "--config", str(tmp_path / "small.toml"),
    )  # fmt: skip
    result = json.loads((tmp_path / "run" / "report" / "study.json").read_text(encoding="utf-8"))
    assert result["models"] == ["local"] and result["games"] == 2
    assert result["levels"]["ar"]["fallback_share"]["n"] == 1 and result["levels"]["en"]["fallback_share"]["n"] == 1
    assert (tmp_path / "run" / "report" / "study.html").is_file()


def test_the_study_runs_against_an_openai_compatible_endpoint(tmp_path: Path) -> None:
    """An endpoint whose every answer is illegal: the study ends, and says the fallback answered everything."""
    from tests.llm.fake_server import fake_openai_server

    with fake_openai_server() as (url, _):
        _study(
            tmp_path, "--model", "openai:test-model", "--model", "heuristic", "--model", "heuristic",
            "--languages", "ar,en", "--deals", "2", "--base-url", url, "--profile", "text",
        )  # fmt: skip
    result = json.loads((tmp_path / "report" / "study.json").read_text(encoding="utf-8"))
    assert result["models"] == ["openai:test-model"]
    for language in ("ar", "en"):
        assert result["levels"][language]["fallback_share"]["mean"] == 1.0
    assert result["differences"]["en"]["fallback_share"]["mean"] == 0.0
