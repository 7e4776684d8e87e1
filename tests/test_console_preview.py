"""The terminal shows a model seat's public speech as it is generated, and erases it for the speech recorded."""

from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path

import pexpect
from rich.console import Console

from llm_werewolf.render.console import ConsoleSink
from llm_werewolf.rules.events import PUBLIC, Record, Speech, make_record
from llm_werewolf.table.live_speech import CARET, ConsolePreview
from tests.web.stream_server import SPEECH, streaming_server

ROOT = Path(__file__).resolve().parents[1]
NAMES = ("Ann", "Bob", "Cleo")
ERASE = "\x1b[2K"


def _console(terminal: bool) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, force_terminal=terminal, width=80, color_system=None), out


def _said(text: str) -> Record:
    return make_record(seq=7, phase="day:1", vis=PUBLIC, event=Speech(seat=1, text=text))


def test_a_preview_grows_in_place_and_is_erased_before_the_recorded_speech_prints() -> None:
    console, out = _console(terminal=True)
    preview = ConsolePreview(console, language="en", variant="one_night", names=NAMES)
    sinks: list[ConsolePreview | ConsoleSink] = [
        preview,
        ConsoleSink(console, NAMES, variant="one_night", language="en"),
    ]
    preview(1, "I think")
    preview(1, "I think Ann \x1b[2Jis the wolf")  # the backend cleans previews; a stray escape never draws
    preview(1, None)  # answered: the preview stays until the records come
    assert f"I think Ann is the wolf{CARET}" in out.getvalue() and "\x1b[2J" not in out.getvalue()
    before = len(out.getvalue())
    for sink in sinks:
        sink.write([_said("Cleo is the wolf, not Ann.")])  # what the table recorded differs from the preview
    tail = out.getvalue()[before:]
    said = tail.index("Cleo is the wolf, not Ann.")
    erased = tail.rindex(ERASE, 0, said)  # the preview's lines are erased, then the recorded speech prints
    assert "I think" not in tail[erased:] and preview.texts == {}


def test_a_new_try_withdraws_the_old_preview() -> None:
    console, out = _console(terminal=True)
    preview = ConsolePreview(console, language="en", variant="one_night", names=NAMES)
    preview(0, "a refused answer")
    preview(0, "")
    assert ERASE in out.getvalue().split("a refused answer", 1)[1] and preview.texts == {}


def test_nothing_is_previewed_on_a_pipe_or_a_file() -> None:
    console, out = _console(terminal=False)
    preview = ConsolePreview(console, language="en", variant="one_night", names=NAMES)
    preview(0, "half a speech")
    preview(0, None)
    preview.write([])
    assert out.getvalue() == ""


def test_play_on_a_real_terminal_shows_model_speech_while_it_streams() -> None:
    with streaming_server() as (url, state):
        env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200", "TERM": "xterm-256color"}
        args = ["-m", "llm_werewolf", "play", "--variant", "one_night", "--lang", "en", "--players", "3"]
        args += ["--agents", "openai:test-model", "--base-url", url, "--profile", "openai", "-o", "whispers=false"]
        args += ["-o", "discussion_rounds=1", "--seed", "3", "--no-transcript", "--narrator", "off"]
        child = pexpect.spawn(sys.executable, args, encoding="utf-8", timeout=120, dimensions=(50, 200), env=env)
        screen = io.StringIO()
        child.logfile_read = screen
        child.expect(pexpect.EOF)
        child.close()
    out = screen.getvalue()
    assert child.exitstatus == 0, out[-2000:]
    assert any(r.get("stream") for r in state.requests)
    partial = re.findall(rf"([^\x1b\r\n]*){CARET}", out)
    grown = [p for p in partial if p.strip() and p.strip() != SPEECH]
    assert grown, out[-2000:]  # the speech was on screen before it was whole
    said = re.search(rf": {re.escape(SPEECH)}", out)  # the first recorded speech, printed by the console
    assert said is not None
    last_preview = out.rindex(CARET, 0, said.start())
    assert ERASE in out[last_preview : said.start()]  # its preview was erased before it printed
