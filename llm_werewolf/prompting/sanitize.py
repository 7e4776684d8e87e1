"""Player text is data: clean it before it enters any prompt.

Speeches, names and persona text reach prompts only as template *variables*,
never as template source. On the way in they lose everything that could let
them pose as the narrator or break out of their quotes:

* control characters and line breaks (a speech is one line, so it can never
  start a line of its own such as ``Narrator: ...``);
* bidirectional overrides and isolates, zero-width characters and BOMs
  (invisible reordering or hiding of text);
* every quotation mark any of our languages uses as a delimiter (a speech
  cannot close its own quote block);
* chat-template control tokens such as ``<start_of_turn>`` or ``<|im_end|>``.
"""

from __future__ import annotations

import re

DELIMITERS = '"“”„‟«»‹›「」『』〝〞〟״＂'
"""Quotation marks used around quoted text in any prompt language."""

_INVISIBLE = (
    "\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f"  # C0/C1 controls except \t \n \r
    "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e"  # soft hyphen, Arabic letter mark, fillers
    "\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u206f"  # zero-width, marks, bidi, invisible ops
    "\ufe00-\ufe0f\ufeff\ufff9-\ufffb"  # variation selectors, BOM, interlinear annotation
)
_STRIP_RE = re.compile(f"[{_INVISIBLE}{re.escape(DELIMITERS)}]")
_TAG_RE = re.compile(r"<\|[^<>|]{0,40}\|>|</?(?:start|end)_of_turn>|</?s>|\[/?INST\]", re.IGNORECASE)
_SPACE_RE = re.compile(r"\s+")
ELLIPSIS = "…"


def clean_line(text: str, max_chars: int = 0) -> str:
    """One safe line: no controls, no invisible or bidi characters, no quote delimiters, no chat tags."""
    text = _TAG_RE.sub(" ", text)
    text = _STRIP_RE.sub("", text)
    text = _SPACE_RE.sub(" ", text).strip()
    if max_chars and len(text) > max_chars:
        text = text[: max(1, max_chars - 1)].rstrip() + ELLIPSIS
    return text


def clean_name(text: str, max_chars: int = 40) -> str:
    """A player or persona name, safe to print anywhere (never empty)."""
    return clean_line(text, max_chars) or "?"


def clean_output(text: str, max_chars: int = 0) -> str:
    """A model's own speech before it goes to the rules: one line, no invisible characters.

    Quote marks are kept here (the rules store the speech as spoken); they are
    removed when the speech is later quoted in a prompt.
    """
    text = _TAG_RE.sub(" ", text)
    text = re.sub(f"[{_INVISIBLE}]", "", text)
    text = _SPACE_RE.sub(" ", text).strip()
    if max_chars and len(text) > max_chars:
        text = text[: max(1, max_chars - 1)].rstrip() + ELLIPSIS
    return text
