"""Speech validity on hand-written utterances, and what invalid speech does to the metrics."""

from __future__ import annotations

from pathlib import Path

import pytest

from llm_werewolf.evaluation.claims import claim_honesty, claims_of
from llm_werewolf.evaluation.language import language_fidelity, speech_validity
from llm_werewolf.evaluation.validity import classify, placeholder_fragments
from llm_werewolf.strings.chinese import chinese_script

from .builders import FakeGame

PLACEHOLDER = "<what you say aloud, in English, at most 300 characters>"


@pytest.mark.parametrize(
    ("text", "language", "verdict"),
    [
        ("I am the seer, and seat 3 is a werewolf. Vote with me.", "en", "valid"),
        ("Я шериф. Третий игрок — мафия, голосуйте за него.", "ru", "valid"),
        ("أنا العرّافة، والثالث ذئب. صوّتوا معي.", "ar", "valid"),
        ("אני המגדת, ושחקן שלוש הוא זאב. הצביעו איתי.", "he", "valid"),
        ("我是預言家，三號是狼人，大家跟我投票。", "zh-Hant", "valid"),
        ("ok", "en", "valid"),
        ("...", "en", "empty"),
        ("", "en", "empty"),
        (PLACEHOLDER, "en", "placeholder"),
        ("Sure! what you say aloud, in English, at most 300 characters", "en", "placeholder"),
        ("<ما تقوله بصوت عالٍ>", "ar", "placeholder"),
        ("<|im_start|>assistant I vote for seat 2", "en", "template"),
        ("[INST] speak now [/INST]", "en", "template"),
        ("Hello {{ player_name }}", "en", "template"),
        ("<think>who is the wolf</think> I vote for seat 2", "en", "template"),
        ('{"speech": "I am the seer", "claim": "seer"}', "en", "placeholder"),
        ("I am the seer <your speech here> and I checked seat 3.", "en", "placeholder"),
        ("vote two vote two vote two vote two vote two", "en", "degenerate"),
        ("لا. لا. لا. لا. لا. لا. لا…", "ar", "degenerate"),
        ("seat seat seat seat seat seat seat seat", "en", "degenerate"),
        ("好好好好好好好好好好", "zh-Hant", "degenerate"),
        ("I think seat three is the mafia and we should vote for him today.", "ru", "off_language"),
        ("Je pense que le joueur trois est un loup-garou, votez avec moi aujourd'hui.", "en", "off_language"),
        ("我是预言家，三号是狼人，大家跟我投票。", "zh-Hant", "off_language"),  # Simplified
    ],
)
def test_verdicts(text: str, language: str, verdict: str) -> None:
    assert classify(text, language) == verdict


def test_placeholders_come_from_every_language_template() -> None:
    fragments = placeholder_fragments()
    assert any("what you say aloud" in f for f in fragments)
    assert any("ما تقوله بصوت عال" in f for f in fragments)
    assert len(fragments) >= 6


def test_chinese_script() -> None:
    assert chinese_script("預言家說話") == "traditional"
    assert chinese_script("预言家说话") == "simplified"
    assert chinese_script("我是好人") == "neutral"  # the same characters in both scripts


def placeholder_game(folder: Path) -> FakeGame:
    """Seats 0 and 1 (model P) echo the placeholder with structured claims; seat 2 (model Q) speaks well;
    seat 3 (Q) answers in English in a Russian game and claims in the field."""
    roles = ["mafia", "citizen", "sheriff", "citizen"]
    g = FakeGame("city_mafia", roles, ["fake:P", "fake:P", "fake:Q", "fake:Q"], language="ru")
    g.phase("day", 1)
    g.say(0, "<what you say aloud, in Russian, at most 300 characters>", "sheriff")
    g.say(1, "<what you say aloud, in Russian, at most 300 characters>", "sheriff")
    g.say(2, "Я шериф, и первый игрок — мафия. Голосуем за него.", "sheriff")
    g.say(3, "I am the doctor and I will protect everyone tonight.", "doctor")
    g.end((1, 2, 3), ("town",), "mafia_dead")
    return g


def test_placeholders_are_invalid_never_lies_nor_fidelity(tmp_path: Path) -> None:
    facts = placeholder_game(tmp_path).save(tmp_path)
    claims = claims_of(facts)
    assert [(c.seat, c.claimed, c.false) for c in claims] == [(2, "sheriff", False)]
    honesty = claim_honesty([facts]).as_dict()
    assert honesty["invalid_utterances_ignored"] == 3
    assert "fake:P" not in honesty["false_rate_by_model"]
    fidelity = language_fidelity([facts])["by_model"]
    assert (fidelity["fake:P"]["hits"], fidelity["fake:P"]["n"]) == (0, 2)
    assert (fidelity["fake:Q"]["hits"], fidelity["fake:Q"]["n"]) == (1, 2)
    validity = speech_validity([facts])["by_model"]
    assert validity["fake:P"]["placeholder"] == 2 and validity["fake:P"]["invalid"]["rate"] == 1.0
    assert validity["fake:Q"]["off_language"] == 1 and validity["fake:Q"]["valid"] == 1
