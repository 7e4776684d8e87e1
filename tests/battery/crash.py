"""Battery item 5, crash and resume: a game process killed at a random event resumes to the same log.

A reference game is played to its end into a transcript: model players on the
fake backend (model calls, private thoughts, speeches) and the template
narrator. Then, for each kill point, a *forked child process* plays the same
game and sends itself ``SIGKILL`` right after the transcript writer has written
a chosen record, sometimes after having written part of the next line as well
(a crash in the middle of a write). The parent resumes the partial file with
:func:`llm_werewolf.opening.resume.resume_file` and the same kind of agents;
the file must then be byte-identical to the reference.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from llm_werewolf.agents.base import Agent
from llm_werewolf.agents.llm_agent import LLMAgent, LLMAgentSettings
from llm_werewolf.llm.fake import FakeBackend
from llm_werewolf.narration import TemplateNarrator
from llm_werewolf.opening.resume import resume_file
from llm_werewolf.rules import Game, GameConfig, Record
from llm_werewolf.seeds import derive_seed
from llm_werewolf.table import Table, TableSettings
from llm_werewolf.transcript import SeatInfo, TranscriptWriter, header_for, read_transcript
from llm_werewolf.transcript.schema import Header, dump_record

from .games import names_for, players_for, prompt_languages


@dataclass
class CrashStats:
    variant: str
    kills: int = 0
    killed_mid_line: int = 0
    resumed_identical: int = 0
    records_in_reference: int = 0
    problems: list[str] = field(default_factory=list)

    def add(self, other: CrashStats) -> None:
        self.kills += other.kills
        self.killed_mid_line += other.killed_mid_line
        self.resumed_identical += other.resumed_identical
        self.records_in_reference = max(self.records_in_reference, other.records_in_reference)
        self.problems.extend(other.problems)

    def as_dict(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "kills": self.kills,
            "killed_mid_line": self.killed_mid_line,
            "resumed_identical": self.resumed_identical,
            "problems": len(self.problems),
        }


def _agents(seed: int, players: int) -> list[Agent]:
    backend = FakeBackend(seed=seed)
    return [LLMAgent(backend, settings=LLMAgentSettings(seed=seed * 1009 + i)) for i in range(players)]


def _setup(variant: str, seed: int) -> tuple[GameConfig, Header]:
    language = (prompt_languages(variant) or ["en"])[0]
    players = players_for(variant)
    names = names_for(language, players)
    config = GameConfig(variant=variant, names=names, seed=seed, language=language)
    seats = [SeatInfo(name=n, agent="fake") for n in names]
    return config, header_for(config, language, seats, narrator="template")


class _KillingWriter(TranscriptWriter):
    """Writes records one by one and kills its own process after record ``kill_after``."""

    def __init__(self, path: Path, header: Header, kill_after: int, partial: float) -> None:
        super().__init__(path, header)
        self.kill_after = kill_after
        self.partial = partial
        self.written = 0

    def write(self, records: Iterable[Record]) -> None:
        for record in records:
            if self.written == self.kill_after:
                if self.partial > 0:
                    line = dump_record(record) + b"\n"
                    with self.path.open("ab") as handle:  # half a line, as a crash inside a write leaves it
                        handle.write(line[: max(1, int(len(line) * self.partial))])
                os.kill(os.getpid(), signal.SIGKILL)
            super().write([record])
            self.written += 1


def play(config: GameConfig, header: Header, path: Path, writer: TranscriptWriter | None = None) -> Game:
    game = Game(config)
    sink = writer or TranscriptWriter(path, header)
    narrator = TemplateNarrator(
        config.variant, header.language, config.names, seed=derive_seed(config.seed, "narrator")
    )
    agents = _agents(config.seed, len(config.names))
    with sink:
        asyncio.run(Table(game, agents, sinks=[sink], narrator=narrator, settings=TableSettings()).play())
    return game


def kill_child(config: GameConfig, header: Header, path: Path, kill_after: int, partial: float) -> int:
    """Fork; the child plays into ``path`` and SIGKILLs itself; returns the child's wait status."""
    pid = os.fork()
    if pid == 0:  # the child: never returns into the caller
        code = 1
        try:
            play(config, header, path, _KillingWriter(path, header, kill_after, partial))
            code = 3  # the game ended before the kill point
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    return status


def crash_battery(variant: str, kills: int, seed: int, folder: Path) -> CrashStats:
    """Kill ``kills`` children of one game at random records (a third of them mid-line) and resume each."""
    stats = CrashStats(variant)
    config, header = _setup(variant, seed)
    folder.mkdir(parents=True, exist_ok=True)
    reference_path = folder / f"{variant}-{seed}-reference.jsonl"
    play(config, header, reference_path)
    reference = reference_path.read_bytes()
    total = len(read_transcript(reference_path).records)
    stats.records_in_reference = total
    rng = random.Random(f"crash:{variant}:{seed}")
    points = sorted(rng.randrange(0, total) for _ in range(kills))
    for n, kill_after in enumerate(points):
        partial = rng.choice((0.0, 0.0, rng.uniform(0.05, 0.95)))
        path = folder / f"{variant}-{seed}-kill{n}.jsonl"
        status = kill_child(config, header, path, kill_after, partial)
        where = f"{variant} seed {seed}: kill after record {kill_after} of {total}" + (" mid-line" if partial else "")
        stats.kills += 1
        stats.killed_mid_line += partial > 0
        if not os.WIFSIGNALED(status) or os.WTERMSIG(status) != signal.SIGKILL:
            stats.problems.append(f"{where}: the child was not killed (status {status})")
            continue
        try:
            resume_file(path, agents=_agents(config.seed, len(config.names)))
        except Exception as exc:
            stats.problems.append(f"{where}: resume raised {type(exc).__name__}: {exc}")
            continue
        if path.read_bytes() == reference:
            stats.resumed_identical += 1
            path.unlink()
        else:
            stats.problems.append(f"{where}: the resumed file differs from the uninterrupted one ({path})")
    return stats
