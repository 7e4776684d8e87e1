"""The static policy for user prompt packs: which template constructs may not run.

Jinja's sandbox refuses attribute walks to Python internals but bounds neither time nor memory, so
a user pack is read as syntax trees first: private attributes and items, the ``attr`` filter,
``**``, large constants, long ``range()`` loops, repeated strings, format widths, deep loop nests,
recursive macros, includes that leave the pack, and calls that change the template's data are
refused before anything renders. :mod:`llm_werewolf.agents.pack_vetting` adds a bounded trial render.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from jinja2 import TemplateSyntaxError, nodes
from jinja2.sandbox import SandboxedEnvironment

from .packs import load_yaml

MAX_CONSTANT = 100_000
"""Largest number a vetted template may write."""
MAX_RANGE = 1_000
"""Longest ``range()`` a vetted template may loop over."""
MAX_LOOP_DEPTH = 3
MAX_REPEAT = 200
"""Largest factor a string or list may be repeated by."""
_WIDE_FORMAT = re.compile(r"[%{:][^a-zA-Z%{}]*?\d{5,}")
MUTATORS = frozenset(
    {"append", "extend", "insert", "pop", "popitem", "remove", "clear", "update", "setdefault", "sort", "reverse"}
)
"""Methods that change a list or dict: the sandbox lets a template call them on its context."""


# -- the static policy -----------------------------------------------------------------------


def _int_value(node: nodes.Node) -> int | None:
    if isinstance(node, nodes.Const) and isinstance(node.value, int) and not isinstance(node.value, bool):
        return node.value
    if isinstance(node, nodes.Neg):
        inner = _int_value(node.node)
        return -inner if inner is not None else None
    return None


def _private_key(node: nodes.Node) -> bool:
    return isinstance(node, nodes.Const) and str(node.value).startswith("_")


def _is_sequence_literal(node: nodes.Node) -> bool:
    return isinstance(node, (nodes.List, nodes.Tuple)) or (
        isinstance(node, nodes.Const) and isinstance(node.value, str)
    )


def _loops_depth(node: nodes.Node, depth: int = 0) -> int:
    deepest = depth
    for child in node.iter_child_nodes():
        deepest = max(deepest, _loops_depth(child, depth + 1 if isinstance(child, nodes.For) else depth))
    return deepest


def _calls_in(macro: nodes.Macro) -> set[str]:
    return {call.node.name for call in macro.find_all(nodes.Call) if isinstance(call.node, nodes.Name)}


def _recursive_macros(tree: nodes.Template) -> list[str]:
    macros = {m.name: m for m in tree.find_all(nodes.Macro)}
    graph = {name: _calls_in(m) & set(macros) for name, m in macros.items()}
    cyclic: list[str] = []
    for start in graph:
        seen: set[str] = set()
        stack = list(graph[start])
        while stack:
            name = stack.pop()
            if name == start:
                cyclic.append(start)
                break
            if name not in seen:
                seen.add(name)
                stack.extend(graph.get(name, ()))
    return cyclic


def vet_source(source: str, where: str = "template") -> list[str]:
    """Why a user template may not run (empty: it passes the static policy)."""
    env = SandboxedEnvironment()
    try:
        tree = env.parse(source)
    except TemplateSyntaxError as exc:
        return [f"{where}: syntax error: {exc}"]
    problems: list[str] = []
    for node in tree.find_all(nodes.Node):
        if isinstance(node, nodes.Getattr) and node.attr.startswith("_"):
            problems.append(f"{where}: private attribute .{node.attr}")
        elif isinstance(node, nodes.Getitem) and _private_key(node.arg):
            problems.append(f"{where}: private item [{getattr(node.arg, 'value', '?')!r}]")
        elif isinstance(node, nodes.Filter) and node.name == "attr":
            problems.append(f"{where}: the attr filter (attribute access by name)")
        elif isinstance(node, nodes.Pow):
            problems.append(f"{where}: the ** operator")
        elif isinstance(node, nodes.Mul):
            left, right = _int_value(node.left), _int_value(node.right)
            factor = right if _is_sequence_literal(node.left) else left if _is_sequence_literal(node.right) else None
            repeated = _is_sequence_literal(node.left) or _is_sequence_literal(node.right)
            if repeated and (factor is None or factor > MAX_REPEAT):
                problems.append(f"{where}: a string or list repeated {factor if factor is not None else 'n'} times")
            elif not repeated and (left is None) == (right is None) and left is None:
                problems.append(f"{where}: a product of two computed values")
        elif isinstance(node, nodes.Const):
            value = node.value
            if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_CONSTANT:
                problems.append(f"{where}: the constant {value}")
            elif isinstance(value, str) and _WIDE_FORMAT.search(value):
                problems.append(f"{where}: a format width in {value[:40]!r}")
        elif isinstance(node, nodes.Call) and isinstance(node.node, nodes.Name) and node.node.name == "range":
            bounds = [_int_value(arg) for arg in node.args]
            if not node.args or any(b is None for b in bounds):
                problems.append(f"{where}: range() over a computed bound")
            else:
                span = range(*[b for b in bounds if b is not None])
                if len(span) > MAX_RANGE:
                    problems.append(f"{where}: range() of {len(span)} items")
        elif isinstance(node, (nodes.Include, nodes.Extends, nodes.Import, nodes.FromImport)):
            # The loader keeps computed names inside the pack roots; a literal escape attempt is refused here.
            target = getattr(node, "template", None)
            name = target.value if isinstance(target, nodes.Const) else ""
            if isinstance(name, str) and (name.startswith(("/", "\\")) or ".." in name):
                problems.append(f"{where}: an include or import of {name!r}")
        elif isinstance(node, nodes.Call) and isinstance(node.node, nodes.Getattr) and node.node.attr in MUTATORS:
            problems.append(f"{where}: a call to .{node.node.attr}() (templates may not change their data)")
    depth = _loops_depth(tree)
    if depth > MAX_LOOP_DEPTH:
        problems.append(f"{where}: loops nested {depth} deep (at most {MAX_LOOP_DEPTH})")
    for name in _recursive_macros(tree):
        problems.append(f"{where}: the macro {name}() calls itself")
    return problems


# -- packs --------------------------------------------------------------------------------------


def _yaml_templates(data: Any, where: str) -> Iterator[tuple[str, str]]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _yaml_templates(value, f"{where}.{key}")
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _yaml_templates(value, f"{where}[{index}]")
    elif isinstance(data, str) and ("{{" in data or "{%" in data):
        yield where, data


def pack_sources(pack: Path) -> Iterator[tuple[str, str]]:
    """Every template of a user pack: ``*.j2`` files and the Jinja strings of its YAML files."""
    for path in sorted(pack.rglob("*")):
        relative = str(path.relative_to(pack))
        if path.suffix == ".j2":
            yield relative, path.read_text(encoding="utf-8")
        elif path.suffix in (".yaml", ".yml"):
            yield from _yaml_templates(load_yaml(path), relative)
