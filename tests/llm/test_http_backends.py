"""Transport behaviour of the openai and langchain backends against a scripted server on 127.0.0.1."""

from __future__ import annotations

import socket
import time
from typing import Any

import pytest
from tenacity import RetryCallState

from llm_werewolf.llm.base import CompletionRequest
from llm_werewolf.llm.errors import PreflightError, TransientError, TransportError
from llm_werewolf.llm.langchain_backend import LangChainBackend
from llm_werewolf.llm.openai_backend import OpenAIBackend
from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.llm.retry import RetrySettings, backoff, call_with_retries

from .fake_server import Reply, ServerState, fake_openai_server

FAST = RetrySettings(attempts=4, initial=0.01, max_wait=0.04, jitter=0.01)
SCHEMA = {
    "type": "object",
    "properties": {"option": {"type": "string", "enum": ["Bob", "Dee"]}},
    "required": ["option"],
    "additionalProperties": False,
}
REQUEST = CompletionRequest(system="rules", user="vote", schema=SCHEMA, max_tokens=20)


def _openai(base_url: str, **kwargs: Any) -> OpenAIBackend:
    kwargs.setdefault("retry", FAST)
    return OpenAIBackend("test-model", base_url=base_url, api_key="k", **kwargs)


def _langchain(base_url: str, **kwargs: Any) -> LangChainBackend:
    from langchain_openai import ChatOpenAI

    model = ChatOpenAI(model="test-model", base_url=base_url, api_key="k", max_retries=0, timeout=5)
    kwargs.setdefault("retry", FAST)
    kwargs.setdefault("profile", get_profile("llamacpp"))
    return LangChainBackend(model, **kwargs)


@pytest.mark.parametrize("make", [_openai, _langchain])
@pytest.mark.parametrize("status", [408, 429, 500, 502, 503])
async def test_rate_limits_and_server_errors_are_retried(make: Any, status: int) -> None:
    with fake_openai_server() as (url, state):
        state.replies.extend([Reply(status), Reply(status), Reply(200, '{"option": "Dee"}')])
        completion = await make(url).complete(REQUEST)
    assert completion.text == '{"option": "Dee"}'
    assert completion.retries == 2
    assert len(state.requests) == 3  # the SDK's own retries are off: only tenacity retried


@pytest.mark.parametrize("make", [_openai, _langchain])
@pytest.mark.parametrize("status", [400, 401, 403, 404, 409, 422, 425])
async def test_other_client_errors_are_not_retried(make: Any, status: int) -> None:
    with fake_openai_server() as (url, state):
        state.replies.extend([Reply(status), Reply(200)])
        with pytest.raises(TransportError) as caught:
            await make(url).complete(REQUEST)
    assert caught.value.attempts == 1 and caught.value.status == status
    assert len(state.requests) == 1


@pytest.mark.parametrize("make", [_openai, _langchain])
async def test_retries_are_bounded(make: Any) -> None:
    with fake_openai_server() as (url, state):
        state.replies.extend([Reply(503)] * 10)
        with pytest.raises(TransportError, match="gave up after 4 tries") as caught:
            await make(url).complete(REQUEST)
    assert caught.value.attempts == 4
    assert len(state.requests) == 4


async def test_timeouts_are_retried() -> None:
    with fake_openai_server() as (url, state):
        state.replies.extend([Reply(200, "late", delay=1.0), Reply(200, '{"option": "Bob"}')])
        completion = await _openai(url, timeout=0.3).complete(REQUEST)
    assert completion.text == '{"option": "Bob"}' and completion.retries == 1


def _wait(settings: RetrySettings, attempt: int) -> float:
    state = RetryCallState(retry_object=None, fn=None, args=(), kwargs={})  # type: ignore[arg-type]
    state.attempt_number = attempt
    return backoff(settings)(state)


