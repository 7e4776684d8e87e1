"""Reading a model's answer: never raises, always says what was wrong.

A JSON answer is found inside any surrounding chatter or code fence; the
option may be written as its label, its id (``seat:2``), the player's number or
name. What cannot be matched becomes an error message the agent shows the
model on the re-ask.

**Answers that are answers.** A speech, a thought (or a decision's reason) and a
narration line must be something said, not a copy of the prompt or noise.
:func:`answer_problem` refuses (code: what it looks for):

* ``empty``: nothing but spaces, quote marks and punctuation (speech, narration);
* ``control_token``: a chat-template or control token (``<<SYS>>``, ``</SYS>``, ``[INST]``,
  ``<start_of_turn>``, ``<|im_start|>``, ``<|eot_id|>``, ``</s>``, ``<think>``, any one-word
  tag ``<word>``/``</word>``, ``### Instruction``...): the model is writing its own prompt format;
* ``placeholder``: the answer format's placeholder (``<what you say aloud ...>``, any
  ``<...>`` holding words, also cut short before its ``>`` by the answer's length limit), a
  JSON template (``{"speech": ...``) or a Jinja leftover; and the words of a placeholder the
  prompt shows, without its brackets: one of its clauses (split at commas, colons...; numbers
  aside) of 10 letters or more (5 in Chinese, Japanese, Thai), or an answer of four words or
  more (six characters in those scripts) of which 80% are the placeholders' words, reworded;
* ``echo``: a run of the prompt copied word for word: 40 characters of the rules,
  role card and persona (16 in Chinese, Japanese, Thai), or 60 of the rest of the
  prompt (24) outside quoted speeches (a speech may quote another player);
* ``option_list``: the option labels, listed, and next to nothing else;
* ``repeat``: a degenerate repeat: one short piece said over and over covering half
  the text, or twelve words or more of which fewer than 30% are different.

A refused answer is asked again with the reason shown; after the last try the
fallback answers and its record carries the reason.

A speech refused only as a ``repeat`` is not asked again: :func:`trim_repetition` keeps one copy of
each repeated piece (or the words before the text turns repetitive), and the trimmed speech is taken
when it passes every check; the model call's ``note`` says ``trimmed: repetition`` with what was cut.
Only a speech that nothing is left of is asked again.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..rules import Decision
from ..strings.sanitize import DELIMITERS, clean_line, clean_output
from .render import Prompt

_FENCE_RE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL)
_NUMBER_RE = re.compile(r"^\D{0,12}?(\d{1,3})\D{0,3}$")
_NULL_CLAIMS = frozenset({"", "null", "none", "no", "nil", "-", "n/a"})


@dataclass(frozen=True, slots=True)
class Parsed:
    option: str | None
    """The chosen option id, or ``None`` when the answer named no legal option."""
    text: str = ""
    claim: str | None = None
    thought: str = ""
    error: str | None = None
    """Why the answer cannot be used as it is (shown to the model when it is asked again)."""
    fault: Literal["parse", "answer"] | None = None
    """With no option: ``parse`` (nothing legal could be read) or ``answer`` (read, but no answer)."""
    note: str = ""
    """What was done to an accepted answer (``trimmed: repetition (...)``), for the model call's record."""


# -- answers that are answers ------------------------------------------------------------------

Utterance = Literal["speech", "thought", "narration"]

_CONTROL_RE = re.compile(
    r"<</?SYS>>|\[/?INST\]|<\|[^<>|\s]{1,40}\|>|</?[A-Za-z][\w|]{0,24}>"
    r"|^\s*#{2,4}\s*(?:instruction|response|system|user|assistant|input)\b",
    re.IGNORECASE | re.MULTILINE,
)
_PLACEHOLDER_RE = re.compile(
    r"<\s*[^\W\d_][^<>\n]{2,}(?:>|$)|\{\{|\}\}|\{%|%\}|\{\s*\"(?:thought|option|speech|claim|reason)\""
)
_SHOWN_PLACEHOLDER_RE = re.compile(r"<([^<>\n\"{}|]{4,})>")
"""A placeholder the prompt shows for a string field (not the claim's or the acts' lists)."""
_CLAUSE_SPLIT_RE = re.compile(r"[,;:()،؛，、；：（）。.!?]+")
CLAUSE_LETTERS = 10
"""A clause of a placeholder this long (in letters), copied without its brackets, is a placeholder."""
CLAUSE_LETTERS_DENSE = 5
WORD_SHARE = 0.8
"""An answer whose words are this share of the placeholders' words is a reworded placeholder."""
_DENSE_SCRIPTS = ("CJK", "HIRAGANA", "KATAKANA", "THAI", "HANGUL")
ECHO_CHARS = 40
"""A run of the stable prompt (rules, role card, persona) this long, copied, is an echo."""
ECHO_CHARS_REST = 60
"""A run of the rest of the prompt (outside quoted speeches) this long, copied, is an echo."""
DENSE_FACTOR = 0.4
"""Scripts without spaces pack more in a character: runs are this share as long."""
REPEAT_COVER = 0.5
REPEAT_MIN_CHARS = 12
_REPEAT_RE = re.compile(r"(.{1,40}?)(?:\s*\1){3,}", re.DOTALL)
_QUOTED_RE = re.compile(r"[“„«「『\"][^“”„«»「」『』\"\n]*[”»」』\"]")


