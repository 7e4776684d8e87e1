"""Transcripts: read and write only through :class:`TranscriptWriter` and :func:`read_transcript`."""

from .io import Transcript, TranscriptError, TranscriptWriter, read_transcript
from .schema import SCHEMA_VERSION, Header, SeatInfo, header_for, json_schema, seat_info

__all__ = [
    "SCHEMA_VERSION",
    "Header",
    "SeatInfo",
    "Transcript",
    "TranscriptError",
    "TranscriptWriter",
    "header_for",
    "json_schema",
    "read_transcript",
    "seat_info",
]
