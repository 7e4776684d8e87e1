"""Reading model answers: options by label, id, number or name; never an exception."""

from __future__ import annotations

import json

import pytest

from llm_werewolf.prompting.answers import match_option, parse_answer
from llm_werewolf.prompting.render import Prompt
from llm_werewolf.rules import SKIP_OPTION, Decision, plain_option, seat_option

DECISION = Decision(id=1, seat=0, kind="exile_vote", options=(seat_option(1), seat_option(3), SKIP_OPTION))
LABELS = ("Bob", "Dee", "nobody (skip)")
SPEECH = Decision(id=2, seat=0, kind="speech", options=(plain_option("speak"),), speech=True)


def _prompt(mode: str, labels: tuple[str, ...] = LABELS, **extra: object) -> Prompt:
    return Prompt("s", "u", "", mode, labels, {"Seer": "seer", "Villager": "villager"}, **extra)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("Bob", "seat:1"),
        ("seat:3", "seat:3"),
        ("bob", "seat:1"),
        (" Dee. ", "seat:3"),
        ("2", "seat:1"),
        ("player 4", "seat:3"),
        ("#4", "seat:3"),
        ("nobody (skip)", "skip"),
        ("skip", "skip"),
        ("I vote for Dee", "seat:3"),
        ("5", None),
        ("Cid", None),
        ("Bob or Dee", None),
        ("", None),
        (None, None),
        (17, None),
    ],
)
def test_match_option(value: object, expected: str | None) -> None:
    assert match_option(value, DECISION, LABELS) == expected


def test_json_answer_inside_chatter_and_fences() -> None:
    raw = 'Sure! ```json\n{"reason": "quiet", "option": "Dee"}\n``` hope that helps'
    parsed = parse_answer(_prompt("json"), DECISION, raw, max_speech_chars=100)
    assert parsed.option == "seat:3" and parsed.thought == "quiet" and parsed.error is None


@pytest.mark.parametrize(
    ("raw", "fragment"),
    [
        ("not json at all", "not one JSON object"),
        ("", "an empty answer"),
        ('{"option": "Zed"}', "'Zed' is not one of the options"),
        ('{"reason": "x"}', "no option"),
        ("[1, 2]", "not one JSON object"),
        ('{"option": "Bob"', "not one JSON object"),
    ],
)
def test_bad_json_answers_explain_themselves(raw: str, fragment: str) -> None:
    parsed = parse_answer(_prompt("json"), DECISION, raw, max_speech_chars=100)
    assert parsed.option is None
    assert parsed.error is not None and fragment in parsed.error


def test_speech_answer_with_claim_and_cap() -> None:
    speech = "I am the seer, and last night I looked at Bob: he is one of the wolves, so vote him out today."
    raw = json.dumps({"thought": "bluff", "speech": speech, "claim": "Seer"})
    parsed = parse_answer(_prompt("json"), SPEECH, raw, max_speech_chars=40)
    assert parsed.option == "speak" and parsed.claim == "seer" and parsed.thought == "bluff"
    assert len(parsed.text) <= 40 and parsed.text.endswith("…")


@pytest.mark.parametrize(("claim", "expected"), [(None, None), ("null", None), ("none", None), ("seer", "seer")])
def test_claims(claim: object, expected: str | None) -> None:
    raw = json.dumps({"thought": "", "speech": "hello", "claim": claim})
    assert parse_answer(_prompt("json"), SPEECH, raw, max_speech_chars=100).claim == expected


def test_an_unknown_claim_is_dropped_with_a_note() -> None:
    raw = json.dumps({"thought": "", "speech": "hello", "claim": "wizard"})
    parsed = parse_answer(_prompt("json"), SPEECH, raw, max_speech_chars=100)
    assert parsed.option == "speak" and parsed.claim is None
    assert parsed.error is not None and "wizard" in parsed.error


def test_base_model_text_and_pick() -> None:
    text = parse_answer(
        _prompt("text", ("speak",), stop=("”", "\n")), SPEECH, "Hello there” Bob:", max_speech_chars=100
    )
    assert text.option == "speak" and text.text == "Hello there"
    pick = parse_answer(_prompt("pick"), DECISION, "Dee", max_speech_chars=100)
    assert pick.option == "seat:3"
    tail = parse_answer(_prompt("pick"), DECISION, "Bob: he lied", max_speech_chars=100)
    assert tail.option == "seat:1" and tail.thought == "he lied"
    empty = parse_answer(_prompt("text", ("speak",)), SPEECH, "   ", max_speech_chars=100)
    assert empty.option is None and empty.fault == "answer" and empty.error == "the speech says nothing"


def test_huge_answers_are_handled() -> None:
    raw = "{" * 50_000 + "x" * 200_000
    parsed = parse_answer(_prompt("json"), DECISION, raw, max_speech_chars=100)
    assert parsed.option is None and parsed.error is not None and len(parsed.error) < 400
