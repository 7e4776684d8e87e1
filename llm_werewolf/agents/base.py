"""The agent protocol: who decides (language models, humans, scripts).

Agents never touch the game state. Each decision arrives as a
:class:`DecisionRequest` holding the decision (with its legal options) and the
seat's :class:`SeatView`; the agent answers with a :class:`Reply`. The table
validates the answer against the options and applies it through the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol, runtime_checkable

from ..rules import Choice, Decision, SeatView
from ..rules.events import EventBody

if TYPE_CHECKING:
    from ..table_notes import ModelCall

Fault = Literal["parse", "answer", "transport", "deadline"]
"""Why an agent has no choice: the answer could not be read (``parse``), was read but is not an
answer (``answer``: a placeholder, a control token, an echo...), the endpoint failed for good
(``transport``), or the decision's deadline passed (``deadline``). The table asks again after
``parse`` and ``answer``; after ``transport`` and ``deadline`` it lets the fallback answer at once."""
FINAL_FAULTS: frozenset[str] = frozenset({"transport", "deadline"})


@dataclass(frozen=True, slots=True)
class DecisionRequest:
    """One decision put to one agent, with everything that seat may know."""

    decision: Decision
    view: SeatView
    attempt: int = 0
    error: str | None = None  # why the previous answer was refused, on a re-ask


@dataclass(frozen=True, slots=True)
class Reply:
    """An agent's answer: the choice, or why there is none.

    ``thought`` is private and never reaches another seat. ``calls`` are the model calls the
    answer took (logged god-only, also when there is no choice).
    """

    choice: Choice | None
    thought: str = ""
    error: str | None = None
    """Why ``choice`` is missing (or, with a choice, a problem the agent noticed on the way)."""
    fault: Fault | None = None
    """The kind of problem when ``choice`` is ``None``."""
    answer: str = ""
    """What the model said, cut short, for the ``Rejected`` record when there is no choice."""
    calls: tuple[ModelCall, ...] = ()
    notes: tuple[EventBody, ...] = ()
    """Other god-only table records the answer leaves (a model speech's ``SpeechCheck``)."""

    @staticmethod
    def failed(fault: Fault, error: str, *, answer: str = "", calls: tuple[ModelCall, ...] = ()) -> Reply:
        return Reply(None, error=error, fault=fault, answer=answer, calls=calls)


@runtime_checkable
class Agent(Protocol):
    """Anything that can answer decisions."""

    kind: str

    async def decide(self, request: DecisionRequest) -> Reply: ...


def describe(agent: Agent) -> str:
    """A short label for transcripts and tables (``random``, ``heuristic``, ``llm:model``)."""
    label = getattr(agent, "label", None)
    return label if isinstance(label, str) else agent.kind