def test_backoff_is_exponential_with_bounded_jitter() -> None:
    settings = RetrySettings(attempts=8, initial=0.5, max_wait=8.0, jitter=0.5)
    for attempt, base in [(1, 0.5), (2, 1.0), (3, 2.0), (4, 4.0), (5, 8.0), (6, 8.0), (9, 8.0)]:
        waits = [_wait(settings, attempt) for _ in range(50)]
        assert all(base <= w <= base + 0.5 for w in waits), (attempt, min(waits), max(waits))
        assert len({round(w, 6) for w in waits}) > 1, "no jitter"


async def test_call_with_retries_waits_between_tries() -> None:
    tries: list[float] = []

    async def flaky() -> str:
        tries.append(time.perf_counter())
        if len(tries) < 3:
            raise TransientError("HTTP 429", status=429)
        return "ok"

    result, retries = await call_with_retries(
        flaky, RetrySettings(attempts=3, initial=0.05, max_wait=1.0, jitter=0.0), what="x"
    )
    assert (result, retries) == ("ok", 2)
    assert tries[1] - tries[0] >= 0.045 and tries[2] - tries[1] >= 0.095


@pytest.mark.parametrize(
    ("profile", "expected"),
    [
        ("openai", {"type": "json_schema"}),
        ("vllm", {"type": "json_schema"}),
        ("llamacpp", {"type": "json_object", "schema": SCHEMA}),
        ("text", None),
    ],
)
async def test_structured_output_follows_the_profile(profile: str, expected: dict[str, Any] | None) -> None:
    with fake_openai_server() as (url, state):
        await _openai(url, profile=get_profile(profile)).complete(REQUEST)
    sent = state.requests[0].get("response_format")
    if expected is None:
        assert sent is None
    else:
        assert sent is not None and all(sent[k] == v for k, v in expected.items())
        if expected["type"] == "json_schema":
            assert sent["json_schema"]["schema"]["properties"]["option"]["enum"] == ["Bob", "Dee"]


async def test_langchain_json_schema_profile_uses_structured_output() -> None:
    with fake_openai_server() as (url, state):
        backend = _langchain(url, profile=get_profile("openai"))
        completion = await backend.complete(REQUEST)
    assert completion.text == '{"option": "Bob"}'
    assert state.requests[0]["response_format"]["type"] == "json_schema"
    # the answer's token limit goes with it (a model that runs on would fill the server's whole context)
    # also as ``max_tokens``: a server such as llama_cpp.server does not read ``max_completion_tokens``
    assert state.requests[0]["max_tokens"] == REQUEST.max_tokens


def test_an_answer_cut_at_its_token_limit_is_the_models_answer_not_a_transport_error() -> None:
    from openai import LengthFinishReasonError
    from openai.types.chat import ChatCompletion

    from llm_werewolf.llm.langchain_backend import _cut_answer

    completion = ChatCompletion.model_validate(
        {
            "id": "c",
            "object": "chat.completion",
            "created": 0,
            "model": "m",
            "choices": [
                {"index": 0, "finish_reason": "length", "message": {"role": "assistant", "content": '{"speech": "Wol'}}
            ],
            "usage": {"prompt_tokens": 22, "completion_tokens": 30, "total_tokens": 52},
        }
    )
    cut = _cut_answer(LengthFinishReasonError(completion=completion))
    assert cut is not None and cut.content == '{"speech": "Wol'
    assert cut.usage_metadata["output_tokens"] == 30
    assert _cut_answer(ValueError("other")) is None


# -- preflight ---------------------------------------------------------------------------------


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.mark.parametrize("make", [_openai, _langchain])
async def test_preflight_unreachable_endpoint(make: Any) -> None:
    backend = make(f"http://127.0.0.1:{_closed_port()}/v1")
    with pytest.raises(PreflightError, match="cannot reach the endpoint") as caught:
        await backend.preflight()
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("make", [_openai, _langchain])
async def test_preflight_bad_key(make: Any) -> None:
    with (
        fake_openai_server(ServerState(key="the-right-key")) as (url, _),
        pytest.raises(PreflightError, match="API key was refused") as caught,
    ):
        await make(url).preflight()
    assert "\n" not in str(caught.value)


