"""``llm-werewolf play``: play one game, printed as it happens, with a transcript."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from ...agents.human_terminal import terminal_humans
from ...code_refs import trust
from ...describe import vocabulary
from ...describe.ui_text import ui_texts
from ...llm.errors import PreflightError
from ...opening import open_table
from ...opening.narrators import NarratorSpecError, build_narrator, narrator_label
from ...render.console import ConsoleSink, health_line_printer
from ...rules import Game, GameConfig, Record, get_ruleset
from ...seeds import derive_seed, fresh_seed
from ...session import Session
from ...table import Narrator, Sink, TableSettings
from ...table.live_speech import ConsolePreview
from ...table.model_health import UnhealthySeat, model_health
from ...table.seating import AgentSpec, parse_seat_overrides
from ...transcript import TranscriptWriter
from ..common import DECK_HELP, PRESET_HELP, UsageError, deck_players, parse_deck, preset_options
from ..llm_setup import setup_llm, table_names

DEFAULT_VARIANT = "chinese_werewolf"
DEFAULT_AGENTS = "local"
"""Offline by default: every seat is played by the embedded model."""


def transcript_path(folder: Path, game_id: str) -> Path:
    """``folder/<game_id>.jsonl``, with a numeric suffix if that file already exists."""
    path = folder / f"{game_id}.jsonl"
    counter = 2
    while path.exists():
        path = folder / f"{game_id}-{counter}.jsonl"
        counter += 1
    return path


def make_narrator(
    session: Session,
    mode: str,
    variant: str,
    language: str,
    names: tuple[str, ...],
    specs: Sequence[AgentSpec] = (),
    seed: int = 0,
) -> Narrator | None:
    """``off``, ``template``, or ``llm[:KIND[:MODEL]]`` (a bare ``llm`` uses the first model seat's backend)."""
    try:
        return build_narrator(mode, variant, language, names, seat_specs=specs, seed=seed, session=session)
    except NarratorSpecError as exc:
        raise UsageError(str(exc)) from None


def make_pace(
    pace: str | None, read_line: Callable[[], str] = input
) -> Callable[[Sequence[Record]], Awaitable[None]] | None:
    """A pause after each batch of public records: a number of seconds, or until Enter is pressed.

    With ``enter``, the end of standard input (a closed pipe, Ctrl-D) ends the pausing: the game
    goes on without waiting instead of crashing. ``read_line`` reads one line (``input`` by default).
    """
    if pace is None:
        return None
    if pace.strip().lower() == "enter":
        at_end = False

        async def wait_for_enter(records: Sequence[Record]) -> None:
            nonlocal at_end
            if at_end or not any(r.vis.scope == "public" for r in records):
                return
            try:
                await asyncio.to_thread(read_line)
            except EOFError:
                at_end = True

        return wait_for_enter
    try:
        seconds = float(pace)
    except ValueError:
        raise UsageError(f"bad --pace {pace!r}: give seconds (e.g. 2.5) or 'enter'") from None
    if seconds < 0:
        raise UsageError("--pace cannot be negative")

    async def sleep(records: Sequence[Record]) -> None:
        if any(r.vis.scope == "public" for r in records):
            await asyncio.sleep(seconds)

    return sleep


def play(
    variant: Annotated[str | None, typer.Option(help="Ruleset id (see `llm-werewolf variants`).")] = None,
    players: Annotated[
        int | None, typer.Option(min=1, help="Number of seats (default: as --deck deals, else a standard table).")
    ] = None,
    lang: Annotated[str | None, typer.Option(help="Language (default: the ruleset's source language).")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed (default: a fresh one, printed).")] = None,
    agents: Annotated[
        str | None,
        typer.Option(
            help="Who plays every seat: local (the embedded model; default), heuristic, random, openai:MODEL, "
            "langchain:MODEL, fake."
        ),
    ] = None,
    seat: Annotated[list[str] | None, typer.Option(help="Override one seat: SEAT=KIND[:MODEL] (seats from 1).")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Rule switch NAME=VALUE.")] = None,
    preset: Annotated[str | None, typer.Option(help=PRESET_HELP)] = None,
    god: Annotated[bool, typer.Option("--god", help="Also show night actions and private results.")] = False,
    transcripts: Annotated[Path, typer.Option(help="Folder for the transcript.")] = Path("transcripts"),
    no_transcript: Annotated[bool, typer.Option("--no-transcript", help="Do not write a transcript.")] = False,
    narrator: Annotated[
        str, typer.Option(help="Narrator: template, llm (the first model seat's backend), llm:KIND[:MODEL], or off.")
    ] = "template",
    pace: Annotated[
        str | None, typer.Option(help="Pause between steps for a real table: SECONDS, or 'enter' to wait for Enter.")
    ] = None,
    human: Annotated[
        list[int] | None, typer.Option("--human", help="A seat played at this terminal (from 1); repeat for hot seat.")
    ] = None,
    backend: Annotated[
        str | None, typer.Option(help="Model backend of seats given without one: local, openai, langchain, fake.")
    ] = None,
    model: Annotated[str | None, typer.Option(help="Model name (openai, langchain) or GGUF path (local).")] = None,
    base_url: Annotated[str | None, typer.Option("--base-url", help="An OpenAI-compatible endpoint URL.")] = None,
    profile: Annotated[
        str | None, typer.Option(help="Capability profile: openai, vllm, ollama, llamacpp, text, local.")
    ] = None,
    api_key_env: Annotated[
        str | None, typer.Option("--api-key-env", help="Environment variable holding the API key.")
    ] = None,
    api_key_file: Annotated[
        Path | None, typer.Option("--api-key-file", help="A file holding the API key (kept out of the transcript).")
    ] = None,
    config_file: Annotated[
        Path | None, typer.Option("--config", help="A table.toml: model settings and seats (see docs/llm.md).")
    ] = None,
    log_prompts: Annotated[
        bool, typer.Option("--log-prompts", help="Keep every model prompt in the transcript.")
    ] = False,
    pack: Annotated[list[Path] | None, typer.Option(help="A prompt pack folder searched before prompts/.")] = None,
    no_preflight: Annotated[
        bool, typer.Option("--no-preflight", help="Skip the endpoint check (seats and narrator) before the game.")
    ] = False,
    deadline: Annotated[
        float | None,
        typer.Option(help="Seconds a model seat has for one decision, every retry included (default 120)."),
    ] = None,
    deck: Annotated[str | None, typer.Option(help=DECK_HELP)] = None,
    send_key_to: Annotated[
        list[str] | None,
        typer.Option("--send-key-to", help="Confirm an endpoint that a --config file's key source may be sent to."),
    ] = None,
    allow_code: Annotated[
        bool,
        typer.Option(
            "--allow-code",
            help="Let the --config file name code to import (langchain:package.module:factory seats).",
        ),
    ] = False,
    strict: Annotated[
        float | None,
        typer.Option(
            min=0.0,
            max=1.0,
            help="Stop the game when a model seat falls back on more than this share of its decisions.",
        ),
    ] = None,
) -> None:
    """Play a full game and write its transcript."""
    setup = setup_llm(
        backend=backend, model=model, base_url=base_url, profile=profile, config_file=config_file,
        log_prompts=log_prompts, packs=pack or (), api_key_env=api_key_env, api_key_file=api_key_file,
        deadline=deadline,
        send_key_to=send_key_to or (), allow_code=allow_code,
    )  # fmt: skip
    session = setup.session
    variant = variant or str(setup.game.get("variant", DEFAULT_VARIANT))
    players = players or setup.game.get("players")
    lang = lang or setup.game.get("lang")
    seed = seed if seed is not None else setup.game.get("seed")
    language, options, cards, count = board(variant, players, lang, preset, option, deck)
    game_seed = seed if seed is not None else fresh_seed()
    specs = seat_specs(
        agents or setup.default_agents or DEFAULT_AGENTS, count, setup.seats, seat or [], human or [], config_file
    )
    trust(narrator.partition(":")[2])
    names = table_names(session, language, specs, game_seed)
    config = GameConfig(variant=variant, names=names, seed=game_seed, language=language, deck=cards, options=options)
    people = [i for i, spec in enumerate(specs) if spec.kind == "human"]
    if people and god:
        raise UsageError("--god shows every secret on the screen: it cannot be used with human players")
    game = Game(config)
    console = Console()
    humans = terminal_humans(people, console=console, speech_limit=game.state.options.max_speech_chars)
    table_narrator = make_narrator(
        session, narrator, variant, language, names, specs, derive_seed(game_seed, "narrator")
    )
    label = narrator_label(narrator, specs, session.default_model_spec())
    preview = ConsolePreview(console, language=language, variant=variant, names=names)  # public speech, live
    health = model_health(
        specs,
        narrator=label,
        report=health_line_printer(console),
        strict=strict,
        live=not people,  # people at this terminal would learn who acts at night: the summary at the end only
    )
    sinks: list[Sink] = [preview]
    if health.active:  # before the console: a phase's health lines close that phase, above the next one's header
        sinks.append(health)
    sinks.append(ConsoleSink(console, names, variant=variant, language=language, god=god, narrated=narrator != "off"))
    # Only a terminal shows previews: a pipe or a file asks the endpoints exactly as before.
    settings = TableSettings(pace=make_pace(pace), on_preview=preview if preview.active else None)
    opened = open_table(
        game, specs, session, sinks, seated=humans, narrator=table_narrator, header={"narrator": label},
        settings=settings,
    )  # fmt: skip
    began = False

    async def main() -> None:
        # One event loop for the preflight, the game and the narrator: the HTTP clients they share
        # belong to the loop that first used them (see llm_werewolf.session).
        nonlocal began
        if not no_preflight:
            try:
                await session.preflight(opened.table.agents, table_narrator)
            except PreflightError as exc:
                raise UsageError(str(exc)) from None
        began = True
        words = vocabulary(language, variant)
        opening = words.frame("table", game=words.game_title(), count=words.number(count))
        console.print(f"[bold]{escape(opening)}[/]", highlight=False)
        if not no_transcript:
            opened.write_to(transcript_path(transcripts, opened.header.game_id))
        try:
            await opened.table.play()
        finally:
            preview.close()
            health.report_summary()

    try:
        session.run(main)
    except UnhealthySeat as exc:
        raise UsageError(str(exc)) from None
    finally:
        opened.close()
        print_ending(console, language, game_seed if began else None, opened.writer)


def board(
    variant: str, players: int | None, lang: str | None, preset: str | None, option: list[str] | None, deck: str | None
) -> tuple[str, dict[str, Any], tuple[str, ...] | None, int]:
    """The table's language, rule options, deck and number of seats, checked against the ruleset."""
    ruleset = get_ruleset(variant)
    language = lang or ruleset.source_language
    if language not in ruleset.languages:
        raise UsageError(f"{variant} is available in {', '.join(ruleset.languages)}, not {language!r}")
    options = preset_options(variant, preset, option)  # fails fast with a clear message
    cards = parse_deck(deck)
    count = deck_players(variant, cards, players, options) or min(max(9, ruleset.min_players), ruleset.max_players)
    if not ruleset.min_players <= count <= ruleset.max_players:
        raise UsageError(f"{variant} is played by {ruleset.min_players}-{ruleset.max_players} players, not {count}")
    return language, options, cards, count


def print_ending(console: Console, language: str, seed: int | None, writer: TranscriptWriter | None) -> None:
    """The seed (``None``: the game never began, as after a failed preflight) and the transcript's path."""
    # The seed decides every card: shown once the game is over (or stopped), never during it.
    words = ui_texts(language)  # in the table's language, like the game above it
    if seed is not None:
        console.print(f"[dim]{escape(seed_line(words, seed, writer is not None))}[/]", highlight=False)
    if writer is not None:  # one line, never wrapped inside the path (a terminal may cut it, not break it)
        line = words["transcript_file"].format(path=writer.path)
        console.print(f"[dim]{escape(line)}[/]", highlight=False, soft_wrap=True)


def seat_specs(
    agents: str,
    count: int,
    configured: Mapping[int, AgentSpec],
    overrides: Sequence[str],
    humans: Sequence[int],
    config_file: Path | None,
) -> list[AgentSpec]:
    """Who plays each seat: ``--agents`` for all, then the ``--config`` file's seats, ``--seat`` and ``--human``."""
    specs = [AgentSpec.parse(agents)] * count
    for index, spec in configured.items():
        if not 0 <= index < count:
            raise UsageError(f"{config_file}: seat {index + 1} does not exist (seats 1 to {count})")
        specs[index] = spec
    for index, spec in parse_seat_overrides(list(overrides), count).items():
        specs[index] = spec
    for number in humans:
        if not 1 <= number <= count:
            raise UsageError(f"bad --human {number}: seats are numbered 1 to {count}")
        specs[number - 1] = AgentSpec("human")
    for spec in specs:  # named by the user: on the command line or in the --config they passed
        trust(spec.label)
    return specs


SHORT_SEED_DIGITS = 12
"""A seed with more digits is shown cut when the transcript holds it in full."""


def seed_line(words: dict[str, Any], seed: int, in_transcript: bool) -> str:
    """The seed line after a game: a long fresh seed (128 bits, 39 digits) is shown by its first
    and last digits when the transcript keeps it whole; without a transcript it is shown whole."""
    digits = str(seed)
    if not in_transcript or len(digits) <= SHORT_SEED_DIGITS:
        return str(words["game_seed"]).format(seed=digits)
    return str(words["game_seed_short"]).format(seed=f"{digits[:6]}…{digits[-4:]}")


def register(app: typer.Typer) -> None:
    app.command("play")(play)
