"""The mutation catalogue applies to today's code, and keeps applying when its code moves between modules."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _bench(name: str) -> ModuleType:
    if name in sys.modules:
        return sys.modules[name]
    sys.path.insert(0, str(ROOT / "bench"))  # the catalogue imports the anchors as a sibling module
    spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_every_mutation_finds_its_symbol_once_and_changes_it() -> None:
    anchors, catalogue = _bench("mutation_anchors"), _bench("mutation_catalogue")
    count = 0
    for ruleset, mutations in catalogue.CATALOGUE.items():
        assert len({m.id for m in mutations}) == len(mutations), f"{ruleset}: duplicate ids"
        for mutation in mutations:
            site = anchors.locate(ROOT, ruleset, mutation.symbol, mutation.old)
            before, after = anchors.mutate(site, mutation.old, mutation.new)
            assert after != before, f"{ruleset}/{mutation.id} changes nothing"
            count += 1
    assert count >= 150


def _move(text: str, start: int, end: int) -> tuple[str, str]:
    return text[:start] + text[end:], text[start:end]


def test_a_function_moved_to_another_module_and_folder_is_still_mutated(tmp_path: Path) -> None:
    anchors, catalogue = _bench("mutation_anchors"), _bench("mutation_catalogue")
    # the ruleset's folder moves elsewhere under rules/, and mixed_couple leaves win.py for couples.py
    folder = tmp_path / "llm_werewolf" / "rules" / "rulesets" / "chinese_werewolf"
    shutil.copytree(ROOT / "llm_werewolf" / "rules" / "variants" / "chinese_werewolf", folder)
    win = folder / "win.py"
    text = win.read_text(encoding="utf-8")
    (site,) = [s for s in anchors.sites(win, text) if s.symbol == "mixed_couple"]
    rest, moved = _move(text, site.start, site.end)
    win.write_text(rest, encoding="utf-8")
    couples = folder / "couples.py"
    couples.write_text('"""Couples."""\n\n\n' + moved, encoding="utf-8")

    anchored = [m for m in catalogue.CATALOGUE["chinese_werewolf"] if m.symbol == "mixed_couple"]
    assert anchored
    for mutation in anchored:
        found = anchors.locate(tmp_path, "chinese_werewolf", mutation.symbol, mutation.old)
        assert found.path == couples
        before, after = anchors.mutate(found, mutation.old, mutation.new)
        assert before == couples.read_text(encoding="utf-8")
        assert mutation.old in before and after == before.replace(mutation.old, mutation.new, 1)
    # the rest of the ruleset's catalogue applies in the moved folder too
    for mutation in catalogue.CATALOGUE["chinese_werewolf"]:
        anchors.locate(tmp_path, "chinese_werewolf", mutation.symbol, mutation.old)

    # a symbol whose body lost the snippet is stale, not silently skipped
    mutation = anchored[0]
    couples.write_text(moved.replace(mutation.old, "    return True"), encoding="utf-8")
    with pytest.raises(anchors.StaleMutation, match="mixed_couple"):
        anchors.locate(tmp_path, "chinese_werewolf", mutation.symbol, mutation.old)
