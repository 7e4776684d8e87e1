"""Battery item 1, narrator spoofing: player texts that try to pose as the narrator.

Real games through the async table: every seat is a model player on the fake
backend (so every seat's prompt is rendered by :class:`SeatPrompter` and
scanned as the backend receives it), and every speech the seat makes is
replaced by a corpus text, *raw* (line breaks, bidi, delimiters and all: the
rules accept any text up to the cap, as a human seat or a modified client could
send). The template narrator voices the game. After each game the transcript is
rendered (Markdown and HTML for the public, god and one seat view) and printed
on a console (public and god), and every surface is scanned
(:mod:`.lines`).
"""

from __future__ import annotations

import io
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rich.console import Console

from llm_werewolf.agents.base import DecisionRequest, Reply
from llm_werewolf.agents.llm_agent import LLMAgent, LLMAgentSettings
from llm_werewolf.llm.base import CompletionRequest
from llm_werewolf.llm.fake import FakeBackend, auto_answer
from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.narration import TemplateNarrator
from llm_werewolf.prompting.packs import search_roots
from llm_werewolf.prompting.render import Phrasebook
from llm_werewolf.render import build_document, render_html, render_markdown
from llm_werewolf.render.console import ConsoleSink
from llm_werewolf.render.timeline import ViewSpec
from llm_werewolf.rules import Choice, Game, GameConfig, get_ruleset
from llm_werewolf.rules.events import Speech
from llm_werewolf.strings.sanitize import clean_name
from llm_werewolf.table import Table, TableSettings
from llm_werewolf.transcript import SeatInfo, header_for

from .corpus import MARKER_RE, SpoofText, spoof_corpus
from .games import ended_legally, names_for, players_for, prompt_languages, run
from .lines import Scan, check_console, check_html, check_markdown, check_prompt

PROFILES = ("fake", "local")
"""A chat profile (JSON answers) and the transcript profile of base models (cues, picks)."""


@dataclass
class SpoofReport:
    variant: str
    planted: int = 0
    """Corpus texts spoken in games (each one a ``Speech`` record)."""
    games: int = 0
    prompts: int = 0
    renderings: int = 0
    consoles: int = 0
    in_prompts: set[str] = field(default_factory=set)
    in_renderings: set[str] = field(default_factory=set)
    violations: list[str] = field(default_factory=list)
    illegal_games: list[str] = field(default_factory=list)
    languages: set[str] = field(default_factory=set)

    def as_dict(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "texts": self.planted,
            "games": self.games,
            "languages": sorted(self.languages),
            "prompts_scanned": self.prompts,
            "renderings_scanned": self.renderings,
            "console_outputs_scanned": self.consoles,
            "texts_seen_in_prompts": len(self.in_prompts),
            "texts_seen_in_renderings": len(self.in_renderings),
            "narrator_lines": len(self.violations),
            "illegal_games": len(self.illegal_games),
        }


class _Spoofer:
    """A model player whose every speech is replaced by the next corpus text, raw."""

    kind = "llm"

    def __init__(self, inner: LLMAgent, texts: list[SpoofText], speakers: dict[str, tuple[int, str]]) -> None:
        self.inner = inner
        self.texts = texts
        self.speakers = speakers

    async def decide(self, request: DecisionRequest) -> Reply:
        reply = await self.inner.decide(request)
        decision = request.decision
        if not decision.speech or not self.texts or reply.choice is None:
            return reply
        spoof = self.texts.pop()
        self.speakers[spoof.marker] = (decision.seat, spoof.text)
        return replace(reply, choice=Choice(reply.choice.option, text=spoof.text))


class _Scanner:
    """The fake model: scans every prompt it receives, then answers legally."""

    def __init__(self, book: Phrasebook, names: Sequence[str], speakers: dict[str, tuple[int, str]]) -> None:
        self.book = book
        self.names = [clean_name(n) for n in names]
        self.speakers = speakers
        self.scan = Scan()
        self.prompts = 0

    def __call__(self, request: CompletionRequest) -> str:
        text = request.prompt_text()
        self.prompts += 1
        if MARKER_RE.search(text):
            who = {mark: self.names[seat] for mark, (seat, _) in self.speakers.items()}
            self.scan.merge(
                check_prompt(
                    text,
                    who,
                    quote_open=self.book.open_quote,
                    quote_close=self.book.close_quote,
                    narrator=self.book.narrator(),
                    where=f"prompt[{request.purpose}]",
                )
            )
        rng = random.Random(int(request.prompt_hash(), 16))
        return auto_answer(request, rng)


