"""The ``langchain`` backend: any LangChain chat model (``BaseChatModel``).

With a ``json_schema`` profile the model's ``with_structured_output(method="json_schema",
include_raw=True)`` is used (the raw text is kept for the transcript and parsed by
the agent like any other answer); with ``json_object`` the ``response_format`` is
bound directly (llama.cpp servers behind ``ChatOpenAI``); with ``text`` the model
is invoked plainly. An endpoint that refuses the structured request makes the
backend step down once (:mod:`.structured`). Retries: :mod:`.retry` (build the
model with ``max_retries=0``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable
from typing import Any

from .base import Completion, CompletionRequest
from .classify import classify, redact, redact_text
from .errors import LLMError, PreflightError
from .profiles import Profile, get_profile
from .retry import RetrySettings, call_with_retries
from .structured import call_stepping_down, probe_format, take_notes


def _text_of(message: Any) -> str:
    content = getattr(message, "content", message)
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [p.get("text", "") if isinstance(p, dict) else str(p) for p in content]
        return "".join(parts)
    return str(content or "")


def _secret_of(chat_model: Any) -> str | None:
    """The API key a LangChain chat model holds (``SecretStr``), to keep it out of error messages."""
    for attribute in ("openai_api_key", "api_key"):
        value = getattr(chat_model, attribute, None)
        reveal = getattr(value, "get_secret_value", None)
        if callable(reveal):
            secret = reveal()
            return secret if isinstance(secret, str) else None
    return None


def _usage(message: Any) -> tuple[int, int]:
    usage = getattr(message, "usage_metadata", None) or {}
    return int(usage.get("input_tokens", 0) or 0), int(usage.get("output_tokens", 0) or 0)


def _cut_answer(exc: BaseException) -> Any | None:
    """The answer an OpenAI client refused to parse because it stopped at its token limit
    (``LengthFinishReasonError``), as a chat message holding the text so far, so that the agent judges the
    cut answer as it judges any other; ``None`` for any other error."""
    completion = getattr(exc, "completion", None)
    if type(exc).__name__ != "LengthFinishReasonError" or completion is None:
        return None
    from langchain_core.messages import AIMessage

    choices = getattr(completion, "choices", None) or []
    text = (getattr(getattr(choices[0], "message", None), "content", None) or "") if choices else ""
    usage = getattr(completion, "usage", None)
    prompt, answer = int(getattr(usage, "prompt_tokens", 0) or 0), int(getattr(usage, "completion_tokens", 0) or 0)
    counts = {"input_tokens": prompt, "output_tokens": answer, "total_tokens": prompt + answer}
    return AIMessage(content=text, usage_metadata=counts)


def _structured(model: Any, schema: dict[str, Any], limit: dict[str, Any]) -> Any:
    """``model.with_structured_output`` (JSON schema, raw answer kept) that stops at the token ``limit``: a chat
    model that passes extra arguments through to its calls (``ChatOpenAI``) gets the limit there (a
    binding made before would be dropped by ``with_structured_output``); one that refuses them runs
    without it."""
    try:
        return model.with_structured_output(schema, method="json_schema", include_raw=True, **limit)
    except (TypeError, ValueError, NotImplementedError):
        return model.with_structured_output(schema, method="json_schema", include_raw=True)


class LangChainBackend:
    name = "langchain"

    def __init__(
        self,
        chat_model: Any,
        *,
        model: str | None = None,
        profile: Profile | None = None,
        retry: RetrySettings | None = None,
        base_url: str | None = None,
    ) -> None:
        self.chat_model = chat_model
        self.model = model or str(
            getattr(chat_model, "model_name", None) or getattr(chat_model, "model", None) or type(chat_model).__name__
        )
        self.profile = profile or get_profile("openai")
        self.retry = retry or RetrySettings()
        self.base_url = base_url
        self.format_notes: list[str] = []
        self._secrets = tuple(s for s in (_secret_of(chat_model),) if s)

    def _fault(self, exc: BaseException) -> LLMError:
        return redact(classify(exc), self._secrets)

    def _limit(self, max_tokens: int) -> dict[str, Any]:
        """The call arguments that stop an answer at ``max_tokens``. ``langchain-openai`` sends the limit as
        ``max_completion_tokens``, which an OpenAI-compatible server such as ``llama_cpp.server`` does not
        read (a 270M model then ran on until the context was full): to a server other than OpenAI's own, the
        limit also goes as ``max_tokens`` in the request body."""
        limit: dict[str, Any] = {"max_tokens": max_tokens}
        base = str(getattr(self.chat_model, "openai_api_base", None) or "")
        if base and "api.openai.com" not in base:
            limit["extra_body"] = {"max_tokens": max_tokens}
        return limit

    def _runnable(self, request: CompletionRequest) -> tuple[Any, bool]:
        """(runnable, structured) for this request."""
        model = self.chat_model
        if request.mode == "text" and request.stop:
            model = model.bind(stop=list(request.stop)[:4])
        if request.mode != "json" or request.schema is None:
            return model.bind(**self._limit(request.max_tokens)) if hasattr(model, "bind") else model, False
        schema = dict(request.schema)
        if self.profile.structured == "json_schema":
            titled = {"title": "answer", "description": "the player's answer", **schema}
            return _structured(model, titled, self._limit(request.max_tokens)), True
        if self.profile.structured in ("json_object", "grammar"):
            return model.bind(
                response_format={"type": "json_object", "schema": schema}, **self._limit(request.max_tokens)
            ), False
        return model.bind(**self._limit(request.max_tokens)), False

    async def complete(self, request: CompletionRequest) -> Completion:
        from langchain_core.messages import HumanMessage, SystemMessage

        user = request.user if not request.cue else f"{request.user}\n\n{request.cue}"
        messages = [SystemMessage(content=request.system), HumanMessage(content=user)]
        started = time.perf_counter()
        what = f"langchain model {self.model!r}"
        structured_output = False

        def make_call() -> Callable[[], Awaitable[Any]]:
            nonlocal structured_output
            runnable, structured_output = self._runnable(request)

            async def once() -> Any:
                try:
                    return await runnable.ainvoke(messages)
                except Exception as exc:
                    cut = _cut_answer(exc)
                    if cut is not None:  # the answer reached its token limit: the model's fault, not the endpoint's
                        return cut
                    raise self._fault(exc) from exc

            return once

        def asks_format(profile: Profile) -> bool:
            return request.mode == "json" and request.schema is not None and profile.structured != "text"

        result, retries = await call_stepping_down(self, make_call, asks_format, what)
        latency = (time.perf_counter() - started) * 1000.0
        if structured_output and isinstance(result, dict):
            raw = result.get("raw")
            text = _text_of(raw) if raw is not None else ""
            if not text and result.get("parsed") is not None:
                text = json.dumps(result["parsed"], ensure_ascii=False)
            message = raw
        else:
            text = _text_of(result)
            message = result
        prompt_tokens, completion_tokens = _usage(message)
        return Completion(
            text=redact_text(text, self._secrets),  # an endpoint may reflect the key into its answer
            prompt_tokens=prompt_tokens,
            completion_tokens=completion_tokens,
            latency_ms=latency,
            retries=retries,
            note=take_notes(self),
        )

    async def preflight(self) -> None:
        from .chat_format_check import PROBE_MESSAGES, PROBE_TOKENS, message_problem, wrong_format_message
        from .preflight import explain, where

        quick = RetrySettings(attempts=2, initial=0.2, max_wait=1.0, jitter=0.1)
        model = self.chat_model.bind(max_tokens=PROBE_TOKENS) if hasattr(self.chat_model, "bind") else self.chat_model

        async def ping() -> Any:
            try:
                return await model.ainvoke(PROBE_MESSAGES)
            except Exception as exc:
                raise self._fault(exc) from exc

        try:
            answered, _ = await call_with_retries(ping, quick, what="a short test call")
        except Exception as exc:
            raise explain(exc, self) from exc
        problem = message_problem(answered)
        if problem is not None:
            raise PreflightError(wrong_format_message(where(self), problem))
        if self.profile.structured != "text":
            await probe_format(self)

    async def aclose(self) -> None:
        """Close the chat model's own HTTP client (``ChatOpenAI`` keeps one; other models may not)."""
        client = getattr(self.chat_model, "root_async_client", None)
        close = getattr(client, "close", None)
        if callable(close):
            result = close()
            if hasattr(result, "__await__"):
                await result
