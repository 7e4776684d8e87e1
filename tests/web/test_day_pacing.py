"""By day every speech turn starts the same pace after the last, whether or not its seat was asked privately first.

With the tencent preset each living wolf is asked a private "self-destruct?" before its day speech;
the table must not pause after that private answer, or the public screen shows the wolves.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

from llm_werewolf.rules import Record, ViewBuilder
from llm_werewolf.rules.events import Speech
from llm_werewolf.web.setup import TableSetup
from llm_werewolf.web.tables import Lobby

from .support import HOST

PACE = 0.3


async def _speech_starts(seed: int) -> tuple[list[tuple[float, int, str]], list[str]]:
    """(public-feed time, seat, phase) of every day discussion speech of a paced tencent table, and the deal."""
    lobby = Lobby(host_token=HOST, narrator_factory=None)
    setup = TableSetup.model_validate(
        {
            "variant": "chinese_werewolf",
            "language": "en",
            "preset": "tencent",
            "seed": seed,
            "seats": [{"player": "heuristic"}] * 9,
            "pace": PACE,
        }
    )
    table = lobby.create(setup)
    loop = asyncio.get_running_loop()
    shown: list[tuple[float, int, str]] = []
    forward = table._forward

    def watched(records: Sequence[Record], builder: ViewBuilder, push: Callable[[dict[str, Any]], None]) -> None:
        if builder is table.public_builder:
            for record in records:
                event = record.event
                if isinstance(event, Speech) and event.stage == "discussion" and record.phase.startswith("day"):
                    shown.append((loop.time(), event.seat, record.phase))
        forward(records, builder, push)

    table._forward = watched  # type: ignore[method-assign]
    table.start()
    while table.status in ("waiting", "running") and len(shown) < 12:
        await asyncio.sleep(0.01)
    roles = [seat.role for seat in table.game.state.seats]
    await table.stop()
    return shown, roles


def test_wolves_speech_turns_start_after_the_same_pause_as_everyone_elses() -> None:
    shown, roles = asyncio.run(_speech_starts(seed=4))
    gaps: dict[bool, list[float]] = {True: [], False: []}
    for (before, _, day), (when, seat, phase) in pairwise(shown):
        if phase == day:  # the first speech of a day follows the night, not a speech
            gaps[roles[seat] == "werewolf"].append(when - before)
    assert gaps[True] and gaps[False], (shown, roles)
    wolf, other = sum(gaps[True]) / len(gaps[True]), sum(gaps[False]) / len(gaps[False])
    assert abs(wolf - other) < PACE / 2, f"wolves {wolf:.2f} s after the last speech, others {other:.2f} s"
