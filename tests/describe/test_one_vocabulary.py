"""The narration reads its words through the one vocabulary (``describe.vocabulary``), never its own terms lookup."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import llm_werewolf.narration as narration
from llm_werewolf.describe import vocabulary
from llm_werewolf.narration.checker import NarrationChecker
from llm_werewolf.narration.moments import moment_of
from llm_werewolf.narration.template import TemplateNarrator
from llm_werewolf.rules.events import Cue, Visibility, make_record

FOLDER = Path(narration.__file__).parent
OWN_LOOKUPS = {"terms", "role_name", "Phrasebook", "load_terms"}


@pytest.mark.parametrize("module", ["moments.py", "checker.py", "template.py"])
def test_narration_has_no_terms_lookup_of_its_own(module: str) -> None:
    tree = ast.parse((FOLDER / module).read_text(encoding="utf-8"))
    imported = {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and node.module.endswith(("texts", "prompting.render"))
        for alias in node.names
    }
    assert not imported & OWN_LOOKUPS, f"narration/{module} imports {imported & OWN_LOOKUPS}"
    assert "terms.yaml" not in (FOLDER / module).read_text(encoding="utf-8").replace("``terms.yaml``", "")


@pytest.mark.parametrize(
    ("language", "variant", "role"),
    [("ar", "one_night", "robber"), ("he", "online_mafia", "witch"), ("he", "online_mafia", "consigliere")],
)
def test_the_checker_knows_a_role_in_every_gender_form(language: str, variant: str, role: str) -> None:
    """A card said of a woman or of a man (اللص / اللصّة, מכשפה / מכשף) names the same role: the checker reads both
    (the terms give one form; the others come from the vocabulary and the phrase banks)."""
    forms = vocabulary(language, variant).forms("roles", role)
    assert len(forms) == 2, forms
    names = (
        ["سمير", "ليلى", "جاد", "منى", "رامي", "هدى"]
        if language.startswith("ar")
        else ["דן", "נועה", "רון", "מיה", "טל", "גיל"]
    )
    checker = NarrationChecker(variant, language, names)
    for form in forms:
        assert f"role:{role}" in checker.claims(f"{names[0]} {form}.").terms, form


def test_the_template_narrator_reads_the_rulesets_own_lines_through_the_vocabulary() -> None:
    narrator = TemplateNarrator("chinese_werewolf", "zh-Hant", ["甲", "乙", "丙", "丁", "戊", "己"], seed=1)
    assert narrator.terms == vocabulary("zh-Hant", "chinese_werewolf").ruleset_terms
    record = make_record(seq=3, phase="night:1", vis=Visibility(scope="public"), event=Cue(key="nightfall", role=None))
    moment = moment_of(record)
    assert moment is not None
    cue = narrator.terms.get("cues", {}).get("nightfall")
    assert narrator.term(moment) == (cue if isinstance(cue, str) else "")
