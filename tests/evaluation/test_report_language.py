"""The evaluation report in the report's language: every label exists in every language, a report of real
transcripts (transcripts/samples) holds no English or raw id outside names, right-to-left pages say so,
numbers follow the language, and the CLI picks the language (flag, or the transcripts' own)."""

from __future__ import annotations

import html
import re
import warnings
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from llm_werewolf.cli import app
from llm_werewolf.evaluation.facts import GameFacts
from llm_werewolf.evaluation.report import REPORT_LANGUAGES, default_language, write_report
from llm_werewolf.evaluation.report.labels import role_label, side_label
from llm_werewolf.evaluation.report.words import ENGLISH, ReportWords, keys, report_data
from llm_werewolf.evaluation.study import evaluate, load_study
from llm_werewolf.texts import RTL_LANGUAGES, TextDataError
from tests.describe.test_surfaces import LATIN, SNAKE

SAMPLES = Path(__file__).resolve().parents[2] / "transcripts" / "samples"
OTHERS = [lang for lang in REPORT_LANGUAGES if lang != ENGLISH]
SLOT = re.compile(r"\$(\w+)")
TAGS = re.compile(r"<[^>]*>|&[a-z]+;")
IMAGE_LINKS = re.compile(r"!\[[^\]]*\]\([^)]*\)")


@cache
def samples() -> tuple[GameFacts, ...]:
    return tuple(load_study(SAMPLES).games)


@cache
def sample_metrics() -> dict[str, Any]:
    return evaluate(list(samples()), bootstrap=5)


def test_every_label_exists_in_every_language_with_the_same_slots() -> None:
    english = report_data(ENGLISH)
    wanted = keys(english)
    assert len(wanted) > 100
    for language in OTHERS:
        own = report_data(language, own_only=True)
        missing = sorted(wanted - keys(own))
        assert not missing, f"{language}: no report words for {missing[:10]}"
        words = ReportWords(language)
        for key in wanted:
            english_slots = set(SLOT.findall(ReportWords(ENGLISH).text(key)))
            assert set(SLOT.findall(words.text(key))) == english_slots, f"{language} {key}: other slots"


def test_an_unknown_key_or_language_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="no report words for language 'fr'"):
        write_report(sample_metrics(), Path("/nonexistent"), language="fr")
    with pytest.raises(TextDataError, match=r"no report text 'notes\.nothing'"):
        ReportWords("ru").text("notes.nothing")


def report_text(folder: Path) -> dict[str, str]:
    """What a reader sees of the report: the Markdown without image links, the page without tags and images."""
    markdown = IMAGE_LINKS.sub(" ", (folder / "report.md").read_text(encoding="utf-8"))
    page = (folder / "report.html").read_text(encoding="utf-8")
    body = re.sub(r"<style.*?</style>|<img[^>]*>", " ", page, flags=re.S)
    return {"md": markdown, "html": html.unescape(TAGS.sub(" ", body))}


@pytest.mark.parametrize("language", OTHERS)
def test_a_report_of_real_transcripts_speaks_its_language(language: str, tmp_path: Path) -> None:
    metrics = sample_metrics()
    out = tmp_path / language
    with warnings.catch_warnings():
        warnings.filterwarnings("error", message=".*[Gg]lyph.*")
        paths = write_report(metrics, out, language=language)
    words = ReportWords(language)
    allowed = words.proper_names() | set(metrics["models"])
    for surface, text in report_text(out).items():
        assert not SNAKE.findall(text), f"{language} {surface}: raw ids {sorted(set(SNAKE.findall(text)))[:10]}"
        latin = sorted({w for w in LATIN.findall(text) if w not in allowed})
        assert not latin, f"{language} {surface}: Latin-script words {latin[:20]}"
        assert words.text("sections.win_rate") in text and words.text("headers.rate") in text
    page = paths["html"].read_text(encoding="utf-8")
    direction = "rtl" if language in RTL_LANGUAGES else "ltr"
    assert f'<html lang="{language}" dir="{direction}">' in page
    # Three figures, the ratings figure when a model is rated, and the claims figure when the samples hold
    # claims (the model's picked acts do).
    claims_figure = (out / "claims.png").exists()
    assert claims_figure == any(
        cell.get("n") for cell in metrics["claims"]["false_rate_by_side_model"].values() if isinstance(cell, dict)
    )
    # The ratings figure plots only the models the ratings table rates (none, when no model is identified).
    ratings = metrics["ratings"]
    rated = any(ratings["bradley_terry"].get(m, {}).get("identified") for m in ratings["openskill"])
    assert (out / "ratings.png").exists() == rated
    assert page.count("data:image/png;base64,") == 3 + rated + claims_figure
    assert f"<title>{words.text('title')}</title>" in page


def test_the_english_report_is_unchanged_in_form(tmp_path: Path) -> None:
    paths = write_report(sample_metrics(), tmp_path / "en")
    page = paths["html"].read_text(encoding="utf-8")
    assert '<html lang="en" dir="ltr">' in page
    markdown = paths["markdown"].read_text(encoding="utf-8")
    assert markdown.startswith("# Evaluation report\n")
    assert "預言家 (seer)" in markdown and "| local | village |" in markdown


def test_names_in_the_readers_language_where_the_ruleset_is_played_in_it() -> None:
    assert role_label("city_mafia/sheriff", language="ru") == "Шериф"
    assert role_label("city_mafia/sheriff", language="en") == "Шериф (sheriff)"
    assert role_label("chinese_werewolf/seer", language="ru") == "預言家"  # not played in Russian: its own name
    assert role_label("lebanese_ghouls/farmer", language="ar") == "فلّاح"  # Lebanese cards for an Arabic reader
    assert side_label("town", ["chinese_werewolf", "city_mafia"], "ru") == "Мирные жители"
    assert side_label("town", ["city_mafia", "online_mafia"], "he") == "עיירה"


