"""``llm-werewolf simulate``: many fast games of random or heuristic agents, with win rates."""

from __future__ import annotations

import json
import random
import time
from enum import StrEnum
from functools import partial
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table as RichTable

from ...agents.heuristic import HeuristicAgent
from ...rules import Game, GameConfig, get_ruleset
from ...sim import SyncAgent, auto_workers, chunks, parallel_map, play_with_agents, random_policy, run_sync
from ...stats import Summary
from ...texts import default_names
from ..common import DECK_HELP, PRESET_HELP, UsageError, deck_players, parse_deck, preset_options

DEFAULT_PLAYERS = 12


class AgentKind(StrEnum):
    random = "random"
    heuristic = "heuristic"


def simulate_games(
    variant: str,
    players: int,
    games: int,
    seed: int,
    agents: str,
    options: dict[str, object],
    progress: Progress | None = None,
    deck: tuple[str, ...] | None = None,
    workers: int | None = 1,
) -> Summary:
    """Play seeds ``seed`` .. ``seed + games - 1`` on ``workers`` processes (0/None: every core, one
    per 25 games at most); the summary is the same whatever the number of workers."""
    summary = Summary()
    task = progress.add_task(f"{variant} x{players}", total=games) if progress else None
    count_workers = auto_workers(workers, games)
    pieces = chunks(seed, games, count_workers)
    play = partial(simulate_chunk, variant, players, agents, options, deck)
    for (_, count), part in zip(pieces, parallel_map(play, pieces, count_workers), strict=True):
        summary.merge(part)
        if progress is not None and task is not None:
            progress.advance(task, count)
    return summary


def simulate_chunk(
    variant: str,
    players: int,
    agents: str,
    options: dict[str, object],
    deck: tuple[str, ...] | None,
    piece: tuple[int, int],
) -> Summary:
    """The summary of ``piece`` = (first seed, games), played in this process."""
    first, games = piece
    ruleset = get_ruleset(variant)
    names = default_names(ruleset.source_language, players)
    summary = Summary()
    for game_seed in range(first, first + games):
        config = GameConfig(variant=variant, names=names, seed=game_seed, deck=deck, options=options)
        if agents == "random":
            game = run_sync(Game(config), random_policy(random.Random(game_seed)))
        else:
            seated: list[SyncAgent] = [HeuristicAgent(seed=game_seed * 1009 + i) for i in range(players)]
            game = play_with_agents(config, seated)
        summary.add(game)
    return summary


def simulate(
    variant: Annotated[str, typer.Option(help="Ruleset id (see `llm-werewolf variants`).")] = "chinese_werewolf",
    players: Annotated[
        int | None, typer.Option(min=1, help=f"Players per game (default {DEFAULT_PLAYERS}, or as --deck deals).")
    ] = None,
    games: Annotated[int, typer.Option(min=1, help="Number of games.")] = 1000,
    seed: Annotated[int, typer.Option(help="Seed of the first game (then seed+1, ...).")] = 0,
    agents: Annotated[AgentKind, typer.Option(help="Who plays every seat.")] = AgentKind.random,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Rule switch NAME=VALUE.")] = None,
    preset: Annotated[str | None, typer.Option(help=PRESET_HELP)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a machine-readable summary.")] = False,
    deck: Annotated[str | None, typer.Option(help=DECK_HELP)] = None,
    workers: Annotated[
        int, typer.Option(min=0, help="Processes to play on (0 = every core); the results do not depend on it.")
    ] = 0,
) -> None:
    """Simulate games and report win rates by side and by role (with standard errors)."""
    ruleset = get_ruleset(variant)
    options = preset_options(variant, preset, option)  # fails fast with a clear message
    cards = parse_deck(deck)
    players = deck_players(variant, cards, players, options) or DEFAULT_PLAYERS
    if not ruleset.min_players <= players <= ruleset.max_players:
        raise UsageError(f"{variant} is played by {ruleset.min_players}-{ruleset.max_players} players, not {players}")
    console = Console(stderr=as_json)
    started = time.perf_counter()
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as progress:
        summary = simulate_games(variant, players, games, seed, agents.value, options, progress, cards, workers)
    elapsed = time.perf_counter() - started
    result = summary.as_dict(ruleset.sides)
    result.update(
        {
            "variant": variant,
            "players": players,
            "agents": agents.value,
            "deck": sorted(cards) if cards is not None else None,
            "seed": seed,
            "workers": auto_workers(workers, games),
            "seconds": round(elapsed, 3),
            "games_per_second": round(games / elapsed, 1),
        }
    )
    if as_json:
        typer.echo(json.dumps(result, ensure_ascii=False, indent=2))
        return
    out = Console()
    table = RichTable(
        title=f"{variant}, {players} players, {games} games of {agents.value} agents", title_justify="left"
    )
    table.add_column("side / role")
    table.add_column("win rate", justify="right")
    table.add_column("± s.e.", justify="right")
    table.add_column("n", justify="right")
    for side in ruleset.sides:
        rate = summary.side_rate(side)
        table.add_row(f"[bold]{side}[/]", f"{rate.rate:.3f}", f"{rate.stderr:.3f}", str(rate.games))
    for role in sorted(summary.role_seats):
        rate = summary.role_rate(role)
        table.add_row(f"  {role}", f"{rate.rate:.3f}", f"{rate.stderr:.3f}", str(rate.games))
    out.print(table)
    out.print(
        f"draws: {summary.draws}; mean days: {result['mean_days']}; {result['games_per_second']} games/s",
        highlight=False,
    )


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate)
