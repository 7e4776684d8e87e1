"""Running a game with agents: the async table loop, table events, seating."""

from ..table_notes import Fallback, ModelCall, Narration, Rejected, Thought
from .runner import Narrator, Observer, Sink, Table, TableSettings

__all__ = [
    "Fallback",
    "ModelCall",
    "Narration",
    "Narrator",
    "Observer",
    "Rejected",
    "Sink",
    "Table",
    "TableSettings",
    "Thought",
]
