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
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from string import Template
from typing import NamedTuple

from ...rules import Choice, Decision, SeatView
from ...rules.events import SharedEventRecord, Speech
from ...speech.intent import heard_intent
from ...speech.table_reading import game_memo
from ...texts import optional_yaml, terms
from ..speech import act_speech
from .record_scan import ScanMemory


class Said(NamedTuple):
    """One public statement: ``key`` names the canned line ("" when unrecognised).

    A named tuple: every seat builds one per public speech it hears, and a tuple is built several
    times faster than a frozen dataclass.
    """

    speaker: int
    key: str
    target: int | None = None
    role: str | None = None
    claim: str | None = None
    stage: str = "discussion"
    phase: str = ""
    order: int = 0  # position in the speaker's view: later statements have larger numbers


def said_in(said: Sequence[Said], phase: str) -> Sequence[Said]:
    """The trailing statements of ``said`` made in ``phase`` (a phase's statements are consecutive)."""
    first = len(said)
    while first and said[first - 1].phase == phase:
        first -= 1
    return said[first:]


IntentsRun = tuple[str, dict[int, int]]
"""A phase and, for the trailing statements made in it, the seat each speaker last said it votes for."""


def intents_run(run: IntentsRun, statements: Iterable[Said], announces_vote: Callable[[Said], bool]) -> IntentsRun:
    """``run`` carried over ``statements`` (newly heard, oldest first): for the trailing statements of one
    phase (:func:`said_in` of that phase), the target of each speaker's latest statement with a target that
    ``announces_vote``, in the order the speakers first did. The dict is replaced, never changed, so a run
    kept by a seat's memory stays as it was."""
    phase, intents = run
    own = False
    for said in statements:
        if said.phase != phase:
            phase, intents, own = said.phase, {}, True
        target = said.target
        if target is not None and announces_vote(said):
            if not own:
                intents, own = dict(intents), True
            intents[said.speaker] = target
    return phase, intents


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


def template_regex(line: str, names_alt: str, roles_alt: str) -> str:
    """A regex that reads a canned ``string.Template`` line back (named groups for its slots)."""
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


class CannedLine(NamedTuple):
    """One canned line as :func:`parse` reads it back."""

    key: str
    pieces: tuple[str, ...]  # the line's text between its slots: every text the line matches holds each
    source: str  # the line's regex (:func:`template_regex`), compiled the first time a text holds every piece


def literal_pieces(line: str) -> tuple[str, ...]:
    """The text of a canned ``string.Template`` line between its slots (what :func:`template_regex` escapes)."""
    pieces: list[str] = []
    pos = 0
    for match in Template.pattern.finditer(line):
        if match.group("named") or match.group("braced"):
            pieces.append(line[pos : match.start()])
            pos = match.end()
    pieces.append(line[pos:])
    return tuple(piece for piece in pieces if piece)


@lru_cache(maxsize=64)
def _patterns(language: str, variant: str, names: tuple[str, ...]) -> tuple[CannedLine, ...]:
    role_names = terms(language, variant).get("roles", {})
    names_alt = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True) if n)
    roles_alt = "|".join(re.escape(str(n)) for n in sorted(role_names.values(), key=len, reverse=True))
    found: list[CannedLine] = []
    # longer templates first, so a line that extends another is matched as itself
    for key, lines in _canned(language, variant).items():
        for line in lines:
            source = template_regex(line, names_alt or "(?!)", roles_alt or "(?!)")
            found.append(CannedLine(key, literal_pieces(line), source))
    found.sort(key=lambda item: -len(item.source))
    return tuple(found)


@lru_cache(maxsize=4096)
def _compiled(source: str) -> re.Pattern[str]:
    return re.compile(source)


