"""A shared screen's night steps last a fixed minimum, whoever holds the role.

On a screen everyone sees (the terminal of ``play --human``, the browser table screen), the
time between a role's "open your eyes" and "close your eyes" would tell whether a person
holds it (they take seconds; a program or an empty role take none). :class:`NightPacer`
wraps the screen's sink: the records from a "sleep" cue on are held until the step has
lasted ``seconds``, and its :meth:`pace` hook (awaited by the table after every batch)
waits for them, so the game waits too.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol

from ..rules import Record


class Sink(Protocol):
    def write(self, records: Sequence[Record]) -> None: ...


def night_cue(record: Record) -> str | None:
    """``wake`` or ``sleep`` for a public cue that opens or closes a role's night step."""
    event = record.event
    if getattr(event, "kind", "") != "cue" or record.vis.scope != "public":
        return None
    key = str(getattr(event, "key", ""))
    if key == "wake" or key.endswith("_wake"):
        return "wake"
    if key == "sleep" or key.endswith("_sleep"):
        return "sleep"
    return None


class NightPacer:
    """Wraps a shared screen's sink; every night step lasts at least ``seconds`` on it."""

    def __init__(
        self,
        inner: Sink,
        seconds: float,
        then: Callable[[Sequence[Record]], Awaitable[None]] | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.inner = inner
        self.seconds = seconds
        self.then = then
        self.clock = clock or (lambda: asyncio.get_running_loop().time())
        self.awake_since: float | None = None
        self.held: list[Record] = []

    def write(self, records: Sequence[Record]) -> None:
        if self.held:
            self.held.extend(records)
            return
        now = self.clock()
        for index, record in enumerate(records):
            step = night_cue(record)
            if step == "wake":
                self.awake_since = now
            elif step == "sleep" and self.awake_since is not None:
                if now < self.awake_since + self.seconds:
                    if index:
                        self.inner.write(records[:index])
                    self.held = list(records[index:])
                    return
                self.awake_since = None
        self.inner.write(records)

    def wait(self) -> float:
        if self.awake_since is None:
            return 0.0
        return max(0.0, self.awake_since + self.seconds - self.clock())

    async def pace(self, records: Sequence[Record]) -> None:
        """The table's pace hook: release what is held once the step has lasted long enough."""
        while self.held:
            await asyncio.sleep(self.wait())
            held, self.held = self.held, []
            self.write(held)
        if self.then is not None:
            await self.then(records)

    def close(self) -> None:
        """Write anything still held (the game ended or stopped)."""
        held, self.held = self.held, []
        if held:
            self.inner.write(held)
