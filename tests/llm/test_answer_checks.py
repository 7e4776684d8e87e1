"""Answers that are answers, in every language: a speech, a thought or a narration that copies the
answer format's placeholder, holds a chat-template token, echoes the prompt, lists the options, says
nothing or repeats itself is refused with its reason; a plain sentence is not."""

from __future__ import annotations

import asyncio
import json
import re

import pytest

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.llm import CompletionRequest, FakeBackend, get_profile
from llm_werewolf.narration.llm import LLMNarrator
from llm_werewolf.prompting.answers import answer_problem, parse_answer
from llm_werewolf.prompting.render import Prompt, SeatPrompter
from llm_werewolf.rules import Decision, Game, GameConfig
from llm_werewolf.rules.events import Speech
from llm_werewolf.table_notes import ModelCall, Narration
from llm_werewolf.texts import default_names

GAMES = {
    "en": "one_night",
    "ar-LB": "lebanese_ghouls",
    "ar": "one_night",
    "ru": "city_mafia",
    "he": "online_mafia",
    "zh-Hant": "chinese_werewolf",
}
PLAIN = {
    "en": "I think Bob is lying about last night, so I will vote for him today.",
    "ar-LB": "أنا بشك إنو هو عم يكذب عن مبارح بالليل، رح صوّت ضدو اليوم.",
    "ar": "أعتقد أنه يكذب بشأن الليلة الماضية، لذلك سأصوت ضده اليوم.",
    "ru": "Я думаю, что он врёт о прошлой ночи, поэтому сегодня я голосую против него.",
    "he": "אני חושב שהוא משקר לגבי הלילה הקודם, אז היום אני מצביע נגדו.",
    "zh-Hant": "我覺得他昨晚在說謊，所以今天我投他一票。",
}
WORD = {"en": "wolf", "ar-LB": "غول", "ar": "ذئب", "ru": "волк", "he": "זאב", "zh-Hant": "狼"}
TOKENS = ("<start_of_turn>model", "<<SYS>>", "</SYS>", "[INST]", "<|im_start|>assistant", "<|eot_id|>", "</s>", "<b>")
LANGUAGES = list(GAMES)


def _prompts(language: str) -> tuple[tuple[Prompt, Decision], tuple[Prompt, Decision]]:
    """(a speech decision's prompt, a seat-choosing decision's prompt) from a game in ``language``."""
    variant = GAMES[language]
    game = Game(GameConfig(variant=variant, names=default_names(language, 9), seed=2, language=language))
    agents = [HeuristicAgent(seed=i) for i in range(9)]
    speech: tuple[Prompt, Decision] | None = None
    pick: tuple[Prompt, Decision] | None = None
    profile = get_profile("openai")
    while speech is None or pick is None:
        assert not game.over
        for decision in game.pending:
            seats = [o for o in decision.options if o.kind == "seat"]
            wanted = (decision.speech and speech is None) or (len(seats) >= 4 and not decision.speech and pick is None)
            if wanted:
                prompter = SeatPrompter(language=language, variant=variant, seat=decision.seat, profile=profile)
                found = (prompter.prompt(game.view(decision.seat), decision), decision)
                speech, pick = (found, pick) if decision.speech else (speech, found)
        decision = game.pending[0]
        game.submit(decision.id, agents[decision.seat].choose(game.view(decision.seat), decision))
    return speech, pick


PROMPTS = {language: _prompts(language) for language in LANGUAGES}


def _speech(language: str, text: str) -> tuple[str | None, str | None]:
    prompt, decision = PROMPTS[language][0]
    raw = json.dumps({"thought": "", "option": prompt.labels[0], "speech": text, "claim": None}, ensure_ascii=False)
    parsed = parse_answer(prompt, decision, raw, max_speech_chars=1000)
    return parsed.option, parsed.error


def _refused(language: str, text: str, words: str) -> None:
    option, error = _speech(language, text)
    assert option is None and error is not None and words in error, (language, text, error)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_plain_speech_passes(language: str) -> None:
    option, error = _speech(language, PLAIN[language])
    assert option is not None and error is None, error


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_placeholder_of_the_answer_format_is_refused(language: str) -> None:
    prompt, _ = PROMPTS[language][0]
    found = re.search(r'"speech": "(<[^>]+>)"', prompt.user)
    assert found, prompt.user[-600:]
    _refused(language, found.group(1), "copies the answer format")
    _refused(language, found.group(1)[:30], "copies the answer format")  # cut by the length limit
    _refused(language, f"{PLAIN[language]} <{WORD[language]} {WORD[language]}>", "copies the answer format")


def _shown_placeholder(prompt: Prompt, field: str) -> str:
    found = re.search(rf'"{field}": "<([^>]+)>"', prompt.user)
    assert found, prompt.user[-600:]
    return found.group(1)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_placeholder_without_its_brackets_is_refused(language: str) -> None:
    prompt, _ = PROMPTS[language][0]
    inner = _shown_placeholder(prompt, "speech")
    _refused(language, inner, "copies the answer format")
    _refused(language, inner.upper() + ".", "copies the answer format")
    clauses = [c.strip() for c in re.split(r"[,،，]", inner) if c.strip()]
    _refused(language, clauses[0], "copies the answer format")  # the first clause alone


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_reworded_placeholder_is_refused(language: str) -> None:
    """The placeholder's own words in another order, numbers dropped, punctuation changed."""
    prompt, decision = PROMPTS[language][0]
    inner = re.sub(r"\d+", "", _shown_placeholder(prompt, "speech"))
    if " " in inner.strip():
        words = [w.strip(",،，") for w in inner.split() if w.strip(",،，")]
        reworded = " ".join(reversed(words))
    else:  # Chinese: the characters in reverse order
        reworded = "".join(reversed([ch for ch in inner if ch.isalpha()]))
    _refused(language, reworded, "copies the answer format")
    thought = re.sub(r"\d+", "", _shown_placeholder(prompt, "thought"))
    raw = json.dumps({"thought": thought, "option": prompt.labels[0], "speech": PLAIN[language], "claim": None})
    parsed = parse_answer(prompt, decision, raw, max_speech_chars=1000)
    assert parsed.option is None and "copies the answer format" in (parsed.error or ""), (language, parsed)


