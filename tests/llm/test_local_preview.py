"""The local backend previews a speech through llama.cpp's streaming iterator (the embedded model; marked ``model``)."""

from __future__ import annotations

import pytest

from llm_werewolf.llm.base import CompletionRequest
from llm_werewolf.llm.local import LocalBackend
from llm_werewolf.llm.streaming import previewing, shown

pytestmark = pytest.mark.model

REQUEST = CompletionRequest(
    "You are Ann at a werewolf table.",
    "Day 1. Ann speaks:",
    cue=' Ann: "',
    mode="text",
    stop=('"', "\n"),
    max_tokens=40,
    seed=5,
    purpose="decision",
)


async def test_a_streamed_speech_is_the_same_answer_and_grows_on_the_way() -> None:
    backend = LocalBackend(n_threads=1)
    try:
        plain = await backend.complete(REQUEST)
        got: list[str] = []
        with previewing(got.append):
            streamed = await backend.complete(REQUEST)
            picked = await backend.complete(
                CompletionRequest("s", "Pick:", mode="pick", labels=("Ann", "Bob"), max_tokens=4, purpose="decision")
            )
    finally:
        await backend.aclose()
    assert streamed.text == plain.text and streamed.text.strip()
    assert streamed.completion_tokens == plain.completion_tokens and streamed.prompt_tokens == plain.prompt_tokens
    texts = [text for text in got if text]
    assert got[0] == "" and len(texts) >= 3 and texts[-1] == shown(plain.text)
    assert all(texts[-1].startswith(text) for text in texts)
    assert picked.text in ("Ann", "Bob") and len(got) == len(texts) + 1  # a pick is never previewed
