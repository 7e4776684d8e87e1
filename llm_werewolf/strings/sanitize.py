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
* chat-template control tokens of every template family (Gemma, ChatML,
  Llama 2 and 3, Mistral, Phi, DeepSeek), also when they are written in
  full-width letters, split by spaces, quotes or invisible characters.

Cleaning runs to a fixpoint: normalise (NFKC of full-width, small and
mathematical letter forms; invisible and bidi characters out), remove tags, and
repeat until nothing changes, so removing one piece
can never join two others into a new tag. :func:`clean_text` is the one
function; :func:`clean_line` (prompts, narrator) and :func:`clean_output`
(a model's or a person's own speech, quotes kept) are its two settings.
"""

from __future__ import annotations

import re
import unicodedata

DELIMITERS = '"“”„‟«»‹›「」『』〝〞〟״＂'
"""Quotation marks used around quoted text in any prompt language."""

_INVISIBLE = (
    "\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f"  # C0/C1 controls except \t \n \r
    "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e"  # soft hyphen, Arabic letter mark, fillers
    "\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u206f"  # zero-width, marks, bidi, invisible ops
    "\u3164\uffa0"  # Hangul fillers
    "\ufe00-\ufe0f\ufeff\ufff9-\ufffb"  # variation selectors, BOM, interlinear annotation
    "\U0001d173-\U0001d17a\U000e0000-\U000e007f\U000e0100-\U000e01ef"  # musical format, tag characters
)
_INVISIBLE_RE = re.compile(f"[{_INVISIBLE}]")
_STRIP_RE = re.compile(f"[{_INVISIBLE}{re.escape(DELIMITERS)}]")
_KEEP_WIDE = frozenset("，：；！？（）、～")
"""Full-width punctuation that Chinese text uses as itself: NFKC would turn it into ASCII."""
_TAG_NAMES = (
    r"start_of_turn|end_of_turn|start_of_image|end_of_image|bos|eos|pad|unk|mask|s|sys"
    r"|system|user|assistant|model|human|bot"
)
_BRACKET_NAMES = (
    r"INST|SYS|SYSTEM_PROMPT|TOOL_CALLS|AVAILABLE_TOOLS|TOOL_RESULTS|TOOL_CONTENT|THINK|PREFIX|SUFFIX|MIDDLE"
)
_TAG_RE = re.compile(
    r"<\|[^<>|]{0,40}\|>"  # ChatML, Llama 3, Phi, DeepSeek (after NFKC of its full-width bar)
    rf"|<</?SYS>>|</?(?:{_TAG_NAMES})>"  # Llama 2, Gemma
    rf"|\[/?(?:{_BRACKET_NAMES})\]",  # Llama 2, Mistral
    re.IGNORECASE,
)
_SPAN_RE = re.compile(r"<[^<>]{1,200}>|\[[^\[\]]{1,200}\]")
"""Text between angle or square brackets: a tag in disguise once spaces, quotes and invisibles are out."""
_SQUEEZE_RE = re.compile(rf"[\s{_INVISIBLE}{re.escape(DELIMITERS)}]")
_SPACE_RE = re.compile(r"\s+")
ELLIPSIS = "…"
_MAX_ROUNDS = 64


_LOOKALIKES_RE = re.compile(f"[\uff01-\uffef\ufe50-\ufe6f\U0001d400-\U0001d7ff](?<![{''.join(_KEEP_WIDE)}])")
"""Full-width and small forms and mathematical letters: NFKC turns them into the ASCII a tag is spelled with."""


def _nfkc(text: str) -> str:
    """NFKC of the characters that can spell a tag in disguise (``＜｜im_start｜＞``, ``<𝐛𝐨𝐬>``).

    Other text keeps its compatibility characters (``№``, ``…``, ``½`` mean what they show),
    and so does the full-width punctuation Chinese writes on purpose (none of it can build a tag).
    """
    if text.isascii():
        return text
    return _LOOKALIKES_RE.sub(lambda match: unicodedata.normalize("NFKC", match.group(0)), text)


def _drop_disguised(match: re.Match[str]) -> str:
    span = match.group(0)
    return " " if _TAG_RE.fullmatch(_SQUEEZE_RE.sub("", span)) else span


def _one_round(text: str, strip: re.Pattern[str]) -> str:
    text = strip.sub("", _nfkc(text))
    text = _TAG_RE.sub(" ", text)
    return _SPAN_RE.sub(_drop_disguised, text)


def clean_text(text: str, max_chars: int = 0, *, keep_quotes: bool = False) -> str:
    """``text`` as one safe line, cleaned to a fixpoint (see the module docstring)."""
    strip = _INVISIBLE_RE if keep_quotes else _STRIP_RE
    for _ in range(_MAX_ROUNDS):
        cleaned = _one_round(text, strip)
        if cleaned == text:
            break
        text = cleaned
    else:  # pathological nesting: drop every bracket rather than loop on
        text = re.sub(r"[<>\[\]|]", " ", text)
    text = _SPACE_RE.sub(" ", text).strip()
    if max_chars and len(text) > max_chars:
        text = text[: max(1, max_chars - 1)].rstrip() + ELLIPSIS
    return text


def clean_line(text: str, max_chars: int = 0) -> str:
    """One safe line: no controls, no invisible or bidi characters, no quote delimiters, no chat tags."""
    return clean_text(text, max_chars)


def clean_name(text: str, max_chars: int = 40) -> str:
    """A player or persona name, safe to print anywhere (never empty)."""
    return clean_line(text, max_chars) or "?"


def clean_output(text: str, max_chars: int = 0) -> str:
    """A model's or a person's own speech before it goes to the rules: one line, no invisibles, no tags.

    Quote marks are kept here (the rules store the speech as spoken); they are
    removed when the speech is later quoted in a prompt, and removing them then
    cannot form a tag (a bracketed span is judged with its quotes already ignored).
    """
    return clean_text(text, max_chars, keep_quotes=True)
