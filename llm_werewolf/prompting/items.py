"""Records as template items: plain dicts whose player text is already cleaned.

Only records a seat may see ever get here (they come from its ``SeatView``).
Records that add nothing to a prompt (decision bookkeeping, model calls,
narration flavour) are left out; everything else keeps every field, so a
template under ``StrictUndefined`` can rely on them.
"""

from __future__ import annotations

from typing import Any

from ..rules.events import AnnouncedDeath, Record, field_names
from ..strings.sanitize import clean_line

SKIPPED_KINDS = frozenset({"asked", "game_started", "model_call", "rejected", "fallback", "narration"})
THOUGHT_CHARS = 200


def _fields(event: Any) -> dict[str, Any]:
    return {name: getattr(event, name) for name in field_names(event)}


def _death(death: AnnouncedDeath) -> dict[str, Any]:
    return {"seat": death.seat, "cause": death.cause, "role": death.role}


def to_item(record: Record, *, quote_chars: int) -> dict[str, Any] | None:
    """The template item for ``record``, or ``None`` when prompts leave it out."""
    event = record.event
    kind: str = getattr(event, "kind", "")
    if kind in SKIPPED_KINDS:
        return None
    if kind == "choice" and (event.text or event.claim is not None):  # type: ignore[attr-defined]
        return None  # a speech: the Speech record tells it
    item = _fields(event)
    item["at"] = record.phase
    if kind == "choice":  # the options offered are bookkeeping (and absent from schema-1 logs)
        del item["options"], item["group"]
    if kind == "speech":
        item["text"] = clean_line(item["text"], quote_chars)
    elif kind == "thought":
        item["text"] = clean_line(item["text"], THOUGHT_CHARS)
    elif kind == "deaths_announced":
        item["deaths"] = [_death(d) for d in item["deaths"]]
    elif kind == "announcement" and item["value"] is not None:
        item["value"] = clean_line(str(item["value"]), 200)
    elif kind == "tally":
        item["counts"] = [{"option": option, "count": count} for option, count in item["counts"]]
    return item