async def test_preflight_unknown_model() -> None:
    with (
        fake_openai_server(ServerState(models=["other-model", "another"])) as (url, _),
        pytest.raises(PreflightError, match="unknown model") as caught,
    ):
        await _openai(url).preflight()
    assert "other-model" in str(caught.value) and "\n" not in str(caught.value)


async def test_preflight_unknown_model_through_langchain() -> None:
    with (
        fake_openai_server(ServerState(models=["other-model"])) as (url, _),
        pytest.raises(PreflightError, match="unknown model or wrong path"),
    ):
        await _langchain(url).preflight()


async def test_preflight_passes_on_a_good_endpoint() -> None:
    with fake_openai_server() as (url, state):
        await _openai(url).preflight()
        await _langchain(url).preflight()
    assert state.model_lists == 1 and len(state.requests) == 4  # each: a one-token ping, then the format probe
    assert [_format_of(r) for r in state.requests] == [None, "json_schema", None, "json_object"]  # llamacpp profile


# -- structured-output downgrade ----------------------------------------------------------------


def _format_of(body: dict[str, Any]) -> str | None:
    fmt = body.get("response_format")
    return str(fmt["type"]) if isinstance(fmt, dict) else None


@pytest.mark.parametrize("make", [_openai, _langchain])
async def test_a_refused_json_schema_steps_down_once(make: Any, caplog: pytest.LogCaptureFixture) -> None:
    with fake_openai_server(ServerState(refuse_formats=frozenset({"json_schema"}))) as (url, state):
        backend = make(url, profile=get_profile("openai"))
        first = await backend.complete(REQUEST)
        second = await backend.complete(REQUEST)
    assert first.text == second.text == '{"option": "Bob"}'
    assert [_format_of(r) for r in state.requests] == ["json_schema", "json_object", "json_object"]
    assert backend.profile.structured == "json_object"
    assert (first.retries, second.retries) == (1, 0)  # the refused request counts as one retry
    downgrades = [r.getMessage() for r in caplog.records if "refused json_schema" in r.getMessage()]
    assert len(downgrades) == 1 and "json_object" in downgrades[0]


@pytest.mark.parametrize("make", [_openai, _langchain])
async def test_an_endpoint_without_structured_output_ends_with_plain_text(make: Any) -> None:
    refuse = frozenset({"json_schema", "json_object"})
    with fake_openai_server(ServerState(refuse_formats=refuse)) as (url, state):
        backend = make(url, profile=get_profile("openai"))
        completion = await backend.complete(REQUEST)
        await backend.complete(REQUEST)
    assert completion.text == '{"option": "Bob"}' and completion.retries == 2
    assert [_format_of(r) for r in state.requests] == ["json_schema", "json_object", None, None]
    assert backend.profile.structured == "text"


async def test_concurrent_refusals_step_down_only_once(caplog: pytest.LogCaptureFixture) -> None:
    import asyncio

    with fake_openai_server(ServerState(refuse_formats=frozenset({"json_schema"}))) as (url, state):
        backend = _openai(url, profile=get_profile("openai"))
        done = await asyncio.gather(*(backend.complete(REQUEST) for _ in range(4)))
    assert all(c.text == '{"option": "Bob"}' for c in done)
    assert backend.profile.structured == "json_object"
    assert sum("refused json_schema" in r.getMessage() for r in caplog.records) == 1
    assert "json_schema" not in [_format_of(r) for r in state.requests[-4:]]


@pytest.mark.parametrize("make", [_openai, _langchain])
async def test_other_bad_requests_do_not_change_the_format(make: Any) -> None:
    with fake_openai_server() as (url, state):
        state.replies.append(Reply(400))
        backend = make(url, profile=get_profile("openai"))
        with pytest.raises(TransportError):
            await backend.complete(REQUEST)
    assert backend.profile.structured == "json_schema" and len(state.requests) == 1


