"""Model health of a tournament's games: one line per finished game (its model seats' calls, fallbacks
with their main reason, median latency), read back from the game's transcript as it lands."""

from __future__ import annotations

from pathlib import Path

from ...table.model_health import ModelHealth
from ...table.seating import MODEL_KINDS, AgentSpec
from ...transcript import read_transcript


def game_health(path: Path) -> list[str]:
    """``seat 1 openai:m: 12 calls · 3/9 fell back (mostly deadline ×3) · median 2.1 s`` per model seat."""
    transcript = read_transcript(path)
    labels = {}
    for seat, info in enumerate(transcript.header.seats):
        spec = AgentSpec.parse(info.agent) if info.agent else None
        if spec is not None and spec.kind in MODEL_KINDS:
            labels[seat] = f"seat {seat + 1} {spec.label}"
    health = ModelHealth(labels)
    health.write(transcript.records)
    return [h.line() for h in health.seats.values() if h.calls or h.asked]