@lru_cache(maxsize=8192)
def parse(language: str, variant: str, names: tuple[str, ...], text: str) -> tuple[str, int | None, str | None] | None:
    """(key, target seat, role id) of a canned line, or ``None`` when ``text`` is no canned line.

    A line is matched only against a text that holds all of its text between slots, so the lines
    a text cannot be are never compiled."""
    stripped = text.strip()
    if not stripped:
        return None
    role_ids = {str(v): k for k, v in terms(language, variant).get("roles", {}).items()}
    for line in _patterns(language, variant, names):
        if not all(piece in stripped for piece in line.pieces):
            continue
        match = _compiled(line.source).fullmatch(stripped)
        if match is None:
            continue
        found = match.groupdict()
        target_name = found.get("target")
        target = names.index(target_name) if target_name in names else None
        return line.key, target, role_ids.get(found.get("role") or "")
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


def heard(view: SeatView, memory: ScanMemory | None = None) -> Sequence[Said]:
    """Every public speech in the view, read as structured statements (oldest first).

    A seat's views only grow, so with the agent's ``memory`` the statements read from a view's
    records are kept (per seat, checked by record identity) and only the records added since are
    read again; the statements are a tuple, shared with the caller and extended only when a new
    speech is heard. Without a memory every record is read.
    """
    records = view.records
    if not records:
        return ()
    start, said = memory.recall(view.seat, HEARD, records) if memory is not None else (0, None)
    if said is None:
        said = ()
    language, variant, names = view.language, view.variant, view.names
    read = game_memo(view, SPEECH_READINGS) if start < len(records) else {}
    new: list[Said] = []
    for index in range(start, len(records)):
        event = records[index]  # a record is its event, but for a shared one (never a speech so far): no call
        kind = type(event)
        if kind is not Speech and (kind is not SharedEventRecord or type(event := event.event) is not Speech):
            continue
        assert isinstance(event, Speech)
        if event.to is None:
            new.append(hear(event, index, records[index].phase, language, variant, names, read))
    if new:
        said += tuple(new)
    if memory is not None:
        memory.derive(view.seat, HEARD, records, said)
    return said


def hear(
    event: Speech, index: int, phase: str, language: str, variant: str, names: tuple[str, ...], read: Readings
) -> Said:
    """The statement read from the public speech ``event``, record ``index`` of the view (made in ``phase``);
    ``read``: the game's readings of its speeches (:data:`SPEECH_READINGS`)."""
    found, target, role = _read(event, language, variant, names, read)
    return _said(Said, (event.seat, found, target, role, event.claim, event.stage, phase, index))


HEARD = "heard"
"""The name under which an agent's ``ScanMemory`` keeps what each of its seats heard (:func:`heard`)."""
_said = tuple.__new__  # ``Said(...)`` with every field given, without the named tuple's Python-level ``__new__``


Reading = tuple[str, int | None, str | None]
Readings = dict[int, tuple[Speech, Reading]]
"""(key, target, role) of each speech of a game read so far, by the speech's identity (the speech is kept
with it, so that its identity stays its own while the entry lives)."""


SPEECH_READINGS = "speech_readings"
"""The game memo (``speech.table_reading.game_memo``) of :data:`Readings`: one per game, shared by its seats
and gone with the game."""


def _read(event: Speech, language: str, variant: str, names: tuple[str, ...], read: Readings) -> Reading:
    """(key, target, role) of one speech; speeches are immutable records, so each is read once a game
    (the memo is keyed by the record's identity and checks it, which is cheaper than hashing it)."""
    cached = read.get(id(event))
    if cached is not None and cached[0] is event:
        return cached[1]
    reading = _read_uncached(event, language, variant, names)
    read[id(event)] = (event, reading)
    return reading


def _read_uncached(event: Speech, language: str, variant: str, names: tuple[str, ...]) -> Reading:
    if event.acts:  # structured speech acts: read them, never the text
        intent = heard_intent(event.acts, variant, names)
        return intent.key, intent.target, intent.role
    parsed = parse(language, variant, names, event.text)
    if parsed is not None:
        return parsed
    if event.stage == "last_words" and not event.claim:  # a testament or a wolf's parting line with no act
        return "last_words", None, None
    # a model's or a human's own words: a claim that names one seat names its result
    return "", (named_seat(event.text, names, event.seat) if event.claim else None), None
