"""Speech previews: a model seat's public speech shown while it is generated.

The table (see :class:`~llm_werewolf.table.TableSettings.on_preview`) sets a *preview
hook* in the context of a decision whose speech is public; a backend that can stream
(``openai`` with ``stream=True``, ``local`` through llama.cpp's iterator) reads it with
:func:`preview_for` and feeds every chunk of text to the :class:`Preview` it returns.
The preview calls the hook with the speech as it has grown so far: for a JSON answer
only the top-level ``speech`` (or ``text``) string, decoded incrementally by
:class:`JsonStringField`; for a base model's free continuation the text up to the first
stop sequence. Thoughts, reasons, options and acts are never previewed, nor is any call
of a decision that is not a public speech (night decisions, whispers): the hook is
simply not set then.

A preview is not an event and is never recorded: what the table records and finally
shows is the accepted answer, which may differ (a refused answer, a retry, the
fallback). A new call of the same decision starts its preview afresh (the hook gets
``""``), and the table clears it when the decision is answered.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from ..controls import strip_controls
from ..strings.sanitize import DELIMITERS, clean_output
from .base import CompletionRequest

PreviewHook = Callable[[str], None]
"""Called with the whole speech so far (``""``: a new call started, nothing to show yet)."""

STREAMED_PURPOSES = frozenset({"decision", "language_switch"})
"""The calls of a speech decision whose answer is the speech itself (not the option pick or the acts)."""

SPEECH_KEYS = ("speech", "text")
"""The answer's speech field, as the parser reads it: ``speech``, else ``text``."""

_hook: ContextVar[PreviewHook | None] = ContextVar("llm_werewolf_speech_preview", default=None)


@contextmanager
def previewing(hook: PreviewHook | None) -> Iterator[None]:
    """Within this block (and the tasks it starts), streaming backends preview speech to ``hook``."""
    token = _hook.set(hook)
    try:
        yield
    finally:
        _hook.reset(token)


def current_hook() -> PreviewHook | None:
    return _hook.get()


_SIMPLE_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


class JsonStringField:
    """The value of one top-level string field of a JSON object, decoded as the text arrives.

    ``feed`` takes any piece of the answer (a chunk may end inside a key, an escape or a
    ``\\uXXXX``) and returns the field's decoded value so far, or ``None`` while it has not
    started. Text before the first ``{`` (a code fence, a preamble) is skipped; strings in
    nested objects and arrays (an act's text) and every other key (``thought``) are not read.
    Where several ``keys`` are given, the first of them present wins (``speech`` over ``text``).
    """

    def __init__(self, keys: tuple[str, ...] = SPEECH_KEYS) -> None:
        self.keys = keys
        self.values: dict[str, list[str]] = {}
        self._depth = 0
        self._started = False
        self._in_string = False
        self._is_key = False
        self._expect_key = False
        self._key: list[str] = []
        self._last_key = ""
        self._target: list[str] | None = None
        self._escape: str | None = None
        """The escape being read (``""`` after a backslash, then ``u`` and the hex digits so far)."""
        self._high: int | None = None
        """A high surrogate waiting for its low half."""

    def value(self) -> str | None:
        for key in self.keys:
            if key in self.values:
                return "".join(self.values[key])
        return None

    def feed(self, chunk: str) -> str | None:
        for char in chunk:
            self._step(char)
        return self.value()

    def _step(self, char: str) -> None:
        if not self._started:
            if char == "{":
                self._started = True
                self._depth = 1
                self._expect_key = True
            return
        if self._in_string:
            self._string_char(char)
            return
        if char == '"':
            self._in_string = True
            self._is_key = self._depth == 1 and self._expect_key
            self._key = []
            if not self._is_key and self._depth == 1 and self._last_key in self.keys:
                self._target = self.values[self._last_key] = []
            return
        if char in "{[":
            self._depth += 1
        elif char in "}]":
            self._depth -= 1
        elif char == "," and self._depth == 1:
            self._expect_key = True
        elif char == ":" and self._depth == 1:
            self._expect_key = False

    def _string_char(self, char: str) -> None:
        if self._escape is not None:
            self._escape_char(char)
            return
        if char == "\\":
            self._escape = ""
            return
        if char == '"':
            self._flush_high()
            self._in_string = False
            if self._is_key:
                self._last_key = "".join(self._key)
            self._target = None
            return
        self._emit(char)

    def _escape_char(self, char: str) -> None:
        escape = self._escape or ""
        if not escape:
            if char == "u":
                self._escape = "u"
                return
            self._escape = None
            self._emit(_SIMPLE_ESCAPES.get(char, char))
            return
        escape += char
        if len(escape) < 5:
            self._escape = escape
            return
        self._escape = None
        try:
            code = int(escape[1:], 16)
        except ValueError:
            self._emit("\ufffd")
            return
        if 0xD800 <= code <= 0xDBFF:
            self._flush_high()
            self._high = code
        elif 0xDC00 <= code <= 0xDFFF and self._high is not None:
            high, self._high = self._high, None
            self._put(chr(0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)))
        else:
            self._emit(chr(code) if not 0xDC00 <= code <= 0xDFFF else "\ufffd")

    def _emit(self, char: str) -> None:
        self._flush_high()
        self._put(char)

    def _flush_high(self) -> None:
        if self._high is not None:
            self._high = None
            self._put("\ufffd")  # a lone surrogate cannot be shown

    def _put(self, char: str) -> None:
        if self._is_key:
            self._key.append(char)
        elif self._target is not None:
            self._target.append(char)


