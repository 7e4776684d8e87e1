"""Battery item 2a, leak canaries: every private fact carries a marker that must stay with its audience.

A game through the async table where every seat is a model player on the fake
backend. Canaries are planted in three ways:

* **mirrored facts**: right after every private rules record (a dealt card, a
  seer's result, a team ballot, an ``Asked``, a god-only ``Died``...), the
  table logs an ``Info(fact="canary")`` with a fresh marker and *the same
  visibility*, so every private fact has a unique string travelling with it;
* **private reasoning**: every model answer's ``thought``/``reason`` field holds
  a fresh marker (it reaches the seat's own ``Thought`` record and the god-only
  ``ModelCall``);
* god-only table records (``ModelCall`` raw outputs) carry those markers too.

A marker's audience is the set of seats that may see the first record holding
it. Every prompt of every seat (scanned as its backend receives it), every
public record, the Markdown/HTML renderings of the public view and of each seat's
view, and the public console output may only contain markers of their audience.
As a positive control, each seat's prompts must contain some of its own markers.
"""

from __future__ import annotations

import io
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console

from llm_werewolf.agents.llm_agent import LLMAgent, LLMAgentSettings
from llm_werewolf.llm.base import CompletionRequest
from llm_werewolf.llm.fake import FakeBackend, auto_answer
from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.narration import TemplateNarrator
from llm_werewolf.render import build_document, render_html, render_markdown
from llm_werewolf.render.console import ConsoleSink
from llm_werewolf.render.timeline import ViewSpec
from llm_werewolf.rules import Game, GameConfig
from llm_werewolf.rules.events import Info, Record, Visibility
from llm_werewolf.table import Table, TableSettings
from llm_werewolf.transcript import SeatInfo, header_for
from llm_werewolf.transcript.schema import dump_record

from .corpus import MARKER_RE, marker
from .games import ended_legally, names_for, run

PLANTED_FACT = "canary"


@dataclass
class Audience:
    """Who may see a marker: every record that holds it, with its visibility."""

    holders: list[tuple[int, Visibility]] = field(default_factory=list)

    def allows(self, seat: int | None, before: int | None = None) -> bool:
        """Whether ``seat`` may know the marker from a record logged before ``before`` (any time: ``None``)."""
        return any(vis.visible_to(seat) and (before is None or seq < before) for seq, vis in self.holders)

    @property
    def private(self) -> bool:
        return not any(vis.scope == "public" for _, vis in self.holders)


@dataclass
class LeakReport:
    games: int = 0
    markers: int = 0
    prompts: int = 0
    renderings: int = 0
    own_markers_in_prompts: int = 0
    leaks: list[str] = field(default_factory=list)
    illegal_games: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "private_markers": self.markers,
            "prompts_scanned": self.prompts,
            "renderings_scanned": self.renderings,
            "own_markers_seen_in_own_prompts": self.own_markers_in_prompts,
            "leaks": len(self.leaks),
            "illegal_games": len(self.illegal_games),
        }


class _Counter:
    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.n = 0

    def next(self) -> str:
        self.n += 1
        return marker(f"{self.prefix}{self.n:05d}")


class CanaryPlanter:
    """A table observer (``table.observers``) that logs a canary ``Info`` with the same visibility
    after every private rules record."""

    def __init__(self, counter: _Counter) -> None:
        self._counter = counter

    async def observe(self, table: Table, records: Sequence[Record]) -> None:
        for record in records:
            event = record.event
            if record.vis.scope == "public" or getattr(event, "fact", None) == PLANTED_FACT:
                continue
            if getattr(event, "kind", "") in ("model_call", "thought", "rejected", "fallback", "narration"):
                continue  # table records carry the model's own markers
            seats = record.vis.seats
            table.game.note(Info(fact=PLANTED_FACT, value=self._counter.next(), seats=seats), record.vis)


