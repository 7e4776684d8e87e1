"""A phrasing that announces content (a summary, facts, a read, points, a question) is said only
when the speech delivers it (``promises`` of the phrase banks, ``speech.promises``)."""

from __future__ import annotations

import random

import pytest

from llm_werewolf.rules import Act
from llm_werewolf.speech.phrases import phrase_bank
from llm_werewolf.speech.voice import Speaker, voice
from llm_werewolf.texts import TextDataError, default_names

VARIANTS = {"en": "one_night", "ar": "one_night", "ar-LB": "lebanese_ghouls", "ru": "city_mafia", "he": "online_mafia"}
VARIANTS["zh-Hant"] = "chinese_werewolf"
SEEDS = range(300)


def _speaker(language: str, persona: str | None = None) -> Speaker:
    return Speaker(
        seat=0, names=default_names(language, 9), language=language, variant=VARIANTS[language], persona=persona
    )


def _speeches(language: str, acts: list[Act], persona: str | None = None, spoke_before: bool = False) -> list[str]:
    me = _speaker(language, persona)
    lead = Act("lead", fact="open")
    if spoke_before:
        return [voice(acts, me, random.Random(seed), lead=lead, spoke_before=True) for seed in SEEDS]
    return [voice(acts, me, random.Random(seed), lead=lead) for seed in SEEDS]


def test_the_summary_opener_is_not_said_before_a_lone_question() -> None:
    """The line read in an online_mafia game: «a short summary from my seat», then only a question."""
    speeches = _speeches("he", [Act("ask", target=3, fact="role")])
    assert not [s for s in speeches if "סיכום קצר מהכיסא שלי." in s]
    neutral = ["עכשיו תורי.", "מילה ממני.", "יש לי משהו להוסיף."]
    opened = {line for line in neutral for s in speeches if line in s}
    assert opened, "a neutral opening line is still said"


@pytest.mark.parametrize("language", sorted(VARIANTS))
def test_no_opener_announces_what_a_lone_question_lacks(language: str) -> None:
    bank = phrase_bank(language, VARIANTS[language])
    promising = {line for promise, lines in bank.promises.items() if promise != "question" for line in lines}
    assert bank.promises.get("summary") and bank.promises.get("read"), "the bank tags its summary and read openers"
    said = {line for s in _speeches(language, [Act("ask", target=3, fact="vote")]) for line in promising if line in s}
    assert not said


@pytest.mark.parametrize("language", sorted(VARIANTS))
def test_a_summary_opener_stays_for_a_speech_with_two_facts(language: str) -> None:
    bank = phrase_bank(language, VARIANTS[language])
    acts = [
        Act("reason", target=1, other=2, fact="voted"),
        Act("reason", target=1, other=4, fact="accused"),
        Act("accuse", target=1),
        Act("ask", target=3, fact="vote"),
    ]
    summaries = bank.promises["summary"]
    assert any(line in s for s in _speeches(language, acts) for line in summaries)


def test_persona_tics_keep_their_word() -> None:
    """«Point one.» before two acts at least; «As I said before.» only from a seat that spoke."""
    lone = _speeches("en", [Act("ask", target=3, fact="vote")], persona="en-priya")
    assert not [s for s in lone if "Point one." in s]
    two = _speeches("en", [Act("accuse", target=1), Act("ask", target=3, fact="vote")], persona="en-priya")
    assert [s for s in two if "Point one." in s]
    first = _speeches("en", [Act("accuse", target=1)], persona="en-grace")
    assert not [s for s in first if "As I said before." in s]
    again = _speeches("en", [Act("accuse", target=1)], persona="en-grace", spoke_before=True)
    assert [s for s in again if "As I said before." in s]


def test_a_promise_must_name_a_phrasing_of_the_bank() -> None:
    from llm_werewolf.speech.phrases import _promises

    acts = {"lead.open": ["Quick summary from my seat."]}
    assert _promises({"summary": ["Quick summary from my seat."]}, acts, {}, "en")
    with pytest.raises(TextDataError, match="names no phrasing"):
        _promises({"summary": ["Quick summary from my chair."]}, acts, {}, "en")
    with pytest.raises(TextDataError, match="unknown promise"):
        _promises({"gossip": ["Quick summary from my seat."]}, acts, {}, "en")
