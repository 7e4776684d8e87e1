"""What heuristic players say and hear, as structured statements read back from the public record.

A heuristic speaks through typed speech acts (``llm_werewolf.speech``): :func:`say` turns
an intent *key* (``seer_wolf``, ``accuse``...), a target seat and a claim into acts and
voices them from the phrase bank. Listeners never guess from free text: :func:`heard`
reads each public speech's acts back as :class:`Said` records (key, speaker, target,
role) with ``speech.intent.heard_intent``, so the information a heuristic communicates
(claims, results, accusations) travels through the public record in a form other seats
read exactly. A speech without acts is matched against the canned templates (lines a
heuristic still says for intents that make no act); a model's or a human's own words
yield a ``Said`` with key ``""`` that still carries its structured claim and, when its
text names exactly one other seat, that seat as its target (a claimed seer naming a seat
names a wolf).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import lru_cache
from string import Template

from ...rules import Choice, Decision, SeatView
from ...rules.events import Speech
from ...speech.intent import heard_intent
from ...texts import optional_yaml, terms
from ..speech import act_speech


@dataclass(frozen=True, slots=True)
class Said:
    """One public statement: ``key`` names the canned line ("" when unrecognised)."""

    speaker: int
    key: str
    target: int | None = None
    role: str | None = None
    claim: str | None = None
    stage: str = "discussion"
    phase: str = ""
    order: int = 0  # position in the speaker's view: later statements have larger numbers


def say(
    view: SeatView,
    decision: Decision,
    rng: random.Random,
    key: str,
    *,
    target: int | None = None,
    role: str | None = None,
    claim: str | None = None,
) -> Choice:
    """A speech answer: the acts of the intent ``key`` about ``target``, voiced (llm_werewolf.speech)."""
    return act_speech(view, decision, rng, key, target=target, role=role, claim=claim)


def _template_regex(line: str, names_alt: str, roles_alt: str) -> str:
    parts: list[str] = []
    used: set[str] = set()
    pos = 0
    for match in Template.pattern.finditer(line):
        parts.append(re.escape(line[pos : match.start()]))
        pos = match.end()
        name = match.group("named") or match.group("braced")
        if name is None:
            parts.append(re.escape(match.group()))
            continue
        if name in used:
            parts.append(f"(?P={name})")
            continue
        used.add(name)
        alt = {"target": names_alt, "role": roles_alt, "me": names_alt}.get(name, ".+?")
        parts.append(f"(?P<{name}>{alt})")
    parts.append(re.escape(line[pos:]))
    return "".join(parts)


def _canned(language: str, variant: str) -> dict[str, list[str]]:
    lines: dict[str, list[str]] = {}
    for relative in (f"{language}/common/canned.yaml", f"{language}/{variant}/canned.yaml"):
        data = optional_yaml("prompts", relative)
        if isinstance(data, dict):
            for key, value in data.items():
                if isinstance(value, list):
                    lines[str(key)] = [str(v) for v in value]
    return lines


@lru_cache(maxsize=64)
def _patterns(language: str, variant: str, names: tuple[str, ...]) -> tuple[tuple[str, re.Pattern[str]], ...]:
    role_names = terms(language, variant).get("roles", {})
    names_alt = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True) if n)
    roles_alt = "|".join(re.escape(str(n)) for n in sorted(role_names.values(), key=len, reverse=True))
    compiled: list[tuple[str, re.Pattern[str]]] = []
    # longer templates first, so a line that extends another is matched as itself
    for key, lines in _canned(language, variant).items():
        for line in lines:
            compiled.append((key, re.compile(_template_regex(line, names_alt or "(?!)", roles_alt or "(?!)"))))
    compiled.sort(key=lambda item: -len(item[1].pattern))
    return tuple(compiled)


@lru_cache(maxsize=8192)
def parse(language: str, variant: str, names: tuple[str, ...], text: str) -> tuple[str, int | None, str | None] | None:
    """(key, target seat, role id) of a canned line, or ``None`` when ``text`` is no canned line."""
    stripped = text.strip()
    if not stripped:
        return None
    role_ids = {str(v): k for k, v in terms(language, variant).get("roles", {}).items()}
    for key, pattern in _patterns(language, variant, names):
        match = pattern.fullmatch(stripped)
        if match is None:
            continue
        found = match.groupdict()
        target_name = found.get("target")
        target = names.index(target_name) if target_name in names else None
        return key, target, role_ids.get(found.get("role") or "")
    return None


def named_seat(text: str, names: tuple[str, ...], speaker: int) -> int | None:
    """The one seat other than ``speaker`` named in free text, or ``None`` (none or several)."""
    found: set[int] = set()
    for index in sorted(range(len(names)), key=lambda i: -len(names[i])):
        name = names[index]
        if name and name in text:
            text = text.replace(name, " ")
            if index != speaker:
                found.add(index)
    return found.pop() if len(found) == 1 else None


def heard(view: SeatView) -> list[Said]:
    """Every public speech in the view, read as structured statements (oldest first)."""
    out: list[Said] = []
    for index, record in enumerate(view.records):
        event = record.event
        if not isinstance(event, Speech) or event.to is not None:
            continue
        parsed = parse(view.language, view.variant, view.names, event.text) if not event.acts else None
        if event.acts:  # structured speech acts: read them, never the text
            intent = heard_intent(event.acts, view.variant, view.names)
            key, target, role = intent.key, intent.target, intent.role
        elif parsed is not None:
            key, target, role = parsed
        else:  # a model's or a human's own words: a claim that names one seat names its result
            key, role = "", None
            target = named_seat(event.text, view.names, event.seat) if event.claim else None
        out.append(Said(event.seat, key, target, role, event.claim, event.stage, record.phase, index))
    return out
