"""The cross-lingual study page in each report language: every label in the page's language (no word of
another script but the models' names), right to left for Arabic and Hebrew, and ``--report-lang`` as ``eval``
has it (default: the user's locale, else English)."""

from __future__ import annotations

import html
import json
import re
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from llm_werewolf.cli import app
from llm_werewolf.evaluation.cross_lingual import MEASURES
from llm_werewolf.evaluation.cross_lingual_report import write_study_page
from llm_werewolf.evaluation.report.words import REPORT_LANGUAGES, ReportWords
from llm_werewolf.texts import RTL_LANGUAGES

MODELS = ("heuristic", "random")
SYMBOLS = ("n",)
"""The statistical symbol every language writes as it is (n deals), as the evaluation report does."""
SCRIPTS = {"en": "LATIN", "ar": "ARABIC", "ar-LB": "ARABIC", "he": "HEBREW", "ru": "CYRILLIC", "zh-Hant": "CJK"}
TAGS = re.compile(r"<[^>]*>|&[a-z]+;")
WORDS = re.compile(r"[^\W\d_]+")


def _script(letter: str) -> str:
    name = unicodedata.name(letter, "")
    return "CJK" if name.startswith("CJK") else name.split(" ")[0]


def _env(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", lang)


def _study(out: Path, *extra: str) -> None:
    args = ["study", "cross-lingual", "--variant", "one_night", "--players", "3", "--out", str(out)]
    models = [part for model in MODELS for part in ("--model", model)]
    result = CliRunner().invoke(app, [*args, *models, "--languages", "ar,en", "--deals", "2", *extra])
    assert result.exit_code == 0, result.output


@cache
def _result(folder: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((Path(folder) / "report" / "study.json").read_text(encoding="utf-8"))
    return data


def _seen(folder: Path) -> dict[str, str]:
    """What a reader sees: the Markdown without the image link, the page without tags and the image."""
    markdown = re.sub(r"!\[[^\]]*\]\([^)]*\)", " ", (folder / "study.md").read_text(encoding="utf-8"))
    page = re.sub(r"<style.*?</style>|<img[^>]*>", " ", (folder / "study.html").read_text(encoding="utf-8"), flags=re.S)
    return {"md": markdown, "html": html.unescape(TAGS.sub(" ", page))}


def test_the_study_page_speaks_each_report_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _env(monkeypatch, "C.UTF-8")
    _study(tmp_path / "run")
    result = _result(str(tmp_path / "run"))
    assert set(result["models"]) == set(MODELS)
    for language in REPORT_LANGUAGES:
        out = tmp_path / language
        write_study_page(result, out, variant="one_night", language=language)
        words = ReportWords(language)
        for surface, text in _seen(out).items():
            foreign = sorted(
                {
                    word
                    for word in WORDS.findall(text)
                    if word not in MODELS + SYMBOLS and any(_script(c) != SCRIPTS[language] for c in word)
                }
            )
            assert not foreign, f"{language} {surface}: words of another script {foreign[:20]}"
            for measure in MEASURES:
                assert words.text("study_measures." + measure) in text, f"{language} {surface}: {measure}"
        page = (out / "study.html").read_text(encoding="utf-8")
        direction = "rtl" if language in RTL_LANGUAGES else "ltr"
        assert f'<html lang="{language}" dir="{direction}">' in page
        assert "data:image/png;base64," in page


def test_report_lang_flag_and_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _env(monkeypatch, "C.UTF-8")
    _study(tmp_path / "en")
    assert '<html lang="en" dir="ltr">' in (tmp_path / "en" / "report" / "study.html").read_text(encoding="utf-8")
    _study(tmp_path / "ru", "--report-lang", "ru")
    assert (
        (tmp_path / "ru" / "report" / "study.md")
        .read_text(encoding="utf-8")
        .startswith("# Межъязыковое исследование: ")
    )
    _env(monkeypatch, "he_IL.UTF-8")  # the reader's locale
    _study(tmp_path / "he")
    assert '<html lang="he" dir="rtl">' in (tmp_path / "he" / "report" / "study.html").read_text(encoding="utf-8")
    args = ["study", "cross-lingual", "--variant", "one_night", "--model", "heuristic", "--languages", "ar,en"]
    bad = CliRunner().invoke(app, [*args, "--out", str(tmp_path / "x"), "--report-lang", "fr"])
    assert bad.exit_code != 0 and "unknown --report-lang 'fr'" in str(bad.exception) + bad.output
    assert not (tmp_path / "x").exists()
