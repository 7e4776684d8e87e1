"""Short canned speeches for non-LLM agents, read from ``prompts/<lang>/.../canned.yaml``.

Lines are :class:`string.Template` strings (``$target``, ``$role``): simple
substitution only, never evaluated.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from functools import cache, lru_cache
from string import Template
from typing import TYPE_CHECKING, Any

from ..rules import Choice, Decision, SeatView
from ..rules.acts import Act
from ..rules.events import SharedEventRecord, Speech
from ..speech.table_reading import game_memo
from ..texts import TextDataError, optional_yaml, role_name

if TYPE_CHECKING:
    from ..speech.planner import Plan
    from ..speech.repeats import Wear
    from ..speech.voice import Speaker


@lru_cache(maxsize=1024)
def _lines(language: str, variant: str, key: str) -> tuple[str, ...]:
    """The canned lines of ``key`` (read once: looking for the files costs a ``stat`` each)."""
    for relative in (f"{language}/{variant}/canned.yaml", f"{language}/common/canned.yaml"):
        data: Any = optional_yaml("prompts", relative)
        if isinstance(data, dict) and isinstance(data.get(key), list) and data[key]:
            return tuple([str(line) for line in data[key]])
    raise TextDataError(f"no canned speech {key!r} for {language}/{variant}")


Earlier = dict[int | None, tuple[int, object, tuple[str, ...], str]]
"""Per seat: how many records were read, the last of them, the texts found and the texts joined."""


def _earlier(view: SeatView) -> tuple[tuple[str, ...], str]:
    """The texts of every speech in ``view`` (``speech.coherence.earlier_speeches``), read incrementally,
    and the same texts joined as ``speech.voice`` searches them (``_joined``: NUL between texts).

    A seat's views only grow, so the texts found in its last view are kept with that view's
    length and last record; a view that continues it (the same record object at that place)
    reads only the records added since, any other view (another game, a replay) from the start.
    """
    records = view.records
    kept: Earlier = game_memo(view, "earlier_speeches")  # per seat, gone with the game
    known = kept.get(view.seat)
    start = 0
    texts: tuple[str, ...] = ()
    joined = ""
    if known is not None:
        size, last, seen, seen_joined = known
        if 0 < size <= len(records) and records[size - 1] is last:
            start, texts, joined = size, seen, seen_joined
    found: list[str] = []
    for event in records[start:]:  # a record is its own event, but a shared record (no call for the others)
        kind = type(event)
        if kind is not Speech and (kind is not SharedEventRecord or type(event := event.event) is not Speech):
            continue
        assert isinstance(event, Speech)
        if event.text:
            found.append(event.text)
    new = tuple(found)
    if new:
        joined = f"{joined}\x00{_NUL.join(new)}" if texts else _NUL.join(new)
        texts = texts + new
    if records:
        kept[view.seat] = (len(records), records[-1], texts, joined)
    return texts, joined


_NUL = "\x00"


def _earlier_speeches(view: SeatView) -> tuple[str, ...]:
    """The texts of every speech in ``view``, read incrementally (see :func:`_earlier`)."""
    return _earlier(view)[0]


def canned_speech(
    view: SeatView,
    key: str,
    rng: random.Random,
    *,
    target: int | None = None,
    role: str | None = None,
    result: str | None = None,
) -> str:
    """One canned line in the view's language, not one said earlier in the game while another remains.
    ``target`` is a seat index, ``role`` a role id."""
    said = [
        _substituted(
            line,
            view.names[target] if target is not None else "",
            role_name(view.language, view.variant, role) if role else "",
            result or "",
            view.me or "",
        )
        for line in _lines(view.language, view.variant, key)
    ]
    joined = _earlier(view)[1] if view.seat is not None else ""
    return rng.choice([line for line in said if line not in joined] or said)


@lru_cache(maxsize=8192)
def _substituted(line: str, target: str, role: str, result: str, me: str) -> str:
    """``line`` with its slots filled (remembered: the same lines name the same seats game after game)."""
    return Template(line).safe_substitute({"target": target, "role": role, "result": result, "me": me})


@cache
def _voicing() -> tuple[Callable[..., list[Act]], Callable[..., str], Callable[[SeatView], bool]]:
    """``speech.intent.intent_acts``, ``speech.voice.voice`` and ``speech.promises.spoke_before``,
    imported once (the speech package imports this module, so they cannot be imported at the top)."""
    from ..speech.intent import intent_acts
    from ..speech.promises import spoke_before
    from ..speech.voice import voice

    return intent_acts, voice, spoke_before


@cache
def _planning() -> tuple[
    Callable[..., Plan], Callable[..., Plan], frozenset[str], Callable[[SeatView], Mapping[str, Wear]]
]:
    """``speech.planner.plan`` and ``last_words_plan``, the quiet intents and ``speech.table_reading.worn_in``."""
    from ..speech.intent import QUIET
    from ..speech.planner import last_words_plan, plan
    from ..speech.table_reading import worn_in

    return plan, last_words_plan, QUIET, worn_in


@lru_cache(maxsize=1024)
def _speaker(seat: int, names: tuple[str, ...], language: str, variant: str) -> Speaker:
    """The plain ``Speaker`` of a seat (frozen, so one object serves every speech of that seat)."""
    from ..speech.voice import Speaker

    return Speaker(seat=seat, names=names, language=language, variant=variant)


def act_speech(
    view: SeatView,
    decision: Decision,
    rng: random.Random,
    key: str,
    *,
    option: str | None = None,
    target: int | None = None,
    role: str | None = None,
    result: str | None = None,
    claim: str | None = None,
) -> Choice:
    """A heuristic's speech: the acts its intent makes, planned into a speech and voiced from the phrase bank.

    ``key`` names the intent (``seer_wolf``, ``accuse``, ``neutral``...; see
    :mod:`llm_werewolf.speech.intent`). The discourse planner (:mod:`llm_werewolf.speech.planner`)
    puts the intent's acts in a speech that answers the questions put to the seat, rebuts
    an accusation, grounds its suspicion in the public record and asks one question; last
    words follow how the seat died. An intent that makes no act (a campaign, small talk
    without a question) is said with its situational line from ``canned.yaml``, or the
    phrase bank's ``pass`` when it has none.
    """
    intent_acts, voice, spoke_before = _voicing()
    plan, last_words_plan, quiet, worn_in = _planning()
    acts = intent_acts(view, key, target=target, role=role, result=result, claim=claim)
    chosen = option or decision.options[0].id
    claimed = next((a.role for a in acts if a.kind == "claim"), claim)
    last_words = decision.kind == "last_words"
    if acts or key == "neutral" or last_words:
        assert view.seat is not None
        planned = last_words_plan(view, acts, target) if last_words else plan(view, acts, quiet_intent=key in quiet)
        speaker = _speaker(view.seat, view.names, view.language, view.variant)
        used, joined = _earlier(view)
        worn = worn_in(view)
        lead = None if planned.lead is None else Act("lead", fact=planned.lead, role=view.role)
        close = None if planned.close is None else Act("lead", fact=planned.close, target=planned.close_target)
        spoke = spoke_before(view)
        text = voice(planned.acts, speaker, rng, used, joined, lead=lead, close=close, worn=worn, spoke_before=spoke)
        said = next((a.role for a in planned.acts if a.kind == "claim"), None)
        return Choice(chosen, text=text, claim=said if last_words else claimed, acts=planned.acts)
    try:
        text = canned_speech(view, key, rng, target=target, role=role, result=result)
    except TextDataError:  # an intent with neither an act nor a line of its own: ask someone
        return act_speech(view, decision, rng, "neutral", option=chosen, claim=claim)
    return Choice(chosen, text=text, claim=claimed)


def answered_line(view: SeatView, decision: Decision, rng: random.Random, text: str, *, option: str) -> Choice:
    """A situational line (a Tanner's bait) said after the answers the seat owes the players who asked
    it something (``speech.planner.answers``); without open questions, the line alone; an empty
    ``text``: the answers alone (a Jester's silence, but for what he was asked)."""
    from ..speech.planner import answers

    acts = answers(view)
    if not acts or view.seat is None:
        return Choice(option, text=text)
    _, voice, spoke_before = _voicing()
    speaker = _speaker(view.seat, view.names, view.language, view.variant)
    used, joined = _earlier(view)
    said = voice(acts, speaker, rng, used, joined, spoke_before=spoke_before(view))
    joiner = "" if view.language == "zh-Hant" or not text else " "
    return Choice(option, text=f"{said}{joiner}{text}", acts=tuple(acts))
