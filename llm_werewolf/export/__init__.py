"""Dataset export: transcripts -> an utterance table and a game table (JSONL or Parquet) with a dataset card."""

from .dataset import ExportResult, export_transcripts
from .rows import EXPORT_VERSION, ActRow, GameRow, UtteranceRow, VoteRow, rows_for

__all__ = [
    "EXPORT_VERSION",
    "ActRow",
    "ExportResult",
    "GameRow",
    "UtteranceRow",
    "VoteRow",
    "export_transcripts",
    "rows_for",
]
