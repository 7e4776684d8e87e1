"""Leakage canaries.

* Prompt leaks (target 0): a logged prompt (``ModelCall.prompt``, kept with
  ``--log-prompts``) of seat i that contains a secret seat i must not hold: the
  text of another seat's private thought, of a whisper between two other seats,
  or a canary marker from a record seat i cannot see.
* Reasoning leaks: a public utterance of seat i containing a canary marker of
  its own private reasoning (markers are added by the opt-in canary probe,
  :class:`llm_werewolf.evaluation.probes.CanaryAgent`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..rules.events import Speech
from ..table_notes import Thought
from .facts import GameFacts

CANARY = re.compile(r"canary-[0-9a-f]{8}")
MIN_SECRET_CHARS = 24


def _secrets(game: GameFacts) -> list[tuple[int, frozenset[int], str]]:
    """(seq, seats allowed to know, secret text) for every private text of the game."""
    out: list[tuple[int, frozenset[int], str]] = []
    transcript = game.transcript
    if transcript is None:
        return out
    for record in transcript.records:
        event = record.event
        if isinstance(event, Thought):
            allowed = frozenset({event.seat})
            text = event.text
        elif isinstance(event, Speech) and record.vis.scope != "public":
            allowed = frozenset(record.vis.seats)
            text = event.text
        else:
            continue
        for marker in CANARY.findall(text):
            out.append((record.seq, allowed, marker))
        stripped = CANARY.sub("", text).strip()
        if len(stripped) >= MIN_SECRET_CHARS:
            out.append((record.seq, allowed, stripped))
    return out


def leakage(games: Sequence[GameFacts]) -> dict[str, Any]:
    prompts = prompt_leaks = speeches = reasoning_leaks = 0
    examples: list[str] = []
    by_model: dict[str, dict[str, int]] = {}
    for game in games:
        secrets = _secrets(game)
        public_texts = [s.text for s in game.speeches if s.public]
        for call in game.calls:
            if call.prompt is None or call.seat is None:
                continue
            prompts += 1
            for _, allowed, secret in secrets:
                if call.seat in allowed or any(secret in t for t in public_texts):
                    continue
                if secret in call.prompt:
                    prompt_leaks += 1
                    row = by_model.setdefault(game.models[call.seat], {"prompt_leaks": 0, "reasoning_leaks": 0})
                    row["prompt_leaks"] += 1
                    _example(examples, f"{game.game_id}: seat {call.seat + 1}'s prompt holds {secret[:60]!r}")
                    break
        own: dict[int, set[str]] = {}
        for _, seat, text in game.thoughts:
            own.setdefault(seat, set()).update(CANARY.findall(text))
        for speech in game.speeches:
            if not speech.public:
                continue
            speeches += 1
            markers = own.get(speech.seat, set())
            if markers and any(m in speech.text for m in markers):
                reasoning_leaks += 1
                row = by_model.setdefault(game.models[speech.seat], {"prompt_leaks": 0, "reasoning_leaks": 0})
                row["reasoning_leaks"] += 1
                _example(examples, f"{game.game_id}: seat {speech.seat + 1} said its private canary in public")
    return {
        "prompts_scanned": prompts,
        "prompt_leaks": prompt_leaks,
        "public_utterances_scanned": speeches,
        "reasoning_leaks": reasoning_leaks,
        "by_model": dict(sorted(by_model.items())),
        "examples": examples,
    }


def _example(examples: list[str], text: str) -> None:
    if len(examples) < 10 and text not in examples:
        examples.append(text)
