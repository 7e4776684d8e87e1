"""Dataset export: transcripts -> ``utterances.jsonl`` and ``games.jsonl`` (see :mod:`.rows`)."""

from .dataset import ExportResult, export_transcripts
from .rows import EXPORT_VERSION, GameRow, UtteranceRow, VoteRow, rows_for

__all__ = ["EXPORT_VERSION", "ExportResult", "GameRow", "UtteranceRow", "VoteRow", "export_transcripts", "rows_for"]
