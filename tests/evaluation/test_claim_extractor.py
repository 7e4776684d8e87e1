"""The free-text claim extractor on every canned claim line of every language, and on non-claims."""

from __future__ import annotations

import pytest

from llm_werewolf.evaluation.claim_extractor import extract_claims, normalize
from llm_werewolf.rules import get_ruleset
from llm_werewolf.texts import load_yaml, optional_yaml, terms

PAIRS = [
    ("en", "chinese_werewolf"),
    ("en", "city_mafia"),
    ("en", "lebanese_ghouls"),
    ("en", "one_night"),
    ("en", "online_mafia"),
    ("zh-Hant", "chinese_werewolf"),
    ("ar-LB", "lebanese_ghouls"),
    ("ar", "one_night"),
    ("ru", "city_mafia"),
    ("he", "online_mafia"),
]


def claim_templates(language: str, variant: str) -> list[str]:
    lines: list[str] = []
    for data in (
        load_yaml("prompts", f"{language}/common/canned.yaml"),
        optional_yaml("prompts", f"{language}/{variant}/canned.yaml"),
    ):
        if isinstance(data, dict):
            for key in ("claim", "reveal"):
                lines += [str(t) for t in data.get(key, []) if "$role" in str(t)]
    return lines


@pytest.mark.parametrize(("language", "variant"), PAIRS)
def test_every_canned_claim_of_every_role_is_found(language: str, variant: str) -> None:
    names = terms(language, variant)["roles"]
    templates = claim_templates(language, variant)
    assert templates, "no claim lines on file"
    for role in get_ruleset(variant).roles:
        name = names.get(role)
        if not isinstance(name, str):
            continue
        for template in templates:
            text = template.replace("$role", name).replace("$target", "Zed").replace("$result", "ok")
            assert extract_claims(text, language, variant)[:1] == [role], text


@pytest.mark.parametrize(
    ("language", "variant", "text", "expected"),
    [
        ("en", "chinese_werewolf", "I am not the seer, but I'm the witch.", ["witch"]),
        ("en", "chinese_werewolf", "Bob is the seer, trust him.", []),
        ("en", "chinese_werewolf", "I think the seer is lying", []),
        ("zh-Hant", "chinese_werewolf", "我不是預言家，三號是預言家。", []),
        ("zh-Hant", "chinese_werewolf", "我跳預言家，昨晚驗了五號。", ["seer"]),
        ("zh-Hant", "chinese_werewolf", "我是好人。", []),
        ("ar-LB", "lebanese_ghouls", "أنا مش غول، وأنا الصّيّاد.", ["sayyad"]),
        ("ar-LB", "lebanese_ghouls", "أَنَا البَصَّارَة", ["bassara"]),
        ("ar", "one_night", "أظن أن سامي هو اللص.", []),
        ("ar", "one_night", "وأنا الأرقة، وبطاقتي لم تتغير.", ["insomniac"]),
        ("ru", "city_mafia", "Я не шериф, но я доктор.", ["doctor"]),
        ("ru", "city_mafia", "Он шериф, я уверен.", []),
        ("ru", "city_mafia", "Я — мирный житель.", ["citizen"]),
        ("he", "online_mafia", "אני לא בלש. אני הרופא.", ["doctor"]),
        ("he", "online_mafia", "הוא הבלש שלנו.", []),
        ("he", "online_mafia", "אני מנהיג כת", ["cult_leader"]),
    ],
)
def test_claims_and_non_claims(language: str, variant: str, text: str, expected: list[str]) -> None:
    assert extract_claims(text, language, variant) == expected


def test_normalize_arabic_and_hebrew() -> None:
    assert normalize("أَنَا", "ar") == "انا"
    assert normalize("שָׁלוֹם", "he") == "שלום"
    assert normalize("I  AM", "en") == "i am"
