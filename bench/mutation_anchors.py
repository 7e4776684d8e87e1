"""Where a mutation applies: a named symbol of a ruleset's code, found by its syntax tree.

A mutation names a *symbol* (``Morning.run``, ``mixed_couple``, ``VILLAGER_LIKE``: a function,
a class, a method or a module-level constant, by its qualified name) and a snippet ``old`` that
occurs exactly once inside that symbol's source. The symbol is looked up in every module of the
ruleset's folder (any folder named after the ruleset under ``llm_werewolf/rules/``), so a
mutation keeps applying when its function moves to another module of the folder or the folder
moves; it is *stale* only when the symbol is gone or its body no longer holds the snippet.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

RULES = Path("llm_werewolf") / "rules"


class StaleMutation(RuntimeError):
    """The symbol a mutation names is not (once) in the ruleset's code, or its body lacks the snippet."""


@dataclass(frozen=True)
class Site:
    """One symbol's source in a file: characters ``start`` to ``end`` of ``path``'s text."""

    path: Path
    symbol: str
    start: int
    end: int


def ruleset_modules(root: Path, ruleset: str) -> list[Path]:
    """Every module in the folders named ``ruleset`` under ``root/llm_werewolf/rules``."""
    folders = [p for p in sorted((root / RULES).rglob(ruleset)) if p.is_dir()]
    return sorted({module for folder in folders for module in folder.rglob("*.py")})


def _symbols(body: list[ast.stmt], prefix: str = "") -> Iterator[tuple[str, ast.stmt]]:
    """Qualified names of the functions, classes and methods, and of the module's constants."""
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            name = f"{prefix}{node.name}"
            yield name, node
            yield from _symbols(node.body, f"{name}.")
        elif not prefix and isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    yield target.id, node


def _first_line(node: ast.stmt) -> int:
    decorators: list[ast.expr] = getattr(node, "decorator_list", [])
    return min([node.lineno, *(d.lineno for d in decorators)])


@lru_cache(maxsize=512)
def sites(path: Path, text: str) -> tuple[Site, ...]:
    """Every symbol of one module, with the characters of its source (decorators included)."""
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    out = []
    for name, node in _symbols(ast.parse(text, filename=str(path)).body):
        end_line = node.end_lineno if node.end_lineno is not None else node.lineno
        out.append(Site(path, name, starts[_first_line(node) - 1], starts[end_line]))
    return tuple(out)


def locate(root: Path, ruleset: str, symbol: str, old: str) -> Site:
    """The one site of ``symbol`` in the ruleset's folder whose source holds ``old`` exactly once."""
    named: list[tuple[Site, str]] = []
    for path in ruleset_modules(root, ruleset):
        text = path.read_text(encoding="utf-8")
        named += [(site, text) for site in sites(path, text) if site.symbol == symbol]
    holding = [site for site, text in named if text[site.start : site.end].count(old) == 1]
    if len(holding) != 1:
        where = ", ".join(str(site.path.relative_to(root)) for site, _ in named) or "nowhere"
        raise StaleMutation(
            f"{ruleset}: {symbol} ({where}) holds the snippet once in {len(holding)} places, not 1: {old!r}"
        )
    return holding[0]


def mutate(site: Site, old: str, new: str) -> tuple[str, str]:
    """The file's text before and after replacing ``old`` inside the symbol."""
    text = site.path.read_text(encoding="utf-8")
    body = text[site.start : site.end]
    return text, text[: site.start] + body.replace(old, new, 1) + text[site.end :]
