"""``llm-werewolf setups``: suggest balanced role lists from simulations with heuristic players."""

from __future__ import annotations

import json
import shlex
from collections import Counter
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table as RichTable

from ...balance import AGENTS_LINE, suggest_setups
from ...texts import role_name
from ..common import UsageError, deck_argument, parse_options


def setups(
    variant: Annotated[str, typer.Option(help="Ruleset id.")] = "one_night",
    players: Annotated[int, typer.Option(min=1, help="Number of players.")] = 5,
    games: Annotated[int, typer.Option(min=1, help="Simulated games per candidate deck.")] = 200,
    candidates: Annotated[int, typer.Option(min=1, help="Candidate decks to simulate.")] = 8,
    top: Annotated[int, typer.Option(min=1, help="How many suggestions to show.")] = 5,
    seed: Annotated[int, typer.Option(help="Seed of the simulations.")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Rule switch NAME=VALUE.")] = None,
    lang: Annotated[str | None, typer.Option(help="Language of role names (default: the ruleset's).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print machine-readable suggestions.")] = False,
    workers: Annotated[
        int, typer.Option(min=0, help="Processes to simulate on (0 = every core); the results do not depend on it.")
    ] = 0,
) -> None:
    """Simulate candidate decks and list the most even ones, with each side's win rate and 95% interval.

    The line under the table plays suggestion #1: llm-werewolf play --variant VARIANT --deck ROLE,...
    """
    if players < 1:
        raise UsageError("--players must be at least 1")
    console = Console(stderr=as_json)
    with console.status(f"simulating {candidates} decks x {games} games with heuristic players..."):
        found = suggest_setups(
            variant,
            players,
            games=games,
            seed=seed,
            candidates=candidates,
            options=parse_options(option),
            workers=workers,
        )
    shown = found[:top]
    if as_json:
        typer.echo(json.dumps([s.as_dict() for s in shown], ensure_ascii=False, indent=2))
        return
    from ...rules import get_ruleset

    language = lang or get_ruleset(variant).source_language
    out = Console()
    table = RichTable(
        title=f"{variant}: balanced setups for {players} players ({games} heuristic games each)\n"
        "each side's win rate, its 95% interval below",
        title_justify="left",
    )
    table.add_column("#", justify="right")
    table.add_column("deck", min_width=24)
    # sides that won a game or are balanced here; a ruleset with many neutral roles stays readable
    sides = [
        e.side
        for e in (shown[0].estimates if shown else ())
        if e.side in shown[0].balance_sides or any(s.estimate(e.side).wins for s in shown)
    ]
    for side in sides:
        table.add_column(side, justify="right", no_wrap=True)
    table.add_column("imbalance", justify="right", no_wrap=True)
    for rank, suggestion in enumerate(shown, start=1):
        counts = Counter(suggestion.roles)
        deck = ", ".join(role_name(language, variant, r) + (f" ×{n}" if n > 1 else "") for r, n in counts.items())
        cells = []
        for side in sides:
            estimate = suggestion.estimate(side)
            low, high = estimate.interval
            cells.append(f"{estimate.rate:.2f}\n[dim]{low:.2f}-{high:.2f}[/]")
        table.add_row(str(rank), deck, *cells, f"{suggestion.imbalance:.2f}", end_section=True)
    out.print(table)
    out.print(AGENTS_LINE, highlight=False)
    if shown:
        switches = "".join(f" -o {shlex.quote(item)}" for item in option or [])
        command = f"llm-werewolf play --variant {variant}{switches} --deck {deck_argument(shown[0].roles)}"
        out.print(f"play #1: {command}", highlight=False, soft_wrap=True)


def register(app: typer.Typer) -> None:
    app.command("setups")(setups)
