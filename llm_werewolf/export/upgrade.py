"""Reading exported rows of any layout version as the current one (seats numbered from 1).

Exports before version 3 numbered seats from 0; version 1 also wrote rule switches and
prompt-pack hashes as objects and had no ``acts`` or ``claim_true``. :func:`upgrade_row`
turns such a row into the current layout, and :func:`read_rows` reads a JSONL or Parquet
table of any version::

    from llm_werewolf.export.upgrade import read_rows

    for row in read_rows("dataset/utterances.jsonl"):
        print(row["speaker_seat"], row["text"])   # 1 for the first seat, whatever the file's version
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from .rows import EXPORT_VERSION

FIRST_SEAT_FROM_ONE = 3
"""The first layout version that numbers seats from 1."""

_VOTE_SEATS = ("voter_seat", "target_seat")
_ACT_SEATS = ("target", "other")


def _shift(row: dict[str, Any], keys: tuple[str, ...]) -> None:
    for key in keys:
        if isinstance(row.get(key), int):
            row[key] += 1


def _json_text(value: Any) -> Any:
    return json.dumps(value, sort_keys=True, ensure_ascii=False) if isinstance(value, dict) else value


def upgrade_row(row: dict[str, Any]) -> dict[str, Any]:
    """``row`` (an utterance or a game row of any version) in the current layout; a new dict."""
    row = copy.deepcopy(row)
    version = int(row.get("export_version") or 1)
    if version < FIRST_SEAT_FROM_ONE:
        if row.get("row_type") == "game":
            row["winners"] = [seat + 1 for seat in row.get("winners") or []]
            for death in row.get("deaths") or []:
                _shift(death, ("seat",))
        else:
            _shift(row, ("speaker_seat", "to_seat"))
            for vote in [*(row.get("speaker_votes") or []), *(row.get("later_votes") or [])]:
                _shift(vote, _VOTE_SEATS)
            for act in row.get("acts") or []:
                _shift(act, _ACT_SEATS)
    if version < 2:
        for key in ("options", "prompt_packs"):
            if key in row:
                row[key] = _json_text(row[key])
        if row.get("row_type") != "game":
            row.setdefault("acts", [])
            row.setdefault("claim_true", None)
    row["export_version"] = EXPORT_VERSION
    return row


def read_rows(path: str | Path) -> list[dict[str, Any]]:
    """Every row of an exported table (``.jsonl`` or ``.parquet``, any version) in the current layout."""
    target = Path(path)
    if target.suffix == ".parquet":
        from .arrow import require_pyarrow

        require_pyarrow()
        import pyarrow.parquet as pq

        raw: list[dict[str, Any]] = pq.read_table(target).to_pylist()
    else:
        with target.open(encoding="utf-8") as handle:
            raw = [json.loads(line) for line in handle if line.strip()]
    return [upgrade_row(row) for row in raw]
