"""A decision is logged once, by the ``ChoiceMade`` that answers it (transcript schema 2); the
transition of schema-1 replays (``transcript.schema_one.AskedCtx``) logs the same game with an
``Asked`` record per question, and ``rules.questions`` reads the questions of either log."""

from __future__ import annotations

import dataclasses
import random

import pytest

from llm_werewolf.rules import Choice, Game, GameConfig, Record
from llm_werewolf.rules.events import Asked, ChoiceMade
from llm_werewolf.rules.questions import offered, question_of, questions
from llm_werewolf.rules.variant import BUILTIN_MODULES
from llm_werewolf.transcript.schema_one import AskedCtx

TABLES = sorted(BUILTIN_MODULES)


def _play(variant: str, seed: int, *, asked_records: bool) -> tuple[Game, list[tuple[int, object]]]:
    """A random game; also returns every pending decision as it was when answered."""
    ruleset_players = {"city_mafia": 9, "online_mafia": 9}.get(variant, 8)
    names = tuple(f"P{i}" for i in range(ruleset_players))
    transition = AskedCtx if asked_records else None
    game = Game(GameConfig(variant=variant, names=names, seed=seed, transition=transition))
    picker = random.Random(seed)
    put: list[tuple[int, object]] = []
    while not game.over:
        for decision in game.pending:
            put.append((decision.id, decision))
            game.submit(decision.id, Choice(decision.options[picker.randrange(len(decision.options))].id))
    return game, put


def _without_questions(records: list[Record]) -> list[tuple[str, object, object]]:
    """The log as both formats share it: no ``Asked`` records, choices without options/group."""
    out: list[tuple[str, object, object]] = []
    for record in records:
        event = record.event
        if isinstance(event, Asked):
            continue
        if isinstance(event, ChoiceMade):
            event = dataclasses.replace(event, options=(), group=None)
        out.append((record.phase, record.vis, event))
    return out


@pytest.mark.parametrize("variant", TABLES)
def test_each_choice_carries_the_options_and_group_it_was_offered(variant: str) -> None:
    game, put = _play(variant, 3, asked_records=False)
    assert not [r for r in game.records if isinstance(r.event, Asked)]
    choices = [r.event for r in game.records if isinstance(r.event, ChoiceMade)]
    decisions = dict(put)
    assert [c.decision_id for c in choices] == [d for d, _ in put]
    for choice in choices:
        decision = decisions[choice.decision_id]
        assert choice.options == tuple(o.id for o in decision.options)  # type: ignore[attr-defined]
        assert choice.group == decision.group  # type: ignore[attr-defined]
        assert choice.option in choice.options
        assert question_of(choice) is choice
    assert [r.seq for r in game.records] == list(range(len(game.records)))


@pytest.mark.parametrize("variant", TABLES)
def test_the_schema1_switch_logs_the_same_game_with_an_asked_record_per_question(variant: str) -> None:
    new, _ = _play(variant, 5, asked_records=False)
    old, _ = _play(variant, 5, asked_records=True)
    assert new.outcome == old.outcome
    asked = [r for r in old.records if isinstance(r.event, Asked)]
    assert len(asked) == len(questions(new.records)) > 0
    assert len(old.records) == len(new.records) + len(asked)
    assert _without_questions(old.records) == _without_questions(new.records)
    # schema 1: the question is its Asked record; the choice carries no options
    assert all(not r.event.options for r in old.records if isinstance(r.event, ChoiceMade))
    assert [question_of(r.event) for r in asked] == [r.event for r in asked]
    # the questions read the same off both logs
    fields = ("decision_id", "seat", "decision", "options", "group")
    assert [tuple(getattr(q, f) for f in fields) for q in questions(old.records)] == [
        tuple(getattr(q, f) for f in fields) for q in questions(new.records)
    ]
    assert offered(old.records) == offered(new.records)
    assert old.state.transition is AskedCtx and new.state.transition is None


def test_an_asked_record_stands_where_the_decision_was_put() -> None:
    game, _ = _play("chinese_werewolf", 2, asked_records=True)
    answered_at = {r.event.decision_id: r.seq for r in game.records if isinstance(r.event, ChoiceMade)}
    for record in game.records:
        if isinstance(record.event, Asked):
            assert record.seq < answered_at[record.event.decision_id]
            assert record.vis.seats == (record.event.seat,)


def test_a_choice_without_options_is_no_question() -> None:
    choice = ChoiceMade(decision_id=1, seat=0, decision="vote", option="skip")
    assert question_of(choice) is None
    assert question_of(dataclasses.replace(choice, options=("skip",))) is not None
    assert question_of(object()) is None
