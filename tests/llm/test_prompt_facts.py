"""Compacted prompts keep every fact: each vote, claim, death and private result a seat has seen.

Whole games (heuristic choices, no day cap) on the tables of the prompt benchmark (bench/prompts.py):
at every decision of every seat, the prompt that seat's model would get (``openai`` profile) is
checked against the records in the seat's view, whatever day they are from:

* every ballot the seat saw (public votes, its team's night votes): ``voter → choice``;
* every role claim made in public: the speaker and the claimed role on one line;
* every announced death: the dead player on a line saying so;
* every private result (its card, what it learned at night): the line that tells it.

Nothing is cut by the character budget, and no prompt is over the benchmark's bound.
"""

from __future__ import annotations

from typing import Any

import pytest

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.prompting.history import group
from llm_werewolf.prompting.render import SeatPrompter
from llm_werewolf.rules import Game, GameConfig, ViewBuilder
from llm_werewolf.rules.events import DeathsAnnounced, Info, RoleAssigned, Speech, VoteCast

CW_DECK = ("werewolf", "werewolf", "seer", "guard", "villager", "villager", "villager", "villager")
TABLES = [
    ("chinese_werewolf", CW_DECK, {"sheriff": False}),
    ("chinese_werewolf", None, {"with_cupid": True, "with_little_girl": True}),
    ("lebanese_ghouls", None, {}),
]
MAX_CHARS = 10_000
"""The documented bound (docs/performance.md): the largest prompt of these games is 9,792 characters, a
day-1 last words with a long day's speeches in full and the speech plan."""


def check_prompt(prompter: SeatPrompter, view: ViewBuilder, text: str) -> None:
    lines = text.splitlines()
    seen = view.view()
    for record in seen.records:
        event = record.event
        if isinstance(event, VoteCast):
            fact = f"{prompter._player(event.seat)} → {prompter._label(event.option)}"
            assert fact in text, f"seat {prompter.seat}, {seen.phase}: the vote {fact!r} ({record.phase}) is missing"
        elif isinstance(event, Speech) and event.claim is not None and record.vis.scope == "public":
            speaker, role = prompter._player(event.seat), prompter.book.role_name(event.claim)
            assert any(line.startswith(speaker) and role in line and "claim" in line for line in lines), (
                f"seat {prompter.seat}, {seen.phase}: {speaker}'s claim of {role} ({record.phase}) is missing"
            )
        elif isinstance(event, DeathsAnnounced):
            for death in event.deaths:
                name = prompter._player(death.seat)
                assert any(name in line and " dead" in line for line in lines), (
                    f"seat {prompter.seat}, {seen.phase}: {name}'s death ({record.phase}) is missing"
                )
        elif isinstance(event, Info | RoleAssigned) and record.vis.scope != "public":
            (entry,) = group([record], quote_chars=prompter.profile.quote_chars, hide_thoughts=False)
            assert prompter._history_book is not None
            line = prompter._history_book._text("full", entry)
            assert line and line in text, f"seat {prompter.seat}, {seen.phase}: private result {line!r} is missing"


@pytest.mark.parametrize(("variant", "deck", "options"), TABLES)
def test_every_fact_a_seat_saw_is_in_its_prompt(
    variant: str, deck: tuple[str, ...] | None, options: dict[str, Any]
) -> None:
    compacted_days = sum(play_and_check(variant, deck, options, seed) for seed in range(6))
    assert compacted_days >= 3, "too few days with compacted history: the check would test little"


def play_and_check(variant: str, deck: tuple[str, ...] | None, options: dict[str, Any], seed: int) -> int:
    """Play one game, checking every prompt; the number of days whose prompts held compacted history."""
    players = 8
    names = tuple(f"P{i + 1}" for i in range(players))
    game = Game(GameConfig(variant=variant, names=names, seed=seed, language="en", deck=deck, options=options))
    builders = [ViewBuilder(i) for i in range(players)]
    prompters = [
        SeatPrompter(language="en", variant=variant, seat=i, profile=get_profile("openai")) for i in range(players)
    ]
    heuristic = HeuristicAgent(seed)
    published = checked = 0
    days_with_compaction: set[str] = set()
    while not game.over:
        for builder in builders:
            builder.extend(game.records[published:])
        published = len(game.records)
        for decision in game.pending:
            builder, prompter = builders[decision.seat], prompters[decision.seat]
            view = builder.view()
            prompt = prompter.prompt(view, decision)
            text = prompt.text()
            assert len(text) <= MAX_CHARS, f"{len(text)} characters at {view.phase}"
            parts = prompter._history(view, prompter._static_context(view))
            assert parts.omitted == 0, "the character budget cut the history"
            days_seen = {r.phase for r in view.records if r.phase.startswith("day:")}
            if len(days_seen) >= 2:
                assert parts.compacted, f"{view.phase}: the earlier days are not compacted"
                days_with_compaction.add(view.phase)
            check_prompt(prompter, builder, text)
            checked += 1
            game.submit(decision.id, heuristic.choose(view, decision))
    assert checked > 10
    return len({phase for phase in days_with_compaction if phase.startswith("day:")})
