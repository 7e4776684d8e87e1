"""The conformance checker catches a ruleset that hands ``emit`` the same event object twice."""

from __future__ import annotations

import pytest

from llm_werewolf.rules.events import PUBLIC, Announcement, EventBody, Record
from llm_werewolf.testing.conformance import fresh_records, play_checked


def _emit(log: list[Record], event: EventBody) -> None:
    """What ``Ctx.emit`` does: stamp the event it is handed and append it, unchecked."""
    event.seq = len(log)
    event.phase = "day 1"
    event.vis = PUBLIC
    log.append(event)


def test_a_log_of_fresh_events_passes() -> None:
    log: list[Record] = []
    for key in ("a", "b", "c"):
        _emit(log, Announcement(key=key))
    fresh_records(log)


def test_an_event_emitted_twice_is_caught() -> None:
    log: list[Record] = []
    again = Announcement(key="again")
    _emit(log, again)
    _emit(log, Announcement(key="other"))
    _emit(log, again)  # the second emit re-stamps the first record
    assert again.seq == 2
    with pytest.raises(AssertionError, match="emitted twice"):
        fresh_records(log)


def test_a_restamped_event_is_caught_even_when_listed_once() -> None:
    log: list[Record] = []
    moved = Announcement(key="moved")
    _emit(log, moved)
    _emit(log, Announcement(key="b"))
    record: EventBody = moved
    record.seq = 5  # what an emit into another log would do to this record
    with pytest.raises(AssertionError, match="seq 5"):
        fresh_records(log)


@pytest.mark.parametrize("variant", ["chinese_werewolf", "one_night"])
def test_whole_random_games_pass_the_check(variant: str) -> None:
    game = play_checked(variant, 9, 3)
    fresh_records(game.records)
