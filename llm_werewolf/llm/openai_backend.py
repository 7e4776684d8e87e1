"""The ``openai`` backend: any OpenAI-compatible chat endpoint through the ``openai`` SDK.

OpenAI, vLLM, llama.cpp servers, Ollama... The capability profile decides how the
answer is constrained: ``json_schema`` (strict schema, options as an enum),
``json_object`` with a ``schema`` field (llama.cpp servers) or plain ``text``.
The SDK's own retries are off (``max_retries=0``); :mod:`.retry` retries.
"""

from __future__ import annotations

import os
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from .base import Completion, CompletionRequest
from .classify import classify, redact, redact_text
from .errors import BackendConfigError, LLMError, PreflightError
from .openai_stream import StreamedAnswer, StreamMode, stream_or_plain
from .profiles import Profile, get_profile
from .retry import RetrySettings, call_with_retries
from .streaming import preview_for
from .structured import PROBE, call_stepping_down, probe_format, take_notes

NO_KEY = "sk-no-key-needed"


def read_api_key_file(path: str | Path) -> str:
    """The key held in ``path`` (surrounding whitespace removed); the error names the file, never its text."""
    file = Path(path).expanduser()
    try:
        key = file.read_text(encoding="utf-8").strip()
    except OSError as exc:
        raise BackendConfigError(f"cannot read the API key file {file}: {exc.strerror or type(exc).__name__}") from None
    except UnicodeDecodeError:
        raise BackendConfigError(f"the API key file {file} is not UTF-8 text") from None
    if not key:
        raise BackendConfigError(f"the API key file {file} is empty")
    return key


def resolve_api_key(
    api_key: str | None,
    base_url: str | None,
    env_var: str = "OPENAI_API_KEY",
    key_file: str | Path | None = None,
) -> str:
    """The key to send: given, read from ``key_file``, from ``env_var``, or a placeholder for
    local servers without auth (in that order)."""
    key = api_key or (read_api_key_file(key_file) if key_file else None) or os.environ.get(env_var)
    if key:
        return key
    if base_url:
        return NO_KEY
    raise BackendConfigError(
        f"no API key: set {env_var}, or api_key_file in the table file"
        " (or pass --base-url for a local server that needs none)"
    )


def response_format(request: CompletionRequest, profile: Profile) -> dict[str, Any] | None:
    if request.mode != "json" or request.schema is None:
        return None
    schema = dict(request.schema)
    if profile.structured == "json_schema":
        return {"type": "json_schema", "json_schema": {"name": "answer", "schema": schema, "strict": True}}
    if profile.structured in ("json_object", "grammar"):
        return {"type": "json_object", "schema": schema}
    return None


def messages_for(request: CompletionRequest) -> list[dict[str, str]]:
    user = request.user if not request.cue else f"{request.user}\n\n{request.cue}"
    return [{"role": "system", "content": request.system}, {"role": "user", "content": user}]


