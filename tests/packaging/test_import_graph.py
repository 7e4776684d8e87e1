"""scripts/import_graph.py: cycles and upward imports against a layer order."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import grimp

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "import_graph.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("import_graph", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _graph(*imports: tuple[str, str]) -> grimp.ImportGraph:
    graph = grimp.ImportGraph()
    for importer, imported in imports:
        graph.add_import(importer=importer, imported=imported)
    return graph


def test_a_cycle_is_every_module_that_imports_the_others_in_turn() -> None:
    graph = _graph(("p.a", "p.b"), ("p.b", "p.c"), ("p.c", "p.a"), ("p.c", "p.d"), ("p.d", "p.e"))
    assert _script().cycles(graph) == [["p.a", "p.b", "p.c"]]


def test_imports_that_only_go_one_way_make_no_cycle() -> None:
    graph = _graph(("p.a", "p.b"), ("p.a", "p.c"), ("p.b", "p.c"))
    assert _script().cycles(graph) == []


def test_an_upward_import_runs_from_a_lower_layer_or_between_independent_siblings() -> None:
    script = _script()
    named = script.floors(["p.web", "p.table | p.balance", "p.speech : p.describe", "(p.safety)", "p.rules"])
    graph = _graph(
        ("p.web.app", "p.table.run"),  # down: allowed
        ("p.rules.engine", "p.speech.legality"),  # up
        ("p.table.run", "p.balance.count"),  # independent siblings
        ("p.speech.voice", "p.describe.words"),  # siblings that may import each other
        ("p.describe.words", "p.speech.phrases"),
        ("p.rules.engine", "p.rules.model"),  # inside one layer
        ("p.table.run", "p.other"),  # in no layer
    )
    assert script.upward_imports(graph, named) == [
        ("p.rules.engine", "p.speech.legality"),
        ("p.table.run", "p.balance.count"),
    ]


def test_a_cycle_inside_one_rulesets_folder_is_told_apart() -> None:
    script = _script()
    prefix = "llm_werewolf.rules.variants."
    assert script.inside_one_ruleset([f"{prefix}one_night.a", f"{prefix}one_night.b"])
    assert not script.inside_one_ruleset([f"{prefix}one_night.a", f"{prefix}city_mafia.b"])
    assert not script.inside_one_ruleset([f"{prefix}one_night.a", "llm_werewolf.rules.engine"])


def test_the_layers_come_from_the_contract_in_pyproject() -> None:
    script = _script()
    layers = script.layer_contract(SCRIPT.parents[1] / "pyproject.toml")
    named = script.floors(layers)
    assert named["llm_werewolf.rules"].layer == len(layers) - 1
    assert named["llm_werewolf.cli"].layer < named["llm_werewolf.web"].layer < named["llm_werewolf.table"].layer
    assert named["llm_werewolf.speech"].layer == named["llm_werewolf.describe"].layer


def test_the_package_has_no_import_cycle_outside_a_rulesets_own_folder() -> None:
    script = _script()
    sys.path.insert(0, str(SCRIPT.parents[1]))
    try:
        graph = grimp.build_graph(script.PACKAGE)
    finally:
        sys.path.remove(str(SCRIPT.parents[1]))
    outside = [" <-> ".join(c) for c in script.cycles(graph) if not script.inside_one_ruleset(c)]
    assert outside == [], "import cycles outside a ruleset's folder (python scripts/import_graph.py):\n" + "\n".join(
        outside
    )
