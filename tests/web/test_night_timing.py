"""The shared screen shows every night step for at least the table's minimum, whoever holds the role."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

from llm_werewolf.rules import Record, ViewBuilder, make_record
from llm_werewolf.web.setup import TableSetup
from llm_werewolf.web.tables import Lobby, night_cue

from .support import HOST


async def _play(night_step: float, seed: int) -> list[tuple[float, str, str]]:
    """Play a One Night table (seat 1 a person answering at once); when the screen got each wake/sleep."""
    lobby = Lobby(host_token=HOST, narrator_factory=None)
    setup = TableSetup.model_validate(
        {
            "variant": "one_night",
            "language": "en",
            "seed": seed,
            "seats": [{"player": "human"}, *[{"player": "heuristic"}] * 4],
            "night_step": night_step,
        }
    )
    table = lobby.create(setup)
    loop = asyncio.get_running_loop()
    shown: list[tuple[float, str, str]] = []
    forward = table._forward

    def watched(records: Sequence[Record], builder: ViewBuilder, push: Callable[[dict[str, Any]], None]) -> None:
        if builder is table.public_builder:
            for record in records:
                step = night_cue(record)
                if step is not None:
                    shown.append((loop.time(), step, str(getattr(record.event, "role", ""))))
        forward(records, builder, push)

    table._forward = watched  # type: ignore[method-assign]
    table.start()
    while table.status in ("waiting", "running"):
        pending = table.hubs[0].pending
        if pending is not None and not pending.future.done():
            decision = pending.request.decision
            table.answer(0, {"decision_id": decision.id, "option": decision.options[0].id, "text": "hello"})
        await asyncio.sleep(0.01)
    assert table.status == "over", table.error
    return shown


def _gaps(shown: list[tuple[float, str, str]]) -> list[float]:
    gaps = []
    opened: float | None = None
    for when, step, _role in shown:
        if step == "wake":
            opened = when
        elif opened is not None:
            gaps.append(when - opened)
            opened = None
    return gaps


def test_every_night_step_lasts_the_minimum_on_the_shared_screen() -> None:
    gaps = _gaps(asyncio.run(_play(0.25, seed=8)))
    assert len(gaps) >= 3
    assert min(gaps) >= 0.24
    assert max(gaps) - min(gaps) < 0.2  # a person answering at once looks like anybody else


def test_without_a_minimum_the_steps_differ_which_is_the_tell() -> None:
    gaps = _gaps(asyncio.run(_play(0.0, seed=8)))
    assert len(gaps) >= 3 and min(gaps) < 0.02  # an AI's or an empty role's step takes no time


def test_a_table_with_people_gets_a_minimum_by_default() -> None:
    people = TableSetup.model_validate({"variant": "one_night", "seats": [{"player": "human"}] * 3})
    machines = TableSetup.model_validate({"variant": "one_night", "seats": [{"player": "heuristic"}] * 3})
    assert people.night_seconds() >= 5.0 and machines.night_seconds() == 0.0


def test_the_pacer_holds_a_sleep_cue_until_the_step_has_lasted() -> None:
    from llm_werewolf.rules.events import PUBLIC, Cue, Speech
    from llm_werewolf.table.night_pacing import NightPacer

    now = [0.0]
    shown: list[str] = []

    class Screen:
        def write(self, records: Sequence[Record]) -> None:
            shown.extend(str(getattr(r.event, "key", "speech")) for r in records)

    def record(seq: int, event: Any) -> Record:
        return make_record(seq=seq, phase="night", vis=PUBLIC, event=event)

    pacer = NightPacer(Screen(), 5.0, clock=lambda: now[0])
    pacer.write([record(0, Cue(key="wake", role="seer"))])
    now[0] = 1.0
    pacer.write([record(1, Cue(key="sleep", role="seer")), record(2, Cue(key="wake", role="witch"))])
    pacer.write([record(3, Speech(seat=0, text="hi"))])
    assert shown == ["wake"] and pacer.wait() == 4.0  # held, in order, until 5 s after the wake
    now[0] = 5.0
    asyncio.run(pacer.pace([]))
    assert shown == ["wake", "sleep", "wake", "speech"]
