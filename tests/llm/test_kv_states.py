"""Saved KV states on the real embedded model: two seats taking turns each resume from their own
state, and the answers are the same as without saved states (greedy decoding)."""

from __future__ import annotations

import asyncio

import pytest

from llm_werewolf.llm.base import CompletionRequest
from llm_werewolf.llm.local import LocalBackend

pytestmark = pytest.mark.model

RULES = "Rules of the game. " + " ".join(f"Rule {i}: players speak in turn and vote at dusk." for i in range(25))


def _turns() -> list[CompletionRequest]:
    """Two seats, three turns each, every turn the seat's previous prompt plus a new line."""
    requests = []
    for turn in range(3):
        for seat in ("Ann", "Bob"):
            history = " ".join(f"Day {d}: {seat} heard the others and thought hard about it." for d in range(turn + 1))
            card = " ".join(f"{seat} keeps secret number {k} and speaks softly." for k in range(12))
            user = f"You are {seat}. {card} {history}\nWho do you suspect?"
            requests.append(
                CompletionRequest(system=RULES, user=user, mode="text", max_tokens=6, temperature=0.0, seed=1)
            )
    return requests


async def _run(backend: LocalBackend) -> list[str]:
    try:
        return [(await backend.complete(request)).text for request in _turns()]
    finally:
        await backend.aclose()


def test_each_seat_resumes_from_its_own_state_with_the_same_answers() -> None:
    plain = asyncio.run(_run(LocalBackend(seed=1, n_threads=2)))
    saved = LocalBackend(seed=1, n_threads=2, kv_cache_bytes=256 << 20)
    states = saved.states
    assert states is not None
    cached = asyncio.run(_run(saved))
    assert cached == plain
    # Ann's turns 2 and 3 resume from her own turn before it (Bob spoke in between); so do Bob's.
    assert states.hits >= 4, (states.hits, states.reused_tokens)
    assert states.reused_tokens > 4 * 200
    assert len(states) > 0 and states.size <= 256 << 20
