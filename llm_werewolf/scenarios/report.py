"""Checking scenario files and printing a readable report."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from .check import ScenarioResult, check_file, phase_words


def expand(paths: Sequence[str | Path]) -> list[Path]:
    """Files as given; folders become every ``*.yaml``/``*.yml`` inside them (sorted)."""
    out: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            out.extend(sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml")))
        else:
            out.append(path)
    return out


def print_result(console: Console, result: ScenarioResult, *, verbose: bool = False) -> None:
    pinned = f"  [dim](pinned to rules version {result.pinned})[/]" if result.pinned is not None else ""
    if result.passed:
        console.print(f"[green]ok[/]    {result.path}  [dim]{result.name}[/]{pinned}", highlight=False)
        if verbose and result.unused:
            console.print(f"      [dim]unused scripted answers: {result.unused}[/]", highlight=False)
        return
    console.print(f"[bold red]FAIL[/]  {result.path}  [dim]{result.name}[/]{pinned}", highlight=False)
    if result.error:
        console.print(f"      {result.error}", highlight=False, markup=False)
    for line in result.mismatches:
        console.print("      " + line.replace("\n", "\n      "), highlight=False, markup=False)
    if result.defaults is not None:
        for line in result.defaults.lines():
            console.print(f"      [dim]defaults:[/] {escape(line)}", highlight=False)
    if verbose and result.game is not None:
        names = [s.name for s in result.game.state.seats]
        console.print("      [dim]log (god view):[/]")
        for record in result.game.records:
            console.print(
                f"      [dim]{record.seq:4d} {phase_words(record.phase):8s} {record.vis.scope:6s}[/] "
                f"{_brief(record.event, names)}",
                highlight=False,
            )


def _brief(event: object, names: Sequence[str]) -> str:
    text = repr(event)
    return text if len(text) < 220 else text[:217] + "..."


def main(argv: Sequence[str], *, verbose: bool = False, pinned: bool = False) -> int:
    """Check every scenario file in ``argv`` (folders: every YAML file inside); ``pinned``: each with the
    switch defaults of the rules version it declares."""
    console = Console()
    files = expand(argv)
    if not files:
        console.print("no scenario files given")
        return 2
    failed = 0
    for path in files:
        result = check_file(path, pinned=pinned)
        print_result(console, result, verbose=verbose)
        failed += not result.passed
    console.print(f"{len(files) - failed} passed, {failed} failed")
    return 1 if failed else 0
