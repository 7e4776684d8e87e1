"""Speech previews: the incremental speech extractor, the preview, and the openai backend streaming to it."""

from __future__ import annotations

import json
import random

import pytest

from llm_werewolf.llm.base import CompletionRequest
from llm_werewolf.llm.openai_backend import OpenAIBackend
from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.llm.retry import RetrySettings
from llm_werewolf.llm.streaming import JsonStringField, Preview, preview_for, previewing, shown, streams_speech
from tests.web.stream_server import SPEECH, StreamState, streaming_server

SPEECH_SCHEMA = {
    "type": "object",
    "properties": {"thought": {"type": "string"}, "speech": {"type": "string"}, "claim": {"type": "null"}},
    "required": ["thought", "speech", "claim"],
    "additionalProperties": False,
}
VOTE_SCHEMA = {"type": "object", "properties": {"option": {"type": "string", "enum": ["Bob", "Ann"]}}}


def _prefixes(answer: str, value: str, splits: list[int]) -> list[str | None]:
    field = JsonStringField()
    seen = []
    last = 0
    for cut in [*splits, len(answer)]:
        seen.append(field.feed(answer[last:cut]))
        last = cut
    assert seen[-1] == value
    return seen


SAMPLES = [
    {"thought": "secret plan", "speech": 'He said "no" \\ then left.\nNew line\ttab /slash', "claim": None},
    {"speech": "café — 狼人殺 — ذئب — волк — 🐺🌙", "thought": "x"},
    {"acts": [{"kind": "accuse", "text": "not this"}], "speech": "only this", "reason": "nor this"},
    {"text": "an answer with the text field only"},
]


@pytest.mark.parametrize("data", SAMPLES)
@pytest.mark.parametrize("ascii_only", [True, False])
def test_every_split_of_the_answer_grows_the_speech_only(data: dict[str, object], ascii_only: bool) -> None:
    answer = json.dumps(data, ensure_ascii=ascii_only)  # \\uXXXX escapes (surrogate pairs for 🐺) or raw UTF-8
    value = str(data.get("speech", data.get("text")))
    rng = random.Random(len(answer))
    for _ in range(30):
        splits = sorted(rng.sample(range(1, len(answer)), k=min(len(answer) - 1, rng.randint(1, 12))))
        seen = [s for s in _prefixes(answer, value, splits) if s is not None]
        assert all(value.startswith(s) for s in seen)  # a preview is always a prefix of what was said
    one_by_one = [s for s in _prefixes(answer, value, list(range(1, len(answer)))) if s is not None]
    assert one_by_one[-1] == value and all(value.startswith(s) for s in one_by_one)
    # the thought, the reason and an act's text never show, not even for one chunk
    assert not any("secret" in s or "not this" in s or "nor this" in s for s in one_by_one)


def test_a_surrogate_pair_split_between_chunks_is_one_character() -> None:
    field = JsonStringField()
    assert field.feed('{"speech": "wolf \\ud83d') == "wolf "
    assert field.feed("\\ude3a") == "wolf \U0001f63a"
    assert field.feed('\\u00e9"}') == "wolf \U0001f63a\u00e9"


def test_a_lone_surrogate_or_a_bad_escape_shows_a_replacement_not_garbage() -> None:
    assert JsonStringField().feed('{"speech": "a\\ud83d b"}') == "a\ufffd b"
    assert JsonStringField().feed('{"speech": "a\\uZZZZb"}') == "a\ufffdb"


def test_text_before_the_object_and_keys_inside_strings_are_not_read() -> None:
    field = JsonStringField()
    answer = '```json\n{"thought": "say \\"speech\\": \\"lie\\"", "speech": "truth"}\n```'
    assert field.feed(answer) == "truth"
    assert JsonStringField().feed('{"thought": "nothing yet"') is None
    # speech wins over text, whatever comes first
    assert JsonStringField().feed('{"text": "t", "speech": "s"}') == "s"


def test_preview_of_a_base_model_continuation_stops_at_the_stop_and_is_one_clean_line() -> None:
    request = CompletionRequest("s", "u", mode="text", stop=('"', "\n"), purpose="decision")
    got: list[str] = []
    preview = Preview(request, got.append)
    for chunk in ["I am ", "the \x1b[2J\x1b[Hseer", ' and I checked Bob."', "\nNarrator: fake line"]:
        preview.feed(chunk)
    assert got == ["I am", "I am the seer", "I am the seer and I checked Bob."]
    preview.start()  # a new try withdraws what the last one showed
    assert got[-1] == ""
    assert shown('  "quoted\u202e"  ') == "quoted"


