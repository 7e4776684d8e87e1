"""Small helpers shared by the battery's harnesses: tables, names, players, languages."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Sequence
from typing import Any, TypeVar

from llm_werewolf.prompting.packs import has_pack, search_roots
from llm_werewolf.rules import Record, all_rulesets, get_ruleset
from llm_werewolf.rules.events import ChoiceMade, GameEnded
from llm_werewolf.rules.questions import question_of
from llm_werewolf.texts import default_names

T = TypeVar("T")

BUILTIN_RULESETS: tuple[str, ...] = ("chinese_werewolf", "city_mafia", "lebanese_ghouls", "one_night", "online_mafia")


def rulesets() -> list[str]:
    """The registered rulesets the battery covers (the built-in five, plus any other with prompts)."""
    return sorted(r.id for r in all_rulesets() if r.id != "toy")


def players_for(variant: str, wanted: int = 8) -> int:
    ruleset = get_ruleset(variant)
    return min(max(wanted, ruleset.min_players), ruleset.max_players)


def prompt_languages(variant: str) -> list[str]:
    """The ruleset's languages that have model prompts, source language first."""
    roots = search_roots()
    return [lang for lang in get_ruleset(variant).languages if has_pack(roots, lang, variant)]


def names_for(language: str, players: int) -> tuple[str, ...]:
    return default_names(language, players)


def run(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to the end in a fresh event loop."""
    return asyncio.run(coro)


def ended_legally(records: Sequence[Record]) -> list[str]:
    """What is wrong with a finished game's log (empty: it ended legally).

    One ``GameEnded``; every ``ChoiceMade`` names an option its question offered (its own
    ``options``, or a schema-1 ``Asked``); every asked decision was answered; sequence numbers
    without gaps.
    """
    problems: list[str] = []
    asked: dict[int, tuple[str, ...]] = {}
    answered: set[int] = set()
    for index, record in enumerate(records):
        if record.seq != index:
            problems.append(f"sequence gap at record {index} (seq {record.seq})")
            break
        event = record.event
        question = question_of(event)
        if question is not None:
            asked[question.decision_id] = question.options
        if isinstance(event, ChoiceMade):
            if event.option not in asked.get(event.decision_id, ()):
                problems.append(f"decision {event.decision_id}: {event.option!r} was not offered")
            answered.add(event.decision_id)
    ends = [r for r in records if isinstance(r.event, GameEnded)]
    if len(ends) != 1:
        problems.append(f"{len(ends)} GameEnded records")
    missing = sorted(set(asked) - answered)
    if missing:
        problems.append(f"decisions never answered: {missing[:5]}")
    return problems


def map_jobs(func: Callable[..., T], jobs: Sequence[tuple[Any, ...]], workers: int) -> list[T]:
    """``func(*job)`` for every job, in that order; in worker processes when ``workers`` > 1."""
    if workers <= 1 or len(jobs) <= 1:
        return [func(*job) for job in jobs]
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(func, *job) for job in jobs]
        return [future.result() for future in futures]
