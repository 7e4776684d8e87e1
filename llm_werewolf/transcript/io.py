"""Reading and writing transcripts: the only two entry points are
:class:`TranscriptWriter` and :func:`read_transcript`.

A transcript is JSON Lines: a :class:`~.schema.Header` on line 1, then one
record per line, written and flushed as the game goes (docs/transcript-schema.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import IO

from pydantic import ValidationError

from ..rules.events import Record
from .schema import SCHEMA_VERSION, Header, dump_header, dump_record, load_record


class TranscriptError(ValueError):
    """A transcript file cannot be read (the message names the file and line)."""


class TranscriptWriter:
    """Appends records to a JSONL transcript, one line each, flushed as they come.

    ``append=True`` continues an existing file (its header is kept); with
    ``truncate_at`` the file is first cut to that many bytes, which is how a
    resumed game drops an interrupted tail (see :attr:`Transcript.offsets`).
    """

    def __init__(
        self, path: str | Path, header: Header, *, append: bool = False, truncate_at: int | None = None
    ) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if append:
            self._handle: IO[bytes] = self.path.open("r+b")
            if truncate_at is not None:
                self._handle.truncate(truncate_at)
            end = self._handle.seek(0, 2)
            if end:
                self._handle.seek(end - 1)
                if self._handle.read(1) != b"\n":
                    self._handle.write(b"\n")
        else:
            if truncate_at is not None:
                raise ValueError("truncate_at needs append=True")
            self._handle = self.path.open("wb")
            self._handle.write(dump_header(header) + b"\n")
            self._handle.flush()
        self.header = header

    def write(self, records: Iterable[Record]) -> None:
        handle = self._handle
        for record in records:
            handle.write(dump_record(record) + b"\n")
        handle.flush()

    def close(self) -> None:
        if not self._handle.closed:
            self._handle.close()

    def __enter__(self) -> TranscriptWriter:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


@dataclass
class Transcript:
    """A transcript as read: its header, its complete records, and what was wrong at the end.

    ``offsets[k]`` is the byte offset just past record ``k``'s line (so the file
    cut to ``offsets[k]`` holds the header and records ``0..k``); ``valid_bytes``
    is the offset past the last complete line.
    """

    header: Header
    records: list[Record]
    truncated: bool = False
    warnings: list[str] = field(default_factory=list)
    valid_bytes: int = 0
    header_bytes: int = 0
    offsets: list[int] = field(default_factory=list)


def read_transcript(path: str | Path) -> Transcript:
    """Read a transcript. A corrupt line raises :class:`TranscriptError` naming it;
    a truncated last line (a crash mid-write) is reported in ``warnings`` and ignored."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise TranscriptError(f"{path}: cannot read ({exc.strerror})") from None
    lines = data.split(b"\n")
    complete_last = data.endswith(b"\n")
    if complete_last:
        lines = lines[:-1]
    if not lines or not lines[0].strip():
        raise TranscriptError(f"{path}:1: empty file, expected a header line")
    if len(lines) == 1 and not complete_last:
        raise TranscriptError(f"{path}:1: the header line is incomplete (the game was interrupted at once)")
    try:
        header = Header.model_validate_json(lines[0])
    except ValidationError as exc:
        raise TranscriptError(f"{path}:1: bad header: {_first_error(exc)}") from None
    from .checks import header_problem

    problem = header_problem(header)
    if problem is not None:
        raise TranscriptError(f"{path}:1: bad header: {problem}")
    if header.schema_version > SCHEMA_VERSION:
        raise TranscriptError(
            f"{path}:1: schema version {header.schema_version} is newer than this program's ({SCHEMA_VERSION})"
        )
    offset = len(lines[0]) + 1
    transcript = Transcript(header=header, records=[], valid_bytes=offset, header_bytes=offset)
    last = len(lines) - 1
    for number, raw in enumerate(lines[1:], start=2):
        index = number - 1
        if not raw.strip():
            if index == last and not complete_last:
                break
            raise TranscriptError(f"{path}:{number}: empty line")
        try:
            record = load_record(raw)
        except ValidationError as exc:
            if index == last and not complete_last:
                transcript.truncated = True
                transcript.warnings.append(f"{path}:{number}: truncated last line ignored (the game was interrupted)")
                break
            raise TranscriptError(f"{path}:{number}: {_first_error(exc)}") from None
        if index == last and not complete_last:
            # A complete JSON value without its newline: the crash came just before the "\n".
            transcript.truncated = True
            transcript.warnings.append(f"{path}:{number}: last line has no newline (the game was interrupted)")
        expected = transcript.records[-1].seq + 1 if transcript.records else 0
        if record.seq != expected:
            raise TranscriptError(f"{path}:{number}: sequence number {record.seq}, expected {expected}")
        transcript.records.append(record)
        offset += len(raw) + 1
        transcript.offsets.append(min(offset, len(data)))
    transcript.valid_bytes = transcript.offsets[-1] if transcript.offsets else transcript.header_bytes
    return transcript


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"])
    return f"{where}: {err['msg']}" if where else str(err["msg"])