def _letters(text: str) -> int:
    return sum(1 for ch in text if ch.isalnum())


def _dense(text: str) -> bool:
    """Whether most letters are of a script written without spaces between words."""
    letters = [ch for ch in text if ch.isalpha()]
    if not letters:
        return False
    dense = sum(1 for ch in letters if unicodedata.name(ch, "").startswith(_DENSE_SCRIPTS))
    return dense * 2 > len(letters)


def _squash(text: str) -> str:
    """Casefolded, one space between words, for comparing runs of text."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def _copied_run(text: str, source: str, length: int) -> str | None:
    """A run of ``length`` characters of ``text`` that ``source`` holds, else ``None``."""
    if len(text) < length or not source:
        return None
    for start in range(0, len(text) - length + 1, max(1, length // 4)):
        window = text[start : start + length]
        if _letters(window) * 2 > length and window in source:
            return window
    return None


def _repeat(text: str) -> bool:
    squashed = " ".join(text.split())
    if len(squashed) < REPEAT_MIN_CHARS:
        return False
    covered = sum(len(m.group(0)) for m in _REPEAT_RE.finditer(squashed))
    if covered >= REPEAT_COVER * len(squashed):
        return True
    words = squashed.casefold().split()
    return len(words) >= 12 and len(set(words)) < 0.3 * len(words)


def trim_repetition(text: str) -> tuple[str, str]:
    """(``text`` without its degenerate repeats, what was cut): each run of a short piece said over and
    over keeps one copy; a text still repetitive keeps its words up to where the repetition starts."""
    squashed = " ".join(text.split())
    kept = _REPEAT_RE.sub(lambda m: m.group(1), squashed).strip()
    if _repeat(kept):
        words = kept.split()
        while words and _repeat(" ".join(words)):
            words.pop()
        kept = " ".join(words)
    return kept, _cut(squashed, kept)


def _cut(before: str, after: str) -> str:
    """What trimming ``before`` to ``after`` cut, as the characters left out (short)."""
    position = 0
    cut: list[str] = []
    for ch in before:
        if position < len(after) and after[position] == ch:
            position += 1
        else:
            cut.append(ch)
    return "".join(cut)


def _bare(text: str) -> str:
    """Casefolded letters and single spaces only (no digits, no punctuation), for placeholder words."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return " ".join("".join(ch if ch.isalpha() or ch in "'’" else " " for ch in folded).split())


def _is_dense_char(ch: str) -> bool:
    return ch.isalpha() and unicodedata.name(ch, "").startswith(_DENSE_SCRIPTS)


def _placeholder_words(text: str, prompt: str) -> str | None:
    """The placeholder of ``prompt`` that ``text`` repeats without its brackets (copied or
    reworded), else ``None``."""
    shown = [m.group(1) for m in _SHOWN_PLACEHOLDER_RE.finditer(prompt)]
    if not shown:
        return None
    answer = _bare(text)
    for inner in shown:
        for clause in _CLAUSE_SPLIT_RE.split(inner):
            bare = _bare(clause)
            dense = _dense(bare)
            letters = _letters(bare)
            if letters >= (CLAUSE_LETTERS_DENSE if dense else CLAUSE_LETTERS) and bare in answer:
                return bare
    if _dense(answer):
        vocabulary = {ch for inner in shown for ch in _bare(inner) if _is_dense_char(ch)}
        chars = [ch for ch in answer if _is_dense_char(ch)]
        if len(chars) >= 6 and sum(ch in vocabulary for ch in chars) >= WORD_SHARE * len(chars):
            return "".join(chars)
        return None
    vocabulary = {word for inner in shown for word in _bare(inner).split()}
    words = [word for word in answer.split() if len(word) >= 3]
    if len(words) >= 4 and sum(word in vocabulary for word in words) >= WORD_SHARE * len(words):
        return " ".join(words)
    return None