def _until_stop(text: str, stops: tuple[str, ...]) -> str:
    for stop in stops:
        if stop and stop in text:
            text = text.split(stop, 1)[0]
    return text


def shown(text: str) -> str:
    """A preview as screens show it: one line, no control or invisible characters, no quote marks around it."""
    return clean_output(strip_controls(text)).strip(DELIMITERS + " ")


class Preview:
    """One streamed call's preview: ``feed`` it every chunk of text, in order."""

    def __init__(self, request: CompletionRequest, hook: PreviewHook) -> None:
        self.hook = hook
        self.stops = request.stop if request.mode == "text" else ()
        self.field = JsonStringField() if request.mode == "json" else None
        self.raw: list[str] = []
        self.last = ""

    def start(self) -> None:
        """A new try of the call: whatever an earlier try previewed is withdrawn."""
        self.raw.clear()
        self.field = JsonStringField() if self.field is not None else None
        self.last = ""
        self.hook("")

    def feed(self, chunk: str) -> None:
        if not chunk:
            return
        if self.field is not None:
            text = self.field.feed(chunk) or ""
        else:
            self.raw.append(chunk)
            text = _until_stop("".join(self.raw), self.stops)
        text = shown(text)
        if text != self.last:
            self.last = text
            self.hook(text)


def streams_speech(request: CompletionRequest) -> bool:
    """Whether ``request``'s answer is a speech worth previewing: a speech decision's own call
    (not an option pick, not an act), in free text or JSON with a speech field."""
    if request.purpose not in STREAMED_PURPOSES:
        return False
    if request.mode == "text":
        return True
    if request.mode != "json" or request.schema is None:
        return False
    properties = request.schema.get("properties")
    return isinstance(properties, dict) and any(key in properties for key in SPEECH_KEYS)


def preview_for(request: CompletionRequest) -> Preview | None:
    """The preview of ``request``, or ``None`` where nothing is previewed (no hook set here, or
    the call is not a public speech's own text)."""
    hook = _hook.get()
    if hook is None or not streams_speech(request):
        return None
    return Preview(request, hook)


def from_thread(hook: PreviewHook) -> PreviewHook:
    """``hook``, callable from a worker thread: each call runs on the event loop of the caller."""
    loop = asyncio.get_running_loop()

    def post(text: str) -> None:
        loop.call_soon_threadsafe(hook, text)

    return post