def test_numbers_follow_the_language() -> None:
    assert ReportWords("ru").pct(0.125) == "12,5 %"
    assert ReportWords("ru").interval("1,0 %", "2,0 %") == "[1,0 %; 2,0 %]"
    assert ReportWords("ar").pct(0.125) == "12.5٪"
    assert ReportWords("en").pct(0.125) == "12.5%"
    assert ReportWords("zh-Hant").num(None) == "–"


def test_the_default_language_is_the_transcripts_own() -> None:
    games = samples()
    assert default_language(g.language for g in games) == ENGLISH  # five languages
    assert default_language(g.language for g in games if g.variant == "lebanese_ghouls") == "ar-LB"
    assert default_language(["zh-Hant", "zh-Hant"]) == "zh-Hant"
    assert default_language(["fr"]) == ENGLISH
    assert default_language(["ar", "ar-LB"]) == "ar"


def test_eval_report_lang_flag_and_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    runner = CliRunner()
    out = tmp_path / "ru"
    result = runner.invoke(app, ["eval", str(SAMPLES), "--report", str(out), "--report-lang", "ru", "--bootstrap", "5"])
    assert result.exit_code == 0, result.output
    assert (out / "report.md").read_text(encoding="utf-8").startswith("# Отчёт об оценке\n")
    single = SAMPLES / "online_mafia.jsonl"
    out = tmp_path / "default"
    result = runner.invoke(app, ["eval", str(single), "--report", str(out), "--bootstrap", "5"])
    assert result.exit_code == 0, result.output
    assert '<html lang="en" dir="ltr">' in (out / "report.html").read_text(encoding="utf-8")  # not the games'
    monkeypatch.setenv("LANG", "he_IL.UTF-8")  # the reader's locale
    out = tmp_path / "he"
    result = runner.invoke(app, ["eval", str(single), "--report", str(out), "--bootstrap", "5"])
    assert result.exit_code == 0, result.output
    assert '<html lang="he" dir="rtl">' in (out / "report.html").read_text(encoding="utf-8")
    bad = runner.invoke(app, ["eval", str(single), "--report", str(tmp_path / "x"), "--report-lang", "fr"])
    assert bad.exit_code != 0
    assert "unknown --report-lang 'fr'" in str(bad.exception) + bad.output
    assert not (tmp_path / "x").exists()


@pytest.mark.parametrize("language", ["ar", "he"])
def test_right_to_left_plot_titles_start_right_to_left(language: str) -> None:
    """A plot's text takes its direction from its first letter: «Bradley–Terry، مجموع صفري (…)» would read
    scrambled; a title that holds right-to-left words starts with one (names only: as written)."""
    words = ReportWords(language)
    for key, text in words.data["plots"].items():
        letters = [c for c in text.replace("$", " $") if c.isalpha()]
        if text.startswith("$") or not any("\u0590" <= c <= "\u06ff" for c in letters):
            continue
        assert "\u0590" <= letters[0] <= "\u06ff", f"{language} plots.{key}: {text}"


def test_the_population_table_speaks_the_report_language(tmp_path: Path) -> None:
    """``eval --compare`` prints the same metrics per population in the chosen language."""
    runner = CliRunner()
    single = str(SAMPLES / "city_mafia.jsonl")
    args = ["eval", "--compare", f"А={single}", "--compare", f"Б={single}", "--bootstrap", "5"]
    ru = runner.invoke(app, [*args, "--report-lang", "ru"])
    assert ru.exit_code == 0, ru.output
    table = ru.output
    assert table.startswith("| показатель | А (партий: 1) | Б (партий: 1) |")
    assert "дней в партии" in table and "неприменимо" in table
    words = ReportWords("ru")
    latin = sorted({w for w in LATIN.findall(table) if w not in words.proper_names()})
    assert not latin, latin
    en = runner.invoke(app, ["eval", "--compare", f"a={single}", "--report-lang", "en", "--bootstrap", "5"])
    assert en.exit_code == 0, en.output
    assert en.output.startswith("| metric | a (1 games) |") and "days per game" in en.output


def test_why_a_game_was_left_out_is_said_in_the_report_language(tmp_path: Path) -> None:
    unscored = [("g1.jsonl", "incomplete: the game did not end"), ("g2", "failed: RuntimeError: boom")]
    paths = write_report(sample_metrics(), tmp_path / "he", language="he", unscored=unscored)
    markdown = paths["markdown"].read_text(encoding="utf-8")
    assert "| g1.jsonl | לא הושלם: המשחק לא הסתיים |" in markdown
    assert "| g2 | נכשל: RuntimeError: boom |" in markdown  # the exception's own text stays as written
    assert "משחקים שהושמטו: 2" in markdown


def test_plot_axis_numbers_use_the_languages_decimal_sign(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from llm_werewolf.evaluation.report import plots

    seen: list[str] = []
    save = plots._save

    def keep(fig: Any, target: Path) -> None:
        fig.canvas.draw()
        seen.extend(t.get_text() for ax in fig.axes for t in ax.get_xticklabels())
        save(fig, target)

    monkeypatch.setattr(plots, "_save", keep)
    assert plots.win_rate_by_role(sample_metrics(), tmp_path / "ru.png", ReportWords("ru"))
    assert "0,2" in seen and not [t for t in seen if "." in t], seen
    seen.clear()
    assert plots.win_rate_by_role(sample_metrics(), tmp_path / "en.png", ReportWords("en"))
    assert "0.2" in seen, seen
