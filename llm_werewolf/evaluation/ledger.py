"""The tournament ledger: one JSON line per finished or failed game, the last line per key wins.

Lives next to the transcripts as ``ledger.jsonl``. A game is *scored* when its
transcript is complete and its last ledger entry (if any) says ``done``;
``failed`` and ``unscored`` games are listed in reports but never counted.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Literal

LEDGER_NAME = "ledger.jsonl"
Status = Literal["done", "failed", "unscored"]


@dataclass(frozen=True, slots=True)
class Entry:
    key: str
    status: Status
    path: str = ""
    game_id: str = ""
    wall_s: float = 0.0
    reason: str = ""
    attempt: int = 1

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False, sort_keys=True)


def read_ledger(folder: Path) -> dict[str, Entry]:
    path = folder / LEDGER_NAME
    entries: dict[str, Entry] = {}
    if not path.is_file():
        return entries
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        try:
            raw: dict[str, Any] = json.loads(line)
            entry = Entry(**raw)
        except (json.JSONDecodeError, TypeError):
            continue  # a line cut by a crash: the game will simply run again
        entries[entry.key] = entry
    return entries


def append_entry(folder: Path, entry: Entry) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / LEDGER_NAME).open("a", encoding="utf-8") as handle:
        handle.write(entry.to_json() + "\n")
        handle.flush()
