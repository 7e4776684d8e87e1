"""The text loader's YAML parser gives every data file the value PyYAML's pure-Python safe loader gives."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from llm_werewolf import texts

ROOT = Path(__file__).resolve().parent.parent
DATA_FILES = sorted(
    (kind, path.relative_to(ROOT / kind).as_posix())
    for kind in ("prompts", "personas")
    for path in (ROOT / kind).rglob("*.yaml")
)


def test_data_files_are_found() -> None:
    assert len(DATA_FILES) > 100


@pytest.mark.parametrize(("kind", "relative"), DATA_FILES)
def test_every_data_file_loads_as_the_pure_python_safe_loader_reads_it(kind: str, relative: str) -> None:
    text = (ROOT / kind / relative).read_text(encoding="utf-8")
    expected = yaml.load(text, Loader=yaml.SafeLoader)  # the reference: PyYAML's pure-Python safe loader
    loaded = texts.load_yaml(kind, relative)
    assert loaded == expected
    assert repr(loaded) == repr(expected)  # the same types and order, not only equal values


def test_the_loader_is_safe() -> None:
    with pytest.raises(yaml.YAMLError):
        yaml.load("!!python/object/apply:os.system ['true']", Loader=texts.SafeLoader)
