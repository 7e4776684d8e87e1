"""Speech previews on a web table (model seats on a streaming loopback endpoint), and per-seat elapsed times."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from llm_werewolf.llm.streaming import shown
from llm_werewolf.rules import Decision, Option
from llm_werewolf.rules.events import Speech
from llm_werewolf.session import Session, SessionSettings
from llm_werewolf.table.runner import previewable
from llm_werewolf.web.setup import SeatSetup, TableSetup
from llm_werewolf.web.tables import PREVIEW_INTERVAL, WebTable

from .stream_server import SPEECH, StreamState, streaming_server

PLACEHOLDER = "<your speech here>"


def _table(url: str, *, players: int = 3, **options: Any) -> WebTable:
    settings = SessionSettings(backend="openai", model="test-model", base_url=url, profile="openai", retries=1)
    setup = TableSetup(
        variant="one_night",
        language="en",
        seats=[SeatSetup(player="openai:test-model") for _ in range(players)],
        seed=3,
        options={"whispers": False, **options},
        night_step=0,
        narrator="off",
    )
    return WebTable(setup, session=Session(settings))


async def _play(web: WebTable, stop_after_speeches: int) -> list[dict[str, Any]]:
    """Run the table until ``stop_after_speeches`` speeches are recorded; every public message, in order."""
    queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    web.public.queues.add(queue)
    web.start()
    messages: list[dict[str, Any]] = []
    try:
        async with asyncio.timeout(120):
            while sum(isinstance(r.event, Speech) for r in web.game.records) < stop_after_speeches:
                messages.append(await queue.get())
                assert web.status in ("running", "over"), web.error
            while not queue.empty():
                messages.append(queue.get_nowait())
    finally:
        await web.stop()
        await web.session.aclose()
    return messages


def _speech_items(message: dict[str, Any]) -> list[str]:
    return [item["text"] for item in message.get("items", ()) if item["cls"] == "speech"]


async def test_a_model_speech_is_previewed_as_it_grows_then_replaced_by_the_recorded_speech() -> None:
    with streaming_server(StreamState(delay=0.03)) as (url, state):
        web = _table(url)
        messages = await _play(web, stop_after_speeches=2)
    said = [r.event for r in web.game.records if isinstance(r.event, Speech)]
    assert [speech.text for speech in said[:2]] == [SPEECH, SPEECH]
    previews = [m["preview"] for m in messages if m["type"] == "preview"]
    texts = [p["text"] for p in previews if p["text"]]
    assert len(texts) >= 3 and all(shown(SPEECH).startswith(text) for text in texts)  # only the speech, growing
    for speech in said[:2]:
        seat = speech.seat + 1
        # the seat's preview ends with a withdrawal, and the very next message is the update that says it
        last = max(i for i, m in enumerate(messages) if m["type"] == "preview" and m["preview"]["seat"] == seat)
        assert messages[last]["preview"]["text"] is None
        assert messages[last + 1]["type"] == "update" and any(SPEECH in t for t in _speech_items(messages[last + 1]))
        shown_before = [m["preview"]["text"] for m in messages[:last] if m["type"] == "preview"]
        assert any(shown_before) and len(set(shown_before)) > 2  # it grew on the screens before it was said
    assert web.previews == {}
    # only speeches streamed: every streamed request asked for a speech
    assert all("speech" in str(r.get("response_format")) for r in state.requests if r.get("stream"))
    assert any(not r.get("stream") and "option" in str(r.get("response_format")) for r in state.requests)


async def test_a_refused_answer_is_withdrawn_and_the_fallback_speech_is_what_shows() -> None:
    with streaming_server(StreamState(speech=PLACEHOLDER, delay=0.03)) as (url, _):
        web = _table(url)
        messages = await _play(web, stop_after_speeches=1)
    said = next(r.event for r in web.game.records if isinstance(r.event, Speech))
    assert said.text != PLACEHOLDER  # the answer checks refused it three times; the stand-in spoke
    previews = [m["preview"] for m in messages if m["type"] == "preview"]
    assert any(p["text"] and PLACEHOLDER.startswith(p["text"]) for p in previews)  # previewed while generated...
    last = max(i for i, m in enumerate(messages) if m["type"] == "preview")
    assert messages[last]["preview"]["text"] is None  # ...and withdrawn before the recorded speech came
    assert all(PLACEHOLDER not in text for m in messages[last:] for text in _speech_items(m))
    assert web.previews == {}


def test_whispers_and_night_speeches_are_never_previewed() -> None:
    speak = Option("speak", "plain")
    whisper = Option("seat:2", "whisper", 2)
    assert previewable(Decision(1, 0, "speech", (speak,), speech=True), "day")
    assert not previewable(Decision(1, 0, "speech", (speak, whisper), speech=True), "day")
    assert not previewable(Decision(1, 0, "speech", (speak,), speech=True), "night")
    assert not previewable(Decision(1, 0, "vote", (speak,)), "day")


async def test_one_seat_finishing_does_not_restart_the_elapsed_time_of_another() -> None:
    with streaming_server() as (url, _):
        web = _table(url)
        await web.session.aclose()
    speak = (Option("speak", "plain"),)
    first, second = Decision(10, 0, "speech", speak, speech=True), Decision(11, 1, "speech", speak, speech=True)
    day = SimpleNamespace(phase=SimpleNamespace(kind="day"))
    web.game = SimpleNamespace(pending=(first, second), over=False, state=day)  # type: ignore[assignment]
    web.status = "running"
    web.table.outstanding = {10, 11}
    web._announce_turn()
    await asyncio.sleep(0.3)
    web.table.outstanding = {11}  # seat 1 answered; seat 2 is still thinking
    web.game.pending = (second,)  # type: ignore[misc]
    web._announce_turn()
    turn = web.turn()
    assert turn is not None and turn["seats"] == [2]
    assert turn["elapsed"] >= 0.3 and turn["elapsed_by_seat"]["2"] >= 0.3  # counted from when seat 2 began


async def test_a_page_that_joins_mid_speech_gets_the_preview_and_loses_it_with_the_records() -> None:
    with streaming_server() as (url, _):
        web = _table(url)
    queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    web.hubs[0].queues.add(queue)
    web._preview(1, "half a spee")
    assert web.snapshot(None)["previews"] == [
        {"seat": 2, "label": "2. " + web.game.config.names[1], "text": "half a spee"}
    ]
    assert web.snapshot(0)["previews"] == web.snapshot(None)["previews"]  # public speech: every page
    web._preview(1, None)  # answered: kept until the records come
    assert web.snapshot(None)["previews"] != []
    web.write([])
    assert web.snapshot(None)["previews"] == []
    messages = [queue.get_nowait() for _ in range(queue.qsize())]
    assert [m["preview"]["text"] for m in messages if m["type"] == "preview"] == ["half a spee", None]


async def test_previews_reach_the_pages_at_most_once_per_interval_newest_text_first() -> None:
    with streaming_server() as (url, _):
        web = _table(url)
    queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    web.public.queues.add(queue)
    words = [" ".join(["word"] * n) for n in range(1, 201)]
    for text in words:  # 200 updates in one go, as a fast local model would send them
        web._preview(0, text)
    await asyncio.sleep(PREVIEW_INTERVAL * 3)
    sent = [queue.get_nowait()["preview"]["text"] for _ in range(queue.qsize())]
    assert 1 < len(sent) <= 4 and sent[0] == words[0] and sent[-1] == words[-1]
    web._preview(0, None)
    web.write([])
    assert queue.get_nowait()["preview"]["text"] is None and web.previews == {}
