"""Importers: other people's game records as our transcripts, re-derived by our engine.

``llm-werewolf import tencent|werewolf-arena SRC -o DIR`` reads a file or a
folder, writes one transcript per game into ``DIR`` and reports every record
it could not import as one line naming the file and the record; the rest of
the folder is still imported. The results pass ``llm-werewolf replay`` and
are scored by ``llm-werewolf eval`` like any game played here.

* :mod:`.tencent` — the Tencent 9-player 狼人殺 records (people) → chinese_werewolf;
* :mod:`.werewolf_arena` — Werewolf Arena session logs (models) → chinese_werewolf with its switches.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..controls import strip_controls
from .driver import RecordError

FORMATS = ("tencent", "werewolf-arena")


@dataclass
class ImportReport:
    written: list[Path] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    """One line per record (or file) not imported: ``FILE: record ID: why``, free of control characters."""

    def refuse(self, where: str, exc: BaseException) -> None:
        """Report one record or file that failed, on one line with no terminal controls."""
        why = str(exc) if isinstance(exc, RecordError) else f"{type(exc).__name__}: {_short(exc)}"
        self.errors.append(" ".join(strip_controls(f"{where}: {why}").split()))


def _short(exc: BaseException, limit: int = 300) -> str:
    try:
        text = str(exc)
    except Exception:  # a message that cannot be built is still one line
        text = "?"
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True)
class Format:
    glob: str
    records_in: Callable[[Path], list[tuple[str, Any]]]
    import_record: Callable[[Any, str, Path], Path]


def get_format(name: str) -> Format:
    if name == "tencent":
        from . import tencent

        return Format(tencent.SOURCE_GLOB, tencent.records_in, tencent.import_record)
    if name == "werewolf-arena":
        from . import werewolf_arena

        return Format(werewolf_arena.SOURCE_GLOB, werewolf_arena.records_in, werewolf_arena.import_record)
    raise ValueError(f"unknown format {name!r} (use {' or '.join(FORMATS)})")


def source_files(source: Path, glob: str) -> list[Path]:
    if source.is_dir():
        return sorted(p for p in source.rglob(glob) if p.is_file())
    return [source]


def import_source(name: str, source: Path, out: Path) -> ImportReport:
    """Import every record under ``source`` into ``out``; nothing that fails stops the others."""
    fmt = get_format(name)
    report = ImportReport()
    out.mkdir(parents=True, exist_ok=True)
    for path in source_files(source, fmt.glob):
        try:
            records = fmt.records_in(path)
        except Exception as exc:  # recursion, huge numbers, bad encodings: one line, the folder goes on
            report.refuse(str(path), exc)
            continue
        for record_id, raw in records:
            try:
                report.written.append(fmt.import_record(raw, record_id, out))
            except Exception as exc:  # one bad record must not stop the folder
                report.refuse(f"{path}: record {record_id}", exc)
    return report


__all__ = ["FORMATS", "ImportReport", "RecordError", "import_source"]
