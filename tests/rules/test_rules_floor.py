"""The rules core stands on its own floor: no module of ``llm_werewolf.rules`` imports another
part of the package (speech, agents, transcript...), at module level or inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

import llm_werewolf.rules

RULES = Path(llm_werewolf.rules.__file__).parent


def _imports(path: Path) -> list[tuple[int, str]]:
    package = ["llm_werewolf", *path.relative_to(RULES.parent).with_suffix("").parts]
    package.pop()  # the module's name: what is left is its package (a package's __init__ is its own)
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                found.append((node.lineno, ".".join([*base, *([node.module] if node.module else [])])))
            elif node.module:
                found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
    return found


def test_the_rules_import_nothing_else_of_the_package() -> None:
    upward = [
        f"{path.relative_to(RULES.parent)}:{line}: {module}"
        for path in sorted(RULES.rglob("*.py"))
        for line, module in _imports(path)
        if module.split(".")[0] == "llm_werewolf" and module.split(".")[:2] != ["llm_werewolf", "rules"]
    ]
    assert upward == []


def test_relative_imports_are_resolved_against_the_module_package() -> None:
    engine = dict((module, line) for line, module in _imports(RULES / "engine.py"))
    assert "llm_werewolf.rules.decisions" in engine
    units = [module for _, module in _imports(RULES / "variants" / "one_night" / "units" / "apprentice_seer.py")]
    assert "llm_werewolf.rules.variants.one_night.moves" in units
    package = [module for _, module in _imports(RULES / "__init__.py")]
    assert "llm_werewolf.rules.engine" in package