async def test_an_echoed_key_is_redacted_from_errors() -> None:
    with fake_openai_server(ServerState(key="the-right-key", echo_key=True)) as (url, _):
        backend = OpenAIBackend("test-model", base_url=url, api_key="sk-secret-echoed-1234", retry=FAST)
        with pytest.raises(TransportError) as caught:
            await backend.complete(REQUEST)
        with pytest.raises(PreflightError) as preflight:
            await backend.preflight()
    assert caught.value.status == 401
    assert "Incorrect API key provided: ***" in str(caught.value)
    assert "sk-secret-echoed-1234" not in str(caught.value) + str(preflight.value)


async def test_a_langchain_model_without_structured_output_is_still_asked() -> None:
    from langchain_core.language_models.fake_chat_models import FakeListChatModel

    backend = LangChainBackend(FakeListChatModel(responses=['{"option": "Dee"}']), profile=get_profile("openai"))
    completion = await backend.complete(REQUEST)
    assert completion.text == '{"option": "Dee"}'
    assert backend.profile.structured == "json_object"  # with_structured_output raised NotImplementedError


@pytest.mark.parametrize("make", [_openai, _langchain])
async def test_a_500_refusal_like_llama_cpp_server_steps_down_without_retrying(
    make: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """llama_cpp.server answers json_schema with HTTP 500 and a validation error naming response_format."""
    state = ServerState(refuse_formats=frozenset({"json_schema"}), refuse_status=500)
    with fake_openai_server(state) as (url, state):
        backend = make(url, profile=get_profile("openai"))
        first = await backend.complete(REQUEST)
        second = await backend.complete(REQUEST)
    assert first.text == second.text == '{"option": "Bob"}'
    # one refused request, not four tries of a "server error" before giving up
    assert [_format_of(r) for r in state.requests] == ["json_schema", "json_object", "json_object"]
    assert backend.profile.structured == "json_object"
    assert "refused json_schema" in first.note and "HTTP 500" in first.note and second.note == ""
    assert sum("refused json_schema" in r.getMessage() for r in caplog.records) == 1


@pytest.mark.parametrize("make", [_openai, _langchain])
async def test_other_server_errors_are_still_retried_without_a_step_down(make: Any) -> None:
    with fake_openai_server() as (url, state):
        state.replies.extend([Reply(500), Reply(200)])
        backend = make(url, profile=get_profile("openai"))
        completion = await backend.complete(REQUEST)
    assert completion.retries == 1 and completion.note == ""
    assert backend.profile.structured == "json_schema"
    assert [_format_of(r) for r in state.requests] == ["json_schema", "json_schema"]


@pytest.mark.parametrize("make", [_openai, _langchain])
async def test_the_preflight_probes_the_answer_format_and_the_first_call_reports_it(make: Any) -> None:
    state = ServerState(refuse_formats=frozenset({"json_schema"}), refuse_status=500)
    with fake_openai_server(state) as (url, state):
        backend = make(url, profile=get_profile("openai"))
        await backend.preflight()
        assert backend.profile.structured == "json_object"
        before = len(state.requests)
        first = await backend.complete(REQUEST)
        second = await backend.complete(REQUEST)
    assert [_format_of(r) for r in state.requests[before:]] == ["json_object", "json_object"]
    assert first.note.startswith("at the preflight: ") and "refused json_schema" in first.note
    assert first.retries == 0 and second.note == ""


async def test_the_preflight_probe_keeps_a_format_the_endpoint_takes() -> None:
    with fake_openai_server() as (url, state):
        backend = _openai(url, profile=get_profile("openai"))
        await backend.preflight()
    assert backend.profile.structured == "json_schema" and backend.format_notes == []
    assert _format_of(state.requests[-1]) == "json_schema"
