"""Streamed calls of the ``openai`` backend, for speech previews (:mod:`.streaming`).

Only a call with a preview streams (a public speech while people watch); every other
call is the plain one. The endpoint is asked ``stream=True`` with
``stream_options.include_usage`` (so the record keeps its token counts); an endpoint
that refuses that steps down silently, once for the backend's life: without
``stream_options``, then not streamed at all (the screens keep their "thinking…" line). An
endpoint that ignores ``stream`` and answers in one JSON piece is read as it is (no second
call) and not asked to stream again.
A refusal of the *answer format* is not a refusal to stream: it goes on to the
format step-down of :mod:`.structured`. A stream is closed when the call is cut (the
decision's deadline), which tells a server such as ``llama_cpp.server`` to stop.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from .errors import LLMError, PermanentError
from .streaming import Preview
from .structured import NOT_A_REFUSAL, refuses_format

log = logging.getLogger("llm_werewolf.llm")

StreamMode = Literal["usage", "plain", "off"]
"""``usage``: stream and ask for the usage chunk; ``plain``: stream only; ``off``: never stream."""

NEXT_MODE: dict[StreamMode, StreamMode] = {"usage": "plain", "plain": "off", "off": "off"}


@dataclass(frozen=True, slots=True)
class StreamedAnswer:
    """What a call answered, streamed or not."""

    text: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    finish_reason: str | None = None

    @staticmethod
    def of(response: Any) -> StreamedAnswer:
        """The answer of a plain (not streamed) chat completion."""
        choice = response.choices[0] if getattr(response, "choices", None) else None
        message = getattr(choice, "message", None)
        usage = getattr(response, "usage", None)
        return StreamedAnswer(
            text=str(getattr(message, "content", None) or ""),
            prompt_tokens=int(getattr(usage, "prompt_tokens", 0) or 0),
            completion_tokens=int(getattr(usage, "completion_tokens", 0) or 0),
            finish_reason=getattr(choice, "finish_reason", None),
        )


class StreamingBackend(Protocol):
    model: str
    stream_mode: StreamMode

    async def _create(self, **kwargs: Any) -> Any: ...

    def _fault(self, exc: BaseException) -> LLMError: ...


def refuses_stream(exc: LLMError) -> bool:
    """Whether ``exc`` (from a streamed request) may be the endpoint refusing to stream: a bad
    request that is neither about the key, the model, time or rate, nor about the answer format."""
    if not isinstance(exc, PermanentError) or exc.status in NOT_A_REFUSAL:
        return False
    return not refuses_format(exc)


async def stream_or_plain(backend: StreamingBackend, kwargs: dict[str, Any], preview: Preview) -> Any:
    """One call, streamed to ``preview`` where ``backend`` still streams; a :class:`StreamedAnswer`
    or a plain response."""
    while backend.stream_mode != "off":
        mode = backend.stream_mode
        extra: dict[str, Any] = {"stream": True}
        if mode == "usage":
            extra["stream_options"] = {"include_usage": True}
        preview.start()
        try:
            stream = await backend._create(**kwargs, **extra)
        except LLMError as exc:
            if not refuses_stream(exc):
                raise
            backend.stream_mode = NEXT_MODE[mode]
            log.info("%s: the endpoint refused a streamed call (%s); now: %s", backend.model, exc, backend.stream_mode)
            continue
        if not hasattr(stream, "__aiter__"):  # a client that answered in one piece
            backend.stream_mode = "off"
            return stream
        if not is_event_stream(stream):  # an endpoint that ignores ``stream``: its one piece is the answer
            backend.stream_mode = "off"
            return await read_whole(backend, stream)
        return await read_stream(backend, stream, preview)
    return await backend._create(**kwargs)


def is_event_stream(stream: Any) -> bool:
    """Whether the endpoint answered with server-sent events (``True`` where the client does not say)."""
    headers = getattr(getattr(stream, "response", None), "headers", None)
    if headers is None:
        return True
    return "text/event-stream" in str(headers.get("content-type", "text/event-stream"))


async def read_whole(backend: StreamingBackend, stream: Any) -> StreamedAnswer:
    """The answer of an endpoint that was asked to stream and sent one JSON completion instead."""
    try:
        data = json.loads(await stream.response.aread())
        choice = (data.get("choices") or [{}])[0]
        usage = data.get("usage") or {}
        return StreamedAnswer(
            text=str((choice.get("message") or {}).get("content") or ""),
            prompt_tokens=int(usage.get("prompt_tokens") or 0),
            completion_tokens=int(usage.get("completion_tokens") or 0),
            finish_reason=choice.get("finish_reason"),
        )
    except LLMError:
        raise
    except Exception as exc:  # not JSON, or a connection dropped while reading it
        raise backend._fault(exc) from exc
    finally:
        await stream.close()


async def read_stream(backend: StreamingBackend, stream: Any, preview: Preview) -> StreamedAnswer:
    """Read a chat-completion stream to its end, feeding ``preview``; the stream is closed however it ends."""
    parts: list[str] = []
    finish: str | None = None
    usage: Any = None
    chunks = 0
    try:
        async for chunk in stream:
            usage = getattr(chunk, "usage", None) or usage
            for choice in getattr(chunk, "choices", None) or ():
                content = getattr(getattr(choice, "delta", None), "content", None)
                if content:
                    chunks += 1
                    parts.append(content)
                    preview.feed(content)
                finish = getattr(choice, "finish_reason", None) or finish
    except LLMError:
        raise
    except Exception as exc:  # a connection dropped mid-stream: a transport fault like any other
        raise backend._fault(exc) from exc
    finally:
        close = getattr(stream, "close", None)
        if close is not None:
            await close()
    return StreamedAnswer(
        text="".join(parts),
        prompt_tokens=int(getattr(usage, "prompt_tokens", 0) or 0),
        # Without a usage chunk, one streamed piece per token (as llama.cpp servers send them).
        completion_tokens=int(getattr(usage, "completion_tokens", 0) or 0) or chunks,
        finish_reason=finish,
    )