def _heuristic_speeches(language: str) -> list[str]:
    """Every speech the heuristic players say in a whole game of ``language``'s ruleset."""
    variant = GAMES[language]
    game = Game(GameConfig(variant=variant, names=default_names(language, 9), seed=5, language=language))
    agents = [HeuristicAgent(seed=i) for i in range(9)]
    while not game.over:
        decision = game.pending[0]
        game.submit(decision.id, agents[decision.seat].choose(game.view(decision.seat), decision))
    return [r.event.text for r in game.records if isinstance(r.event, Speech)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_what_players_really_say_is_not_read_as_a_placeholder(language: str) -> None:
    """No false alarm: every speech of a heuristic game passes the checks against a real speech prompt."""
    prompt, _ = PROMPTS[language][0]
    speeches = [text for text in _heuristic_speeches(language) if text.strip()]
    assert len(speeches) >= 3, speeches
    flagged = {}
    for text in speeches:
        problem = answer_problem(text, "speech", stable="", rest=prompt.user, labels=())
        if problem is not None and problem.startswith("placeholder"):
            flagged[text] = problem
    assert flagged == {}, flagged


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("token", TOKENS)
def test_chat_template_tokens_are_refused(language: str, token: str) -> None:
    _refused(language, f"{PLAIN[language]} {token}", "control token")


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_echo_of_the_prompt_is_refused(language: str) -> None:
    prompt, _ = PROMPTS[language][0]
    lines = [line for line in prompt.system.splitlines() if len(line) > 80]
    assert lines
    _refused(language, lines[len(lines) // 2][:90], "repeats the prompt")


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_empty_speech_is_refused(language: str) -> None:
    _refused(language, " “ … ” ", "says nothing")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_degenerate_repeat_is_found_and_a_speech_trimmed_to_one_copy(language: str) -> None:
    word = WORD[language]
    for text in (" ".join([word] * 14), word * 14, f"{PLAIN[language]} " + "!" * 80):
        assert "over and over" in (answer_problem(text, "speech") or ""), text
    prompt, decision = PROMPTS[language][0]
    for text, kept in ((" ".join([word] * 14), word), (f"{PLAIN[language]} " + "!" * 80, f"{PLAIN[language]} !")):
        raw = json.dumps({"thought": "", "option": prompt.labels[0], "speech": text, "claim": None}, ensure_ascii=False)
        parsed = parse_answer(prompt, decision, raw, max_speech_chars=1000)
        assert parsed.option is not None and parsed.error is None, parsed
        assert parsed.text == kept and parsed.note.startswith("trimmed: repetition"), parsed


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_thought_that_lists_the_options_is_refused(language: str) -> None:
    prompt, decision = PROMPTS[language][1]
    reason = ", ".join(prompt.labels[:4])
    raw = json.dumps({"reason": reason, "option": prompt.labels[0]}, ensure_ascii=False)
    parsed = parse_answer(prompt, decision, raw, max_speech_chars=1000)
    assert parsed.option is None and "lists the options" in (parsed.error or ""), parsed
    plain = json.dumps({"reason": PLAIN[language], "option": prompt.labels[0]}, ensure_ascii=False)
    assert parse_answer(prompt, decision, plain, max_speech_chars=1000).option is not None


def _narrations(language: str, output: str) -> tuple[list[ModelCall], list[Narration]]:
    """The first moment of a game narrated by a model that always says ``output``."""
    variant = GAMES[language]
    names = default_names(language, 9)
    game = Game(GameConfig(variant=variant, names=names, seed=2, language=language))

    def script(request: CompletionRequest) -> str:
        return output.replace("{prompt}", request.system.splitlines()[len(request.system.splitlines()) // 2][:90])

    narrator = LLMNarrator(variant, language, names, FakeBackend(script, profile=get_profile("openai")))
    out = asyncio.run(narrator.narrate([r for r in game.records if r.vis.scope == "public"]))
    return [o for o in out if isinstance(o, ModelCall)], [o for o in out if isinstance(o, Narration)]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("output", "code"),
    [
        ("<what the storyteller says, at most 320 characters>", "placeholder"),
        ("<<SYS>>", "control_token"),
        (" </SYS>", "control_token"),
        ("{word} <start_of_turn>user", "control_token"),
        ("{prompt}", "echo"),
        ("…", "empty"),
        ("{words}", "repeat"),
    ],
)
def test_narration_that_is_no_narration_falls_back_with_its_reason(language: str, output: str, code: str) -> None:
    output = output.replace("{word}", WORD[language]).replace("{words}", " ".join([WORD[language]] * 14))
    calls, lines = _narrations(language, output)
    assert lines and all(line.fallback for line in lines)
    assert calls and all(f"refused: {code}:" in (call.error or "") for call in calls), [c.error for c in calls]


def test_the_list_of_checks_is_documented() -> None:
    from pathlib import Path

    docs = (Path(__file__).parents[2] / "docs" / "llm.md").read_text(encoding="utf-8")
    for code in ("empty", "control_token", "placeholder", "echo", "option_list", "repeat"):
        assert f"`{code}`" in docs
    assert answer_problem("hello there, friends", "speech") is None
