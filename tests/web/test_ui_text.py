"""UI labels exist in every language with the same keys and placeholders as English."""

from __future__ import annotations

import re
from typing import Any

import pytest

from llm_werewolf.describe.present import Presenter
from llm_werewolf.describe.ui_text import direction, fill, label
from llm_werewolf.texts import LANGUAGES, load_yaml

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _flat(node: Any, prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in node.items():
        path = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(value, dict):
            out.update(_flat(value, path))
        else:
            assert isinstance(value, str), f"{path} must be text"
            out[path] = value
    return out


ENGLISH = _flat(load_yaml("prompts", "en/common/ui.yaml"))


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_every_language_has_every_label_with_the_same_placeholders(language: str) -> None:
    labels = _flat(load_yaml("prompts", f"{language}/common/ui.yaml"))
    missing = sorted(set(ENGLISH) - set(labels))
    assert not missing, f"{language} lacks {missing}"
    unknown = sorted(set(labels) - set(ENGLISH) - {k for k in labels if k.removesuffix("_female") in ENGLISH})
    assert not unknown or all(k.startswith("decisions.") for k in unknown), f"{language} has unknown keys {unknown}"
    for key, text in labels.items():
        english = ENGLISH.get(key.removesuffix("_female"))  # a woman's form has its plain form's placeholders
        if english is not None:
            assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(english)), f"{language}: {key}"
        words = set(re.findall(r"[A-Za-z]{4,}", PLACEHOLDER.sub("", text))) - {"Enter"}
        assert not words, f"{language}: {key} is still in English: {words}"


def test_fill_inserts_values_as_they_are_and_blanks_unknown_placeholders() -> None:
    assert fill("{speaker}: {text}", speaker="1. Ann", text="{evil} <b>") == "1. Ann: {evil} <b>"
    assert fill("{a} and {b}", a="x") == "x and"
    assert label("ru", "feed_lines", "nobody") == "никто"
    assert label("he", "no_such_key", default="d") == "d"
    assert direction("he") == direction("ar") == direction("ar-LB") == "rtl"
    assert direction("zh-Hant") == "ltr"


def test_presenter_speaks_the_games_language() -> None:
    presenter = Presenter("zh-Hant", "chinese_werewolf", ("甲", "乙"))
    assert presenter.seat(1) == "2號 乙"
    assert presenter.phase("night:2") == "第 2 夜"
    assert presenter.role("werewolf") != "werewolf"
