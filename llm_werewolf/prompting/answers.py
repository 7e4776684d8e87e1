"""Reading a model's answer: never raises, always says what was wrong.

A JSON answer is found inside any surrounding chatter or code fence; the
option may be written as its label, its id (``seat:2``), the player's number or
name. What cannot be matched becomes an error message the agent shows the
model on the re-ask.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from ..rules import Decision
from .render import Prompt
from .sanitize import DELIMITERS, clean_line, clean_output

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
    text = _speech_text(raw, max_chars)
    option = decision.options[0].id
    if not text:
        return Parsed(option, "", error="the speech was empty")
    return Parsed(option, text)


def _parse_pick(prompt: Prompt, decision: Decision, raw: str, max_chars: int) -> Parsed:
    line = raw.strip().split("\n", 1)[0]
    head, sep, tail = line.partition(": ")
    option = match_option(head, decision, prompt.labels) if sep else None
    if option is None:
        option = match_option(line, decision, prompt.labels)
    if option is None:
        shown = clean_line(line, 80) or "nothing"
        return Parsed(None, error=f"{shown!r} is not one of the options ({_options_hint(prompt)})")
    tail = clean_line(tail, 400) if sep else ""
    if decision.speech:
        return Parsed(option, _speech_text(tail, max_chars))
    return Parsed(option, thought=tail)


def _parse_json(prompt: Prompt, decision: Decision, raw: str, max_chars: int) -> Parsed:
    data = _json_object(raw)
    if data is None:
        shown = clean_line(raw, 80) or "an empty answer"
        return Parsed(None, error=f"the answer was not one JSON object (got {shown!r})")
    thought = clean_output(str(data.get("thought") or data.get("reason") or ""), 1000)
    raw_option = data.get("option")
    if raw_option is None and len(decision.options) == 1:
        option: str | None = decision.options[0].id
    else:
        option = match_option(raw_option, decision, prompt.labels)
    if option is None:
        shown = clean_line(str(raw_option), 60) if raw_option is not None else "no option"
        return Parsed(None, thought=thought, error=f"{shown!r} is not one of the options ({_options_hint(prompt)})")
    if not decision.speech:
        return Parsed(option, thought=thought)
    speech = data.get("speech")
    if speech is None:
        speech = data.get("text", "")
    text = _speech_text(str(speech), max_chars)
    claim, problem = _claim(data.get("claim"), prompt)
    if not text:
        return Parsed(option, "", claim, thought, error="the speech was empty")
    return Parsed(option, text, claim, thought, error=problem)
