"""A night ballot (not an exile) that names a seat the game does not have is refused like a day ballot."""

from __future__ import annotations

from pathlib import Path

import pytest

from llm_werewolf.evaluation.facts import BadGame
from llm_werewolf.evaluation.load import load_facts
from llm_werewolf.evaluation.study import load_study
from llm_werewolf.rules.events import VoteCast

from .builders import FakeGame


def _game(target: int) -> FakeGame:
    g = FakeGame("chinese_werewolf", ["werewolf", "seer", "villager"], ["human"] * 3)
    g.phase("night", 1)
    g.add(VoteCast(seat=0, ballot="wolf_kill", option=f"seat:{target}", target=target))
    g.end((0,), ("wolves",), "test")
    return g


def test_a_night_ballot_naming_a_missing_seat_is_refused(tmp_path: Path) -> None:
    path = _game(target=7).write(tmp_path)
    with pytest.raises(BadGame, match="names seat 7, but the game has 3 players"):
        load_facts(path)
    study = load_study(tmp_path)
    assert study.games == [] and "names seat 7" in study.unscored[0][1]


def test_a_night_ballot_naming_a_real_seat_is_kept_and_not_scored_as_an_exile(tmp_path: Path) -> None:
    facts = load_facts(_game(target=2).write(tmp_path))
    assert facts.ballots == [] and [(b.ballot, b.target) for b in facts.other_ballots] == [("wolf_kill", 2)]
