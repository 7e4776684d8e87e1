"""Import cycles and upward imports of ``llm_werewolf`` against the layer order in pyproject.toml.

The layer order is the ``layers`` contract of ``[tool.importlinter]`` (highest first). An upward
import is one from a module to a module of a higher layer, or between two siblings that must not
import each other (``a | b``); a cycle is a set of modules that import each other (a strongly
connected component of the module import graph, imports inside functions and under
``TYPE_CHECKING`` included, as import-linter counts them).

    python scripts/import_graph.py            # the counts, then every cycle and upward import
    python scripts/import_graph.py --counts   # the counts only
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "llm_werewolf"
RULESET_FOLDERS = f"{PACKAGE}.rules.variants."


@dataclass(frozen=True)
class Floor:
    """One module or package of a layer: its layer's index (0 = highest) and its siblings' kind."""

    layer: int
    independent: bool


def layer_contract(pyproject: Path) -> list[str]:
    """The ``layers`` of the layers contract, highest first."""
    config = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    for contract in config["tool"]["importlinter"]["contracts"]:
        if contract["type"] == "layers":
            return [str(layer) for layer in contract["layers"]]
    raise SystemExit("pyproject.toml has no layers contract")


def floors(layers: Sequence[str]) -> dict[str, Floor]:
    """Each module named in the layers, with its layer."""
    found: dict[str, Floor] = {}
    for index, layer in enumerate(layers):
        independent = "|" in layer
        for name in layer.replace("|", ":").split(":"):
            found[name.strip().strip("()")] = Floor(index, independent)  # "(name)": an optional layer
    return found


def floor_of(module: str, named: Mapping[str, Floor]) -> tuple[str, Floor] | None:
    """The named module or package that holds ``module`` (the longest name that matches)."""
    parts = module.split(".")
    for end in range(len(parts), 0, -1):
        name = ".".join(parts[:end])
        if name in named:
            return name, named[name]
    return None


def upward_imports(graph: grimp.ImportGraph, named: Mapping[str, Floor]) -> list[tuple[str, str]]:
    """Imports from a lower layer to a higher one, or between independent siblings."""
    found: list[tuple[str, str]] = []
    for importer in sorted(graph.modules):
        low = floor_of(importer, named)
        if low is None:
            continue
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            high = floor_of(imported, named)
            if high is None or high[0] == low[0]:
                continue
            if high[1].layer < low[1].layer or (high[1].layer == low[1].layer and low[1].independent):
                found.append((importer, imported))
    return found


def cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan's algorithm, iterative)."""
    modules = sorted(graph.modules)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in modules:
        if start in index:
            continue
        work = [(start, 0)]
        while work:
            node, position = work.pop()
            if position == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            targets = edges[node]
            if position < len(targets):
                work.append((node, position + 1))
                target = targets[position]
                if target not in index:
                    work.append((target, 0))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return sorted(found)


def inside_one_ruleset(component: Iterable[str]) -> bool:
    """Whether every module of a cycle is in the same ruleset's folder."""
    folders = {m[len(RULESET_FOLDERS) :].split(".")[0] if m.startswith(RULESET_FOLDERS) else "" for m in component}
    return len(folders) == 1 and "" not in folders


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--counts", action="store_true", help="print the counts only")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    graph = grimp.build_graph(PACKAGE)
    named = floors(layer_contract(ROOT / "pyproject.toml"))
    found_cycles = cycles(graph)
    outside = [c for c in found_cycles if not inside_one_ruleset(c)]
    upward = upward_imports(graph, named)
    unplaced = sorted({m.split(".")[1] for m in graph.modules if m != PACKAGE and floor_of(m, named) is None})
    print(f"modules: {len(graph.modules)}")
    print(f"import cycles: {len(found_cycles)} ({len(outside)} outside a ruleset's own folder)")
    print(f"upward imports: {len(upward)}")
    print(f"modules in no layer: {len(unplaced)}")
    if args.counts:
        return 0
    for component in found_cycles:
        where = "ruleset" if inside_one_ruleset(component) else "cycle"
        print(f"{where}: {' <-> '.join(component)}")
    for importer, imported in upward:
        print(f"upward: {importer} -> {imported}")
    for name in unplaced:
        print(f"no layer: {PACKAGE}.{name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
