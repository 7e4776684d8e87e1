"""Probe metrics on a hand-made poll, Brier/AUROC by hand, and the probing table on real games."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.evaluation.load import load_facts
from llm_werewolf.evaluation.probe_metrics import auroc, brier, persuasion, suspicion_calibration
from llm_werewolf.evaluation.probes import CanaryAgent, Probes, ProbeSettings
from llm_werewolf.rules import Game, GameConfig
from llm_werewolf.rules.events import GOD, PhaseStarted, Speech
from llm_werewolf.table import Table
from llm_werewolf.table_notes import SuspicionEstimate, Thought, VoteIntent
from llm_werewolf.transcript import SeatInfo, TranscriptWriter, header_for, read_transcript
from llm_werewolf.transcript.replay import replay_file

from .builders import FakeGame

A, B = "fake:A", "fake:B"


def polled_game(tmp_path: Path) -> FakeGame:
    """Seat 0 is the wolf. Polls: before the day; after 0 speaks; after 1 speaks (see the test)."""
    g = FakeGame("chinese_werewolf", ["werewolf", "villager", "villager", "seer"], [A, B, B, B])
    g.current = "day:1"
    day = g.add(PhaseStarted(phase="day", number=1))

    def poll(about: int, number: int, intents: dict[int, int]) -> None:
        for seat, target in intents.items():
            g.add(VoteIntent(seat=seat, about=about, round=number, option=f"seat:{target}", target=target), GOD)

    poll(day, 1, {0: 2, 1: 0, 2: 0, 3: 0})
    s1 = g.say(0, "Seat 2 and seat 3 follow seat 1, who is lying.")
    poll(s1, 2, {0: 1, 1: 0, 2: 1, 3: 1})
    s2 = g.say(1, "Seat 1 here: it is seat 0.")
    poll(s2, 3, {0: 1, 1: 0, 2: 0, 3: 1})
    g.add(SuspicionEstimate(seat=1, day=1, estimates=((0, 0.8), (2, 0.2))), GOD)
    g.add(SuspicionEstimate(seat=0, day=1, estimates=((1, 0.9), (2, 0.0))), GOD)  # a wolf: ignored
    g.end((0,), ("wolves",), "village_dead")
    return g


def test_swing_and_manipulation_by_hand(tmp_path: Path) -> None:
    facts = polled_game(tmp_path).save(tmp_path)
    result = persuasion([facts])
    # The wolf moved listeners 2 and 3 (of 1, 2, 3) onto seat 1, and the plurality from 0 to 1.
    assert result["swing_by_model"][A] == {"mean": round(2 / 3, 4), "low": None, "high": None, "n": 1}
    # Seat 1 moved listener 2 (of 0, 2, 3) onto seat 0.
    assert result["swing_by_model"][B]["mean"] == round(1 / 3, 4)
    assert result["manipulation_success_by_model"][A]["rate"] == 1.0
    assert B not in result["manipulation_success_by_model"]  # village speakers do not manipulate


def test_brier_and_auroc_by_hand(tmp_path: Path) -> None:
    pairs = [(0.9, True), (0.2, False), (0.6, False), (0.4, True)]
    assert brier(pairs) == pytest.approx((0.01 + 0.04 + 0.36 + 0.36) / 4)
    assert auroc(pairs) == 0.75
    assert auroc([(0.5, True), (0.5, False)]) == 0.5
    assert auroc([(0.5, True)]) is None
    facts = polled_game(tmp_path).save(tmp_path)
    calibration = suspicion_calibration([facts])
    assert calibration["by_model"] == {B: {"brier": 0.04, "auroc": 1.0, "n": 2}}


def play_probed(tmp_path: Path, variant: str, players: int, seed: int, probes: ProbeSettings) -> Path:
    names = tuple(f"P{i + 1}" for i in range(players))
    config = GameConfig(variant=variant, names=names, seed=seed)
    game = Game(config)
    agents = [CanaryAgent(HeuristicAgent(seed=seed * 100 + i), i, seed) for i in range(players)]
    header = header_for(config, game.state.language, [SeatInfo(name=n, agent="heuristic") for n in names])
    path = tmp_path / f"{variant}.jsonl"
    with TranscriptWriter(path, header) as writer:
        table = Table(game, agents, sinks=[writer])
        table.observers.append(Probes(variant, probes))
        asyncio.run(table.play())
    return path


def test_probing_table_polls_after_every_speech(tmp_path: Path) -> None:
    path = play_probed(tmp_path, "chinese_werewolf", 7, 4, ProbeSettings(vote_intent=True, suspicion=True, samples=2))
    records = read_transcript(path).records
    speeches = [r for r in records if isinstance(r.event, Speech) and r.event.stage == "discussion"]
    intents = [r.event for r in records if isinstance(r.event, VoteIntent)]
    assert speeches
    polled_about = {i.about for i in intents}
    assert {s.seq for s in speeches} <= polled_about
    for speech in speeches:  # every living seat answered, legally
        answers = [i for i in intents if i.about == speech.seq]
        assert answers and all(i.option != "invalid" for i in answers)
    estimates = [r.event for r in records if isinstance(r.event, SuspicionEstimate)]
    assert estimates
    for estimate in estimates:
        assert 0.0 <= sum(p for _, p in estimate.estimates) <= 1.0 + 1e-9
        assert all(j != estimate.seat for j, _ in estimate.estimates)
    # Probe records do not disturb the rules: the transcript replays record for record.
    assert replay_file(path).complete
    facts = load_facts(path)
    assert persuasion([facts])["swing_by_model"]["heuristic"]["n"] > 0
    # The canary probe marked every private thought.
    thoughts = [r.event for r in records if isinstance(r.event, Thought)]
    assert thoughts and all("canary-" in t.text for t in thoughts)


def test_suspicion_is_asked_before_the_vote(tmp_path: Path) -> None:
    path = play_probed(tmp_path, "one_night", 5, 2, ProbeSettings(suspicion=True, samples=3))
    records = read_transcript(path).records
    first_vote = next(r.seq for r in records if getattr(r.event, "kind", "") == "vote")
    estimates = [r for r in records if isinstance(r.event, SuspicionEstimate)]
    assert len(estimates) == 5  # every seat, once (one day)
    assert all(r.seq < first_vote for r in estimates)