def _option_list(text: str, labels: Sequence[str]) -> bool:
    folded = _squash(text)
    found = 0
    for label in sorted({_squash(label) for label in labels if _letters(label) >= 2}, key=len, reverse=True):
        if label in folded:
            found += 1
            folded = folded.replace(label, " ")
    return found >= 3 and _letters(folded) < 0.3 * _letters(_squash(text))


def answer_problem(
    text: str,
    what: Utterance,
    *,
    stable: str = "",
    rest: str = "",
    labels: Sequence[str] = (),
) -> str | None:
    """Why ``text`` (a model's raw speech, thought or narration) is not an answer, as
    ``code: detail``; ``None`` when it is one. ``stable`` is the prompt's stable part (rules,
    role card, persona), ``rest`` the rest of it; ``labels`` the options offered."""
    control = _CONTROL_RE.search(text)
    if control:
        return f"control_token: the {what} holds the control token {control.group(0).strip()!r}"
    placeholder = _PLACEHOLDER_RE.search(text)
    if placeholder:
        shown = clean_line(placeholder.group(0), 60)
        return f"placeholder: the {what} copies the answer format ({shown!r}) instead of saying something"
    words = _placeholder_words(text, f"{stable}\n{rest}")
    if words is not None:
        shown = clean_line(words, 60)
        return f"placeholder: the {what} copies the answer format's words ({shown!r}) instead of saying something"
    if not _letters(text):
        return None if what == "thought" else f"empty: the {what} says nothing"
    squashed = _squash(text)
    dense = _dense(squashed)
    factor = DENSE_FACTOR if dense else 1.0
    sources = [(_squash(stable), int(ECHO_CHARS * factor))]
    if what != "thought":  # a thought may repeat an own earlier thought, shown in the history
        sources.append((_squash(_QUOTED_RE.sub(" ", rest)), int(ECHO_CHARS_REST * factor)))
    for source, length in sources:
        run = _copied_run(squashed, source, length)
        if run is not None:
            return f"echo: the {what} repeats the prompt word for word ({clean_line(run, 50)!r})"
    if labels and _option_list(text, labels):
        return f"option_list: the {what} lists the options instead of saying something"
    if _repeat(text):
        return f"repeat: the {what} says the same thing over and over"
    return None


def _refused(problem: str, *, thought: str = "") -> Parsed:
    return Parsed(None, thought=thought, error=problem.split(": ", 1)[1], fault="answer")


def _utterance_problem(prompt: Prompt, text: str, what: Utterance) -> str | None:
    return answer_problem(text, what, stable=prompt.system, rest=f"{prompt.user}\n{prompt.cue}", labels=prompt.labels)


def _spoken(prompt: Prompt, raw: str) -> tuple[str, str, str | None]:
    """(the speech to take, the note on it, the problem when there is none to take): a speech refused
    only as a repeat is trimmed (:func:`trim_repetition`) and taken when what is left passes every check."""
    problem = _utterance_problem(prompt, raw, "speech")
    if problem is None or not problem.startswith("repeat:"):
        return raw, "", problem
    kept, cut = trim_repetition(raw)
    if not _letters(kept) or _utterance_problem(prompt, kept, "speech") is not None:
        return "", "", problem
    return kept, f"trimmed: repetition ({len(cut)} characters cut: {clean_line(cut, 60)!r})", None


def _json_object(raw: str) -> dict[str, Any] | None:
    candidates = [m.group(1) for m in _FENCE_RE.finditer(raw)] + [raw]
    for text in candidates:
        start = text.find("{")
        end = text.rfind("}")
        if start < 0 or end <= start:
            continue
        try:
            value = json.loads(text[start : end + 1])
        except ValueError:
            continue
        if isinstance(value, dict):
            return value
    return None


def _norm(text: str) -> str:
    return clean_line(text).strip(" .!?:;,'`*()[]").casefold()


def match_option(value: Any, decision: Decision, labels: tuple[str, ...]) -> str | None:
    """The option id ``value`` names (label, id, player number or name), or ``None``."""
    if value is None:
        return None
    text = str(value).strip()
    if not text:
        return None
    for option, label in zip(decision.options, labels, strict=True):
        if text == label or text == option.id:
            return option.id
    wanted = _norm(text)
    if not wanted:
        return None
    for option, label in zip(decision.options, labels, strict=True):
        if wanted in (_norm(label), option.id.casefold()):
            return option.id
    number = _NUMBER_RE.match(wanted)
    if number:
        seat = int(number.group(1)) - 1
        for option in decision.options:
            if option.kind == "seat" and option.target == seat:
                return option.id
    contained = [
        option.id
        for option, label in zip(decision.options, labels, strict=True)
        if len(_norm(label)) >= 2 and re.search(rf"(?<!\w){re.escape(_norm(label))}(?!\w)", wanted)
    ]
    return contained[0] if len(contained) == 1 else None