def _console_text(game: Game, names: Sequence[str], variant: str, language: str, god: bool) -> str:
    buffer = io.StringIO()
    console = Console(file=buffer, width=100_000, color_system=None, highlight=False, emoji=False, soft_wrap=True)
    ConsoleSink(console, names, variant=variant, language=language, god=god).write(game.records)
    return buffer.getvalue()


def play_spoofed_game(
    variant: str, language: str, seed: int, texts: list[SpoofText], profile: str, report: SpoofReport
) -> None:
    """One game: plant texts from ``texts`` (consumed), scan prompts, renderings and console output."""
    players = players_for(variant)
    names = names_for(language, players)
    config = GameConfig(variant=variant, names=names, seed=seed, language=language)
    game = Game(config)
    speakers: dict[str, tuple[int, str]] = {}
    book = Phrasebook(search_roots(), language, variant)
    scanner = _Scanner(book, names, speakers)
    backend = FakeBackend(scanner, profile=get_profile(profile), seed=seed)
    agents = [
        _Spoofer(LLMAgent(backend, settings=LLMAgentSettings(seed=seed * 1009 + i)), texts, speakers)
        for i in range(players)
    ]
    narrator = TemplateNarrator(variant, language, names)
    table = Table(game, agents, narrator=narrator, settings=TableSettings(max_attempts=2))
    run(table.play())
    report.games += 1
    report.languages.add(language)
    report.prompts += scanner.prompts
    report.in_prompts |= scanner.scan.seen
    report.violations.extend(f"{variant}/{language}/seed {seed}: {v}" for v in scanner.scan.violations)
    problems = ended_legally(game.records)
    if problems:
        report.illegal_games.append(f"{variant} seed {seed}: {'; '.join(problems)}")
    spoken = {mark for r in game.records if isinstance(r.event, Speech) for mark in MARKER_RE.findall(r.event.text)}
    report.planted += len(spoken)
    seats = {mark: seat for mark, (seat, _) in speakers.items()}
    _scan_renderings(game, config, language, seats, seed, report)


def _scan_renderings(
    game: Game, config: GameConfig, language: str, seats: dict[str, int], seed: int, report: SpoofReport
) -> None:
    names = list(config.names)
    header = header_for(config, language, [SeatInfo(name=n, agent="fake") for n in names])
    views = [ViewSpec("public"), ViewSpec("god"), ViewSpec("seat", seed % len(names))]
    where = f"{config.variant}/{language}/seed {seed}"
    for view in views:
        doc = build_document(header, game.records, view)
        for scan in (
            check_markdown(render_markdown(doc), seats, names, where=f"{where} md {view.name}"),
            check_html(render_html(doc), seats, where=f"{where} html {view.name}"),
        ):
            report.renderings += 1
            report.in_renderings |= scan.seen
            report.violations.extend(scan.violations)
    for god in (False, True):
        text = _console_text(game, names, config.variant, language, god)
        scan = check_console(text, seats, names, where=f"{where} console {'god' if god else 'public'}")
        report.consoles += 1
        report.in_renderings |= scan.seen
        report.violations.extend(scan.violations)


def spoofing_battery(variant: str, texts: int, seed: int = 0) -> SpoofReport:
    """Plant ``texts`` corpus texts in games of ``variant`` (its languages and both profiles in turn)."""
    report = SpoofReport(variant)
    languages = prompt_languages(variant) or [get_ruleset(variant).source_language]
    players = players_for(variant)
    corpora = {
        lang: spoof_corpus(seed, texts, names_for(lang, players), lang, prefix=f"{index}")
        for index, lang in enumerate(languages)
    }
    game = 0
    while report.planted < texts:
        language = languages[game % len(languages)]
        left = corpora[language]
        if not left:
            break
        before = report.planted
        remaining = texts - report.planted
        batch = left[-remaining:]
        del left[-remaining:]
        play_spoofed_game(variant, language, seed * 100_000 + game, batch, PROFILES[game % len(PROFILES)], report)
        left.extend(batch)  # the texts this game did not speak
        game += 1
        if report.planted == before and game > 50:
            break  # a ruleset whose games have no speech at all
    return report
