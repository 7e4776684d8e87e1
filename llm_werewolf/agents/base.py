"""The agent protocol: who decides (language models, humans, scripts).

Agents never touch the game state. Each decision arrives as a
:class:`DecisionRequest` holding the decision (with its legal options) and the
seat's :class:`SeatView`; the agent answers with a :class:`Reply`. The table
validates the answer against the options and applies it through the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from ..rules import Choice, Decision, SeatView


@dataclass(frozen=True, slots=True)
class DecisionRequest:
    """One decision put to one agent, with everything that seat may know."""

    decision: Decision
    view: SeatView
    attempt: int = 0
    error: str | None = None  # why the previous answer was refused, on a re-ask


@dataclass(frozen=True, slots=True)
class Reply:
    """An agent's answer. ``thought`` is private and never reaches another seat."""

    choice: Choice
    thought: str = ""
    meta: dict[str, object] = field(default_factory=dict)


@runtime_checkable
class Agent(Protocol):
    """Anything that can answer decisions."""

    kind: str

    async def decide(self, request: DecisionRequest) -> Reply: ...


def describe(agent: Agent) -> str:
    """A short label for transcripts and tables (``random``, ``heuristic``, ``llm:model``)."""
    label = getattr(agent, "label", None)
    return label if isinstance(label, str) else agent.kind