def _claim(value: Any, prompt: Prompt) -> tuple[str | None, str | None]:
    """(role id, problem) for a claimed role."""
    if value is None or isinstance(value, bool):
        return None, None
    text = str(value).strip()
    if _norm(text) in _NULL_CLAIMS:
        return None, None
    by_norm = {_norm(label): role for label, role in prompt.claims.items()}
    by_norm.update({_norm(role): role for role in prompt.claims.values()})
    role = by_norm.get(_norm(text))
    if role is None:
        return None, f"the claim {clean_line(text, 40)!r} is not a role of this game (claim dropped)"
    return role, None


def _options_hint(prompt: Prompt) -> str:
    return ", ".join(f'"{label}"' for label in prompt.labels)


def parse_answer(prompt: Prompt, decision: Decision, raw: str, *, max_speech_chars: int) -> Parsed:
    if prompt.mode == "text":
        return _parse_text(prompt, decision, raw, max_speech_chars)
    if prompt.mode == "pick":
        return _parse_pick(prompt, decision, raw, max_speech_chars)
    return _parse_json(prompt, decision, raw, max_speech_chars)


def _speech_text(raw: str, max_chars: int) -> str:
    text = clean_output(raw, max_chars)
    return text.strip(DELIMITERS + " ")


def _parse_text(prompt: Prompt, decision: Decision, raw: str, max_chars: int) -> Parsed:
    for stop in prompt.stop:
        if stop and stop in raw:
            raw = raw.split(stop, 1)[0]
    raw, note, problem = _spoken(prompt, raw)
    if problem is not None:
        return _refused(problem)
    text = _speech_text(raw, max_chars)
    option = decision.options[0].id
    if not text:
        return Parsed(None, "", error="the speech was empty", fault="answer")
    return Parsed(option, text, note=note)


def _parse_pick(prompt: Prompt, decision: Decision, raw: str, max_chars: int) -> Parsed:
    line = raw.strip().split("\n", 1)[0]
    head, sep, tail = line.partition(": ")
    option = match_option(head, decision, prompt.labels) if sep else None
    if option is None:
        option = match_option(line, decision, prompt.labels)
    if option is None:
        shown = clean_line(line, 80) or "nothing"
        return Parsed(None, error=f"{shown!r} is not one of the options ({_options_hint(prompt)})", fault="parse")
    note = ""
    if sep and tail.strip():
        if decision.speech:
            tail, note, problem = _spoken(prompt, tail)
        else:
            problem = _utterance_problem(prompt, tail, "thought")
        if problem is not None:
            return _refused(problem)
    tail = clean_line(tail, 400) if sep else ""
    if decision.speech:
        return Parsed(option, _speech_text(tail, max_chars), note=note)
    return Parsed(option, thought=tail)


def _parse_json(prompt: Prompt, decision: Decision, raw: str, max_chars: int) -> Parsed:
    data = _json_object(raw)
    if data is None:
        shown = clean_line(raw, 80) or "an empty answer"
        return Parsed(None, error=f"the answer was not one JSON object (got {shown!r})", fault="parse")
    raw_thought = str(data.get("thought") or data.get("reason") or "")
    if raw_thought.strip():
        problem = _utterance_problem(prompt, raw_thought, "thought")
        if problem is not None:
            return _refused(problem)
    thought = clean_output(raw_thought, 1000)
    raw_option = data.get("option")
    if raw_option is None and len(decision.options) == 1:
        option: str | None = decision.options[0].id
    else:
        option = match_option(raw_option, decision, prompt.labels)
    if option is None:
        shown = clean_line(str(raw_option), 60) if raw_option is not None else "no option"
        error = f"{shown!r} is not one of the options ({_options_hint(prompt)})"
        return Parsed(None, thought=thought, error=error, fault="parse")
    if not decision.speech:
        return Parsed(option, thought=thought)
    speech = data.get("speech")
    if speech is None:
        speech = data.get("text", "")
    spoken, note, refusal = _spoken(prompt, str(speech))
    if refusal is not None:
        return _refused(refusal, thought=thought)
    text = _speech_text(spoken, max_chars)
    claim, problem = _claim(data.get("claim"), prompt)
    if not text:
        return Parsed(None, "", claim, thought, error="the speech was empty", fault="answer")
    return Parsed(option, text, claim, thought, error=problem, note=note)
