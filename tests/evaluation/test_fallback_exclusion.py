"""A tournament in which one model seat falls back on most of its decisions: its games count for the
fallback, not for the model, and the report says so in every report language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from llm_werewolf.cli import app
from llm_werewolf.evaluation.report import REPORT_LANGUAGES
from llm_werewolf.evaluation.report.words import ReportWords
from llm_werewolf.evaluation.study import evaluate, load_study
from tests.describe.test_surfaces import LATIN
from tests.llm.fake_server import fake_openai_server

MODEL = "openai:test-model"


@pytest.fixture(scope="module")
def tournament(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two games on the same deal, the model seat rotated; the endpoint names "Bob", never an option."""
    folder = tmp_path_factory.mktemp("tournament")
    with fake_openai_server() as (url, _):
        config = folder / "t.toml"
        config.write_text(
            f'name = "t"\nseeds = [1]\nconcurrency = 1\n'
            f'models = [{{spec = "{MODEL}", base_url = "{url}"}}, "heuristic"]\n'
            '[[rulesets]]\nvariant = "one_night"\nplayers = 3\nlanguage = "en"\n'
            '[llm]\nprofile = "text"\n',
            encoding="utf-8",
        )
        result = CliRunner().invoke(app, ["tournament", str(config), "--out", str(folder / "run")])
    assert result.exit_code == 0, result.output
    assert "fell back on 100% of its" in result.output  # said at once, per game
    assert "⚕ one_night.en.p3.s1.r0: seat 1 openai:test-model:" in result.output  # the health line as it lands
    assert "(mostly illegal option" in result.output
    return folder / "run"


def test_the_games_count_for_the_fallback_not_for_the_model(tournament: Path) -> None:
    study = load_study(tournament)
    assert study.unscored == [] and len(study.games) == 2  # scored: only the model's seats are set apart
    assert all(MODEL not in game.models and "fallback" in game.models for game in study.games)
    ratings = evaluate(study.games, bootstrap=2)["ratings"]
    assert ratings["excluded"] == {MODEL: 2}
    assert MODEL not in ratings["bradley_terry"] and MODEL not in ratings["openskill"]
    assert ratings["bradley_terry"]["fallback"]["games"] == 2


@pytest.mark.parametrize("language", REPORT_LANGUAGES)
def test_the_report_says_so_in_every_language(tournament: Path, tmp_path: Path, language: str) -> None:
    out = tmp_path / language
    result = CliRunner().invoke(
        app, ["eval", str(tournament), "--report", str(out), "--report-lang", language, "--bootstrap", "2"]
    )
    assert result.exit_code == 0, result.output
    words = ReportWords(language)
    markdown = (out / "report.md").read_text(encoding="utf-8")
    said = words.text("notes.excluded", model=MODEL, count=2, limit=words.pct(0.5))
    assert said in markdown
    fallback = words.text("markers.fallback_model")
    assert re.search(rf"^\| {re.escape(fallback)} \| 2 \|", markdown, re.M), "the ratings row of the fallback, n = 2"
    if language != "en":  # no English beside the names: the model's label, method and metric names
        allowed = words.proper_names() | {"openai", "test", "model", "heuristic"}
        latin = sorted({w for w in LATIN.findall(re.sub(r"!\[[^\]]*\]\([^)]*\)", " ", markdown)) if w not in allowed})
        assert not latin, latin


def test_a_ballot_the_fallback_cast_counts_for_the_fallback(tmp_path: Path) -> None:
    """Below the limit the seat stays the model's, but the ballot the fallback cast for it is the fallback's."""
    from llm_werewolf.evaluation.load import load_facts
    from llm_werewolf.evaluation.voting import voting_metrics
    from llm_werewolf.rules.events import GOD, Asked, ChoiceMade, VoteCast, to_seats
    from llm_werewolf.table_notes import Fallback

    from .builders import FakeGame

    g = FakeGame(
        "chinese_werewolf", ["werewolf", "seer", "villager", "villager"], ["fake:A", "fake:B", "fake:B", "fake:B"]
    )
    g.phase("day", 1)
    for seat, decision in ((2, 1), (2, 2), (3, 3)):  # seat 2 was asked twice and spoke itself the first time
        g.add(Asked(decision_id=decision, seat=seat, decision="vote", options=()), to_seats(seat))
    g.add(ChoiceMade(decision_id=1, seat=2, decision="speak", option="speak"), GOD)
    g.add(Fallback(seat=2, decision_id=2, decision="vote", option="seat:0", reason="parse: no JSON"), GOD)
    g.add(ChoiceMade(decision_id=2, seat=2, decision="vote", option="seat:0"), GOD)
    g.add(VoteCast(seat=2, ballot="exile_1", option="seat:0", target=0))
    g.add(ChoiceMade(decision_id=3, seat=3, decision="vote", option="seat:1"), GOD)
    g.add(VoteCast(seat=3, ballot="exile_1", option="seat:1", target=1))
    g.end((1, 2, 3), ("village",), "test")
    facts = load_facts(g.write(tmp_path))
    assert facts.excluded == {}  # one fallback in two decisions: not more than half
    assert [(b.voter, b.fallback) for b in facts.ballots] == [(2, True), (3, False)]
    irp = voting_metrics([facts]).irp.as_dict()
    assert irp["fallback"]["hits"] == 1 and irp["fallback"]["n"] == 1  # the fallback's good vote is not B's
    assert irp["fake:B"]["hits"] == 0 and irp["fake:B"]["n"] == 1


@pytest.mark.parametrize("language", [lang for lang in REPORT_LANGUAGES if lang != "en"])
def test_a_game_the_fallback_played_whole_is_left_out_in_the_report_s_language(language: str) -> None:
    from llm_werewolf.evaluation.report.document import Labels

    why = "unscored: seat 1 (openai:m) fell back on 100% of its decisions (so did every other seat: 4 of 4)"
    said = Labels(ReportWords(language), []).unscored_reason(why)
    assert "openai:m" in said and not {w for w in LATIN.findall(said) if w not in {"openai", "m"}}, said