class OpenAIBackend:
    name = "openai"

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        api_key_env: str = "OPENAI_API_KEY",
        api_key_file: str | Path | None = None,
        profile: Profile | None = None,
        timeout: float = 60.0,
        retry: RetrySettings | None = None,
        client: Any = None,
    ) -> None:
        if not model:
            raise BackendConfigError("the openai backend needs a model name (openai:MODEL or --model)")
        self.model = model
        self.base_url = base_url
        self.profile = profile or get_profile("openai")
        self.timeout = timeout
        self.retry = retry or RetrySettings()
        self.format_notes: list[str] = []
        self.stream_mode: StreamMode = "usage"
        """How a previewed speech is asked (:mod:`.openai_stream`): steps down silently where refused."""
        self._secrets: tuple[str, ...] = ()
        if client is None:
            from openai import AsyncOpenAI

            key = resolve_api_key(api_key, base_url, api_key_env, api_key_file)
            self._secrets = (key,) if key != NO_KEY else ()
            client = AsyncOpenAI(api_key=key, base_url=base_url, max_retries=0, timeout=timeout)
        self.client = client

    def _fault(self, exc: BaseException) -> LLMError:
        """The transport fault ``exc`` stands for, with the key removed should the server echo it."""
        return redact(classify(exc), self._secrets)

    async def _create(self, **kwargs: Any) -> Any:
        try:
            return await self.client.chat.completions.create(**kwargs)
        except Exception as exc:
            raise self._fault(exc) from exc

    def _arguments(self, request: CompletionRequest) -> dict[str, Any]:
        kwargs: dict[str, Any] = {
            "model": self.model,
            "messages": messages_for(request),
            "max_tokens": request.max_tokens,
            "temperature": request.temperature,
        }
        fmt = response_format(request, self.profile)
        if fmt is not None:
            kwargs["response_format"] = fmt
        if request.stop and request.mode == "text":
            kwargs["stop"] = list(request.stop)[:4]
        if request.seed is not None and self.profile.seed:
            kwargs["seed"] = request.seed
        return kwargs

    async def complete(self, request: CompletionRequest) -> Completion:
        started = time.perf_counter()
        what = f"openai model {self.model!r}" + (f" at {self.base_url}" if self.base_url else "")
        preview = preview_for(request)

        def make_call() -> Callable[[], Awaitable[Any]]:
            kwargs = self._arguments(request)

            async def once() -> Any:
                if preview is not None:
                    return await stream_or_plain(self, kwargs, preview)  # a public speech, previewed
                return await self._create(**kwargs)

            return once

        response, retries = await call_stepping_down(
            self, make_call, lambda profile: response_format(request, profile) is not None, what
        )
        latency = (time.perf_counter() - started) * 1000.0
        answer = response if isinstance(response, StreamedAnswer) else StreamedAnswer.of(response)
        return Completion(
            text=redact_text(answer.text, self._secrets),  # an endpoint may reflect the key into its answer
            prompt_tokens=answer.prompt_tokens,
            completion_tokens=answer.completion_tokens,
            latency_ms=latency,
            retries=retries,
            finish_reason=answer.finish_reason,
            note=take_notes(self),
        )

    async def preflight(self) -> None:
        """List the endpoint's models (reachability, key, model name), then make a one-token call."""
        from .chat_format_check import PROBE_MESSAGES, PROBE_TOKENS, response_problem, wrong_format_message
        from .preflight import explain, where

        quick = RetrySettings(attempts=2, initial=0.2, max_wait=1.0, jitter=0.1)

        async def list_models() -> list[str]:
            try:
                page = await self.client.models.list()
            except Exception as exc:
                raise self._fault(exc) from exc
            return [str(getattr(m, "id", "")) for m in getattr(page, "data", [])]

        try:
            served, _ = await call_with_retries(list_models, quick, what="listing models")
        except Exception as exc:
            error = explain(exc, self)
            if getattr(exc, "status", None) != 404:  # some servers have no /models: go on to the ping
                raise error from exc
            served = []
        if served and self.model not in served:
            raise PreflightError(
                f"openai model {self.model!r}"
                + (f" at {self.base_url}" if self.base_url else "")
                + f": unknown model (the endpoint serves: {', '.join(sorted(served)[:12])})"
            )

        async def ping() -> Any:
            return await self._create(
                model=self.model, messages=PROBE_MESSAGES, max_tokens=PROBE_TOKENS, temperature=0.0
            )

        try:
            answered, _ = await call_with_retries(ping, quick, what="a short test call")
        except Exception as exc:
            raise explain(exc, self) from exc
        problem = response_problem(answered)
        if problem is not None:
            raise PreflightError(wrong_format_message(where(self), problem))
        if response_format(PROBE, self.profile) is not None:
            await probe_format(self)

    async def aclose(self) -> None:
        close = getattr(self.client, "close", None)
        if close is not None:
            await close()
