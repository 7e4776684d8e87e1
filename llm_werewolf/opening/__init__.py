"""Opening a table: game, seated agents, transcript header, writer and table, in one place.

Every front end opens its tables here: ``play`` (the terminal), ``serve`` (the browser table), a
tournament game and ``resume``. What differs between them is passed in: who is seated already (people,
a resumed seat's agent), the narrator, the header's own fields, the table's settings.

    opened = open_table(config, specs, session, sinks, narrator=narrator)
    opened.write_to(path)   # the transcript: first of the sinks
    outcome = await opened.table.play()
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..agents.base import Agent
from ..agents.heuristic import HeuristicAgent
from ..rules import Game, GameConfig
from ..session import Session
from ..table import Narrator, Sink, Table, TableSettings
from ..table.seating import AgentSpec
from ..transcript import Header, TranscriptWriter, header_for, seat_info
from ..transcript.schema import model_prompt_packs


@dataclass
class OpenTable:
    """A table ready to play, the header that describes it, and its transcript once written."""

    table: Table
    header: Header
    writer: TranscriptWriter | None = None

    @property
    def game(self) -> Game:
        return self.table.game

    def write_to(self, path: str | Path, *, append: bool = False, truncate_at: int | None = None) -> TranscriptWriter:
        """Write the game's transcript to ``path`` (its header first, unless ``append``): the writer is the
        first of the sinks, so the file holds each batch before anything else shows it."""
        self.writer = TranscriptWriter(path, self.header, append=append, truncate_at=truncate_at)
        self.table.sinks.insert(0, self.writer)
        return self.writer

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


def open_table(
    game: GameConfig | Game,
    seats: Sequence[AgentSpec | None],
    session: Session,
    sinks: Sequence[Sink] = (),
    *,
    seated: Mapping[int, Agent] | None = None,
    narrator: Narrator | None = None,
    header: Header | Mapping[str, Any] | None = None,
    settings: TableSettings | None = None,
    fallbacks: Sequence[HeuristicAgent] | None = None,
    wrap: Callable[[Sequence[Agent]], Sequence[Agent]] | None = None,
) -> OpenTable:
    """Open a table for ``game`` (a config, or a game already begun: resumed, or checked by its front end).

    ``seats``: each seat's spec (``None``: a person at the browser table). A seat in ``seated`` plays with
    that agent (a person, a resumed seat's agent); every other seat is seated through ``session``.
    ``header``: the transcript header of a resumed game, or the fields a new header adds (``narrator``,
    ``prompt_packs``, ``table``). ``wrap`` changes the agents after the header described them (canaries).
    """
    started = game if isinstance(game, Game) else Game(game)
    config = started.config
    language = config.language or started.ruleset.source_language
    given = seated or {}
    agents: list[Agent] = []
    for index, spec in enumerate(seats):
        agent = given.get(index)
        if agent is None:
            if spec is None:
                raise ValueError(f"seat {index + 1}: a person's seat needs its agent")
            agent = session.agent(spec, seat=index, seed=config.seed, language=language, variant=config.variant)
        agents.append(agent)
    if not isinstance(header, Header):
        infos = [seat_info(name, spec, agent) for name, spec, agent in zip(config.names, seats, agents, strict=True)]
        fields = dict(header or {})
        # the hash of the prompts the model seats read (from the session's packs)
        fields.setdefault("prompt_packs", model_prompt_packs(language, config.variant, infos, session.settings.packs))
        header = header_for(config, language, infos, **fields)
    played = list(wrap(agents)) if wrap is not None else agents
    table = Table(started, played, sinks=list(sinks), narrator=narrator, fallbacks=fallbacks, settings=settings)
    return OpenTable(table, header)
