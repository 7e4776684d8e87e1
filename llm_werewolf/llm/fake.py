"""A deterministic fake backend for tests and benchmarks.

Without a script it answers legally: it picks one of the offered options (a
seeded choice that depends only on the prompt) and speaks a canned line in the
request's language. With a script it returns the scripted outputs in order: a
string is the raw model output, an exception is raised as a transport fault,
a callable computes the output from the request. A ``sequence`` call is walked pick by pick
within the one call, each pick asked of the script (or answered legally) as a ``pick`` request
named ``slot_<step>`` whose cue is the transcript so far.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any

from ..texts import optional_yaml
from .base import Completion, CompletionRequest
from .classify import classify
from .profiles import Profile, get_profile
from .retry import RetrySettings, call_with_retries

FakeStep = str | BaseException | Callable[[CompletionRequest], str]
FakeScript = Iterable[FakeStep] | Callable[[CompletionRequest], "str | BaseException"]

FAST_RETRIES = RetrySettings(attempts=3, initial=0.001, max_wait=0.005, jitter=0.0)


def canned_line(language: str, rng: random.Random) -> str:
    data: Any = optional_yaml("prompts", f"{language}/common/canned.yaml")
    lines = data.get("neutral") if isinstance(data, dict) else None
    if not isinstance(lines, list) or not lines:
        lines = ["..."]
    return str(rng.choice(lines))


def _enum(schema: Mapping[str, Any], field: str) -> list[str]:
    prop = schema.get("properties", {}).get(field, {})
    values = prop.get("enum") if isinstance(prop, dict) else None
    return [str(v) for v in values] if isinstance(values, list) else []


def auto_answer(request: CompletionRequest, rng: random.Random) -> str:
    """A legal answer to ``request`` (what a well-behaved model would say)."""
    if request.mode == "pick":
        return rng.choice(request.labels) if request.labels else ""
    if request.mode == "text":
        return canned_line(request.language, rng)
    schema = request.schema or {}
    answer: dict[str, Any] = {}
    props = schema.get("properties", {})
    if "thought" in props:
        answer["thought"] = "..."
    options = _enum(schema, "option")
    if options:
        answer["option"] = rng.choice(options)
    if "speech" in props:
        answer["speech"] = canned_line(request.language, rng)
    if "claim" in props:
        answer["claim"] = None
    if "reason" in props:
        answer["reason"] = "..."
    return json.dumps(answer, ensure_ascii=False)


class FakeBackend:
    name = "fake"
    picks_sequences = True

    def __init__(
        self,
        script: FakeScript | None = None,
        *,
        model: str = "fake",
        profile: Profile | None = None,
        seed: int = 0,
        latency: float = 0.0,
        retry: RetrySettings = FAST_RETRIES,
        preflight_error: BaseException | None = None,
    ) -> None:
        self.model = model
        self.profile = profile or get_profile("fake")
        self.seed = seed
        self.latency = latency
        self.retry = retry
        self.preflight_error = preflight_error
        self.requests: list[CompletionRequest] = []
        self._func: Callable[[CompletionRequest], str | BaseException] | None = None
        self._queue: deque[FakeStep] | None = None
        if callable(script):
            self._func = script
        elif script is not None:
            self._queue = deque(script)

    def _next(self, request: CompletionRequest) -> str:
        step: FakeStep | BaseException | None = None
        if self._func is not None:
            step = self._func(request)
        elif self._queue:
            step = self._queue.popleft()
        if isinstance(step, BaseException):
            raise step
        if callable(step):
            return step(request)
        if isinstance(step, str):
            return step
        rng = random.Random(int(request.prompt_hash(), 16) ^ self.seed)
        return auto_answer(request, rng)

    def _walk(self, request: CompletionRequest) -> str:
        """A ``sequence`` call: each step one pick; the labels taken, one ``step: label`` line each."""
        sequence = request.sequence
        step = sequence.first() if sequence is not None else None
        cue = request.cue
        lines: list[str] = []
        while sequence is not None and step is not None:
            cue += step.text
            pick = replace(
                request, mode="pick", cue=cue + " ", labels=step.labels, purpose=f"slot_{step.name}", sequence=None
            )
            answer = self._next(pick).strip()
            index = step.labels.index(answer) if answer in step.labels else None
            lines.append(f"{step.name}: {answer}")
            cue += f" {answer}"
            step = sequence.answer(index)
        return "\n".join(lines)

    async def complete(self, request: CompletionRequest) -> Completion:
        self.requests.append(request)

        async def once() -> str:
            if self.latency:
                await asyncio.sleep(self.latency)
            try:
                return self._walk(request) if request.mode == "sequence" else self._next(request)
            except Exception as exc:
                raise classify(exc) from exc

        # A sequence has advanced when a pick fails: it is not walked again.
        retry = replace(self.retry, attempts=1) if request.mode == "sequence" else self.retry
        text, retries = await call_with_retries(once, retry, what=f"fake backend ({self.model})")
        return Completion(
            text=text,
            prompt_tokens=len(request.prompt_text()) // 4,
            completion_tokens=max(1, len(text) // 4),
            latency_ms=self.latency * 1000.0,
            retries=retries,
            finish_reason="stop",
        )

    async def preflight(self) -> None:
        if self.preflight_error is not None:
            from .preflight import explain

            raise explain(self.preflight_error, self)

    async def aclose(self) -> None:
        return None