class _PromptWatch:
    """One seat's fake model: records every marker its prompts hold, answers with a fresh secret marker."""

    def __init__(self, seat: int, game: Game, counter: _Counter) -> None:
        self.seat = seat
        self.game = game
        self.counter = counter
        self.found: list[tuple[str, int]] = []
        """(marker, log length when the prompt was built)."""
        self.prompts = 0

    def __call__(self, request: CompletionRequest) -> str:
        self.prompts += 1
        at = len(self.game.records)
        self.found.extend((mark, at) for mark in MARKER_RE.findall(request.prompt_text()))
        answer: dict[str, Any] = json.loads(auto_answer(request, random.Random(int(request.prompt_hash(), 16))))
        secret = f"my secret plan {self.counter.next()}"
        if "thought" in answer:
            answer["thought"] = secret
        if "reason" in answer:
            answer["reason"] = secret
        return json.dumps(answer, ensure_ascii=False)


def audiences(records: Sequence[Record]) -> dict[str, Audience]:
    """Each marker's audience: the records holding it."""
    out: dict[str, Audience] = {}
    for record in records:
        text = dump_record(record).decode("utf-8")
        for mark in set(MARKER_RE.findall(text)):
            out.setdefault(mark, Audience()).holders.append((record.seq, record.vis))
    return out


def _console(game: Game, names: Sequence[str], variant: str, language: str) -> str:
    buffer = io.StringIO()
    console = Console(file=buffer, width=100_000, color_system=None, highlight=False, emoji=False, soft_wrap=True)
    ConsoleSink(console, names, variant=variant, language=language, god=False).write(game.records)
    return buffer.getvalue()


def play_canary_game(variant: str, language: str, players: int, seed: int, report: LeakReport) -> None:
    names = names_for(language, players)
    config = GameConfig(variant=variant, names=names, seed=seed, language=language)
    game = Game(config)
    counter = _Counter(f"{seed % 1000:03d}")
    watches = [_PromptWatch(i, game, counter) for i in range(players)]
    agents = [
        LLMAgent(
            FakeBackend(watches[i], profile=get_profile("fake"), seed=seed),
            settings=LLMAgentSettings(seed=seed * 1009 + i),
        )
        for i in range(players)
    ]
    narrator = TemplateNarrator(variant, language, names)
    table = Table(game, agents, narrator=narrator, settings=TableSettings(max_attempts=2))
    table.observers.append(CanaryPlanter(counter))
    run(table.play())
    report.games += 1
    where = f"{variant}/{language}/seed {seed}"
    problems = ended_legally(game.records)
    if problems:
        report.illegal_games.append(f"{where}: {'; '.join(problems)}")
    owners = audiences(game.records)
    report.markers += len(owners)
    for mark, audience in owners.items():
        if not audience.private:
            report.leaks.append(f"{where}: a public record holds {mark} ({_describe(audience)})")
    for watch in watches:
        report.prompts += watch.prompts
        for mark, at in watch.found:
            owner = owners.get(mark)
            if owner is None or not owner.allows(watch.seat, before=at):
                report.leaks.append(f"{where}: seat {watch.seat + 1}'s prompt holds {mark} ({_describe(owner)})")
            else:
                report.own_markers_in_prompts += 1
    _scan_renderings(game, config, language, owners, where, report)


def _describe(owner: Audience | None) -> str:
    if owner is None:
        return "a marker no record holds"
    seq, vis = owner.holders[0]
    seats = ", ".join(str(s + 1) for s in vis.seats)
    return f"first in record {seq}, visible to {vis.scope} {seats}".strip()


def _scan_renderings(
    game: Game, config: GameConfig, language: str, owners: dict[str, Audience], where: str, report: LeakReport
) -> None:
    names = list(config.names)
    header = header_for(config, language, [SeatInfo(name=n, agent="fake") for n in names])
    views: list[tuple[ViewSpec, int | None]] = [(ViewSpec("public"), None)]
    views += [(ViewSpec("seat", i), i) for i in range(len(names))]
    for spec, seat in views:
        doc = build_document(header, game.records, spec)
        for fmt, text in (("md", render_markdown(doc)), ("html", render_html(doc))):
            report.renderings += 1
            for mark in set(MARKER_RE.findall(text)):
                owner = owners.get(mark)
                if owner is None or not owner.allows(seat):
                    report.leaks.append(f"{where}: {fmt} {spec.name} shows {mark} ({_describe(owner)})")
    text = _console(game, names, config.variant, language)
    report.renderings += 1
    for mark in set(MARKER_RE.findall(text)):
        owner = owners.get(mark)
        if owner is None or not owner.allows(None):
            report.leaks.append(f"{where}: public console shows {mark} ({_describe(owner)})")