def test_only_a_speech_decision_own_call_is_previewed_and_only_where_a_hook_is_set() -> None:
    speech = CompletionRequest("s", "u", mode="json", schema=SPEECH_SCHEMA, purpose="decision")
    assert streams_speech(speech)
    assert streams_speech(CompletionRequest("s", "u", mode="text", purpose="language_switch"))
    assert not streams_speech(CompletionRequest("s", "u", mode="json", schema=VOTE_SCHEMA, purpose="decision"))
    assert not streams_speech(CompletionRequest("s", "u", mode="pick", labels=("a",), purpose="decision:pick"))
    assert not streams_speech(CompletionRequest("s", "u", mode="text", purpose="acts:claim"))
    assert preview_for(speech) is None  # no hook: nothing is previewed
    with previewing(lambda text: None):
        assert preview_for(speech) is not None
    assert preview_for(speech) is None


def _backend(url: str) -> OpenAIBackend:
    return OpenAIBackend(
        "test-model", base_url=url, profile=get_profile("openai"), retry=RetrySettings(attempts=1, jitter=0)
    )


SPEECH_REQUEST = CompletionRequest("s", "u", mode="json", schema=SPEECH_SCHEMA, purpose="decision")


async def test_the_openai_backend_streams_a_previewed_speech_and_returns_the_whole_answer() -> None:
    got: list[str] = []
    with streaming_server() as (url, state):
        backend = _backend(url)
        with previewing(got.append):
            completion = await backend.complete(SPEECH_REQUEST)
        plain = await backend.complete(SPEECH_REQUEST)  # no hook: not streamed
    assert json.loads(completion.text)["speech"] == SPEECH == json.loads(plain.text)["speech"]
    assert state.requests[0]["stream"] is True and state.requests[0]["stream_options"] == {"include_usage": True}
    assert "stream" not in state.requests[1]
    shown_texts = [text for text in got if text]
    assert len(shown_texts) >= 10 and shown_texts[-1] == SPEECH
    assert all(SPEECH.startswith(text) for text in shown_texts)
    assert completion.prompt_tokens == 11 and completion.completion_tokens > 10
    assert completion.finish_reason == "stop"


async def test_a_vote_is_never_streamed_even_with_a_hook() -> None:
    got: list[str] = []
    with streaming_server() as (url, state), previewing(got.append):
        completion = await _backend(url).complete(
            CompletionRequest("s", "u", mode="json", schema=VOTE_SCHEMA, purpose="decision")
        )
    assert json.loads(completion.text) == {"option": "Bob"}
    assert got == [] and "stream" not in state.requests[0]


async def test_an_endpoint_that_refuses_to_stream_is_asked_plainly_from_then_on() -> None:
    got: list[str] = []
    with streaming_server(StreamState(refuse_stream=True)) as (url, state):
        backend = _backend(url)
        with previewing(got.append):
            first = await backend.complete(SPEECH_REQUEST)
            second = await backend.complete(SPEECH_REQUEST)
    assert json.loads(first.text)["speech"] == json.loads(second.text)["speech"] == SPEECH
    assert first.retries == 0  # a refused stream is no transport retry
    # with stream_options, without, then plain, and plain for good
    assert [(r.get("stream"), "stream_options" in r) for r in state.requests] == [
        (True, True),
        (True, False),
        (None, False),
        (None, False),
    ]
    assert backend.stream_mode == "off" and not any(got)


async def test_a_stream_without_a_usage_chunk_counts_its_pieces() -> None:
    with streaming_server(StreamState(usage=False)) as (url, _), previewing(lambda text: None):
        completion = await _backend(url).complete(SPEECH_REQUEST)
    pieces = -(-len(completion.text) // 6)
    assert completion.prompt_tokens == 0 and completion.completion_tokens == pieces


async def test_the_langchain_backend_never_streams() -> None:
    """LangChain cannot read an endpoint's plain answer to a streamed request: a speech would cost a second call."""
    from langchain_openai import ChatOpenAI

    from llm_werewolf.llm.langchain_backend import LangChainBackend

    got: list[str] = []
    with streaming_server() as (url, state):
        model = ChatOpenAI(model="test-model", base_url=url, api_key="k", max_retries=0, timeout=5)
        backend = LangChainBackend(model, profile=get_profile("llamacpp"), retry=RetrySettings(attempts=1, jitter=0))
        with previewing(got.append):
            completion = await backend.complete(SPEECH_REQUEST)
        await backend.aclose()
    assert json.loads(completion.text)["speech"] == SPEECH
    assert [bool(r.get("stream")) for r in state.requests] == [False] and got == []


async def test_an_endpoint_that_answers_a_streamed_request_in_one_piece_costs_no_second_call() -> None:
    got: list[str] = []
    with streaming_server(StreamState(ignore_stream=True)) as (url, state):
        backend = _backend(url)
        with previewing(got.append):
            first = await backend.complete(SPEECH_REQUEST)
            second = await backend.complete(SPEECH_REQUEST)
    assert json.loads(first.text)["speech"] == json.loads(second.text)["speech"] == SPEECH
    assert first.prompt_tokens == 11 and first.completion_tokens == 3 and first.finish_reason == "stop"
    assert [bool(r.get("stream")) for r in state.requests] == [True, False]  # one request per call
    assert backend.stream_mode == "off" and not any(got)
