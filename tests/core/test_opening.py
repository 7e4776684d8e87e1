"""open_table: one assembly of game, seats, header, writer and table for every front end."""

from __future__ import annotations

import ast
import asyncio
import importlib
from collections.abc import Sequence
from pathlib import Path

from llm_werewolf.agents.base import Agent
from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.evaluation.probes import CanaryAgent
from llm_werewolf.opening import open_table
from llm_werewolf.rules import GameConfig
from llm_werewolf.session import Session
from llm_werewolf.table.seating import AgentSpec
from llm_werewolf.transcript import read_transcript

NAMES = ("A", "B", "C", "D", "E")


def test_a_table_is_opened_with_its_header_and_the_writer_first(tmp_path: Path) -> None:
    class Collect:
        def __init__(self) -> None:
            self.count = 0

        def write(self, records: Sequence[object]) -> None:
            self.count += len(records)

    config = GameConfig(variant="one_night", names=NAMES, seed=5, language="en")
    mine = HeuristicAgent(seed=99)
    specs = [AgentSpec("heuristic"), AgentSpec("random"), AgentSpec("heuristic"), None, AgentSpec("heuristic")]
    sink = Collect()
    opened = open_table(config, specs, Session(), [sink], seated={3: mine}, header={"narrator": "off"})
    assert opened.table.agents[3] is mine and [a.kind for a in opened.table.agents] == [
        "heuristic", "random", "heuristic", "heuristic", "heuristic",
    ]  # fmt: skip
    writer = opened.write_to(tmp_path / "game.jsonl")
    assert opened.table.sinks[0] is writer
    asyncio.run(opened.table.play())
    opened.close()
    transcript = read_transcript(writer.path)
    assert transcript.header == opened.header and transcript.header.narrator == "off"
    assert [seat.agent for seat in transcript.header.seats] == [
        "heuristic",
        "random",
        "heuristic",
        "human",
        "heuristic",
    ]
    assert len(transcript.records) == len(opened.game.records) == sink.count


def test_wrapped_agents_play_but_the_header_describes_the_seats() -> None:
    config = GameConfig(variant="one_night", names=NAMES, seed=5, language="en")

    def canaries(agents: Sequence[Agent]) -> list[Agent]:
        return [CanaryAgent(agent, i, 5) for i, agent in enumerate(agents)]

    opened = open_table(config, [AgentSpec("heuristic")] * 5, Session(), wrap=canaries)
    assert all(isinstance(agent, CanaryAgent) for agent in opened.table.agents)
    assert [seat.agent for seat in opened.header.seats] == ["heuristic"] * 5


def imported(module: str) -> set[str]:
    """Every module ``module`` imports (at the top, in functions, under ``TYPE_CHECKING``)."""
    path = Path(importlib.import_module(module).__file__ or "")
    package = module.split(".")[:-1]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            out.add(".".join([*base, node.module or ""]).rstrip("."))
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
    return out


def test_session_narration_and_seating_import_no_cycle() -> None:
    """The seat specs know nothing of the session; the session builds no narrator."""
    seating = imported("llm_werewolf.table.seating")
    session = imported("llm_werewolf.session")
    assert "llm_werewolf.table.seating" in session  # the graph is read (a check that can fail)
    assert not any(m.startswith(("llm_werewolf.session", "llm_werewolf.narration")) for m in seating)
    assert not any(m.startswith("llm_werewolf.narration") for m in session)
