"""Records in the order people read them: the moderator's line next to what it voices.

The table logs a batch's narration after the batch (each line names its source record in
``about``), so in log order the witch's "close your eyes" would follow the Day 1 header
and the winner would be announced before the last execution is narrated. Screens
show the records in *reading order* instead: each narration line right after the
record it voices. The log (and the transcript) keeps its own order.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules import Record
from ..rules.events import Cue
from ..table_notes import Narration


def reading_order(records: Sequence[Record], *, drop_voiced_cues: bool = False) -> list[Record]:
    """``records`` with every narration moved right after its source record (when that is among them).

    With ``drop_voiced_cues`` a moderator cue that a narration voices is left out: the
    narration says it in words (the bare cue would show a key such as ``discussion``).
    """
    present = {record.seq for record in records}
    voiced: dict[int, list[Record]] = {}
    for record in records:
        event = record.event
        if isinstance(event, Narration) and event.about is not None and event.about in present:
            voiced.setdefault(event.about, []).append(record)
    if not voiced:
        return list(records)
    ordered: list[Record] = []
    for record in records:
        event = record.event
        if isinstance(event, Narration) and event.about in voiced:
            continue  # placed with its source record
        lines = voiced.get(record.seq, [])
        if not (drop_voiced_cues and lines and isinstance(event, Cue)):
            ordered.append(record)
        ordered.extend(lines)
    return ordered
