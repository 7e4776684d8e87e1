"""Every claim cue of every language, read through the full ``eval`` path (the CLI, which converts
Chinese text with OpenCC before reading claims), not through the claim reader alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from llm_werewolf.cli import app
from llm_werewolf.evaluation.validity import classify
from llm_werewolf.rules import get_ruleset
from llm_werewolf.speech.claim_extractor import _cue_data
from llm_werewolf.texts import terms

from .builders import FakeGame

VARIANTS = {
    "en": "chinese_werewolf",
    "zh-Hant": "chinese_werewolf",
    "ar-LB": "lebanese_ghouls",
    "ar": "one_night",
    "ru": "city_mafia",
    "he": "online_mafia",
}
CLAIMED = {
    "chinese_werewolf": "seer",
    "lebanese_ghouls": None,
    "one_night": "seer",
    "city_mafia": "sheriff",
    "online_mafia": None,
}
"""The role each game's first seat claims (``None``: the first role of the ruleset that has a name)."""


def _claimed(language: str, variant: str) -> tuple[str, str]:
    names = terms(language, variant)["roles"]
    roles = sorted(get_ruleset(variant).roles)
    role = CLAIMED[variant] or next(r for r in roles if isinstance(names.get(r), str) and names[r].strip())
    return role, str(names[role])


def _lines(language: str, variant: str) -> list[tuple[str, str]]:
    """(text, role) for every cue: the plain cues before the role's name, each inflected cue before a form."""
    role, name = _claimed(language, variant)
    space = "" if language == "zh-Hant" else " "
    data = _cue_data()[language]
    lines = [(f"{cue}{space}{name}", role) for cue in data["cues"]]
    for group in data.get("inflected", []) or []:
        form_role, forms = next((r, f) for r, f in group["forms"].items() if r in get_ruleset(variant).roles)
        lines += [(f"{cue} {forms[0]}", form_role) for cue in group["cues"]]
    return lines


def _game(variant: str, language: str, role: str, text: str, seed: int) -> FakeGame:
    others = [r for r in sorted(get_ruleset(variant).roles) if r != role][:2]
    g = FakeGame(variant, [role, *others], ["human", "human", "human"], language=language, seed=seed)
    g.phase("day", 1)
    g.say(0, text)
    g.end((0,), ("village",), "test")
    return g


@pytest.mark.parametrize("language", sorted(VARIANTS))
def test_every_cue_is_a_claim_through_eval(language: str, tmp_path: Path) -> None:
    variant = VARIANTS[language]
    lines = _lines(language, variant)
    for seed, (text, role) in enumerate(lines):
        _game(variant, language, role, text, seed).write(tmp_path)
    result = CliRunner().invoke(app, ["eval", str(tmp_path), "--claims", "text", "--bootstrap", "1"])
    assert result.exit_code == 0, result.output
    metrics = json.loads(result.stdout[result.stdout.index("{") :])
    assert metrics["unscored"] == [] and metrics["games"] == len(lines)
    # a Simplified-script line in a Traditional game is off-language: eval reads no claim in it, by design
    readable = [(text, role) for text, role in lines if classify(text, language) == "valid"]
    assert len(readable) >= len(lines) - 4, [t for t, _ in lines if (t, _) not in readable]
    claims = metrics["claims"]
    missed = []
    if claims["claims"] != len(readable):
        for seed, (text, role) in enumerate(readable):  # name the cues that were not read
            folder = tmp_path / f"one-{seed}"
            folder.mkdir()
            _game(variant, language, role, text, seed).write(folder)
            one = CliRunner().invoke(app, ["eval", str(folder), "--claims", "text", "--bootstrap", "1"])
            if json.loads(one.stdout[one.stdout.index("{") :])["claims"]["claims"] != 1:
                missed.append(text)
    assert missed == [] and claims["claims"] == len(readable), missed
    assert claims["invalid_utterances_ignored"] == len(lines) - len(readable)
    assert claims["false_rate_by_model"]["human"]["hits"] == 0  # every claim is the speaker's own role


def test_the_counter_claim_cue_survives_the_opencc_conversion(tmp_path: Path) -> None:
    """「我才是預言家」: OpenCC writes 才 as 纔; the cue must still be read after ``eval``'s conversion."""
    _game("chinese_werewolf", "zh-Hant", "seer", "我才是預言家", 1).write(tmp_path)
    result = CliRunner().invoke(app, ["eval", str(tmp_path), "--claims", "text", "--bootstrap", "1"])
    assert json.loads(result.stdout[result.stdout.index("{") :])["claims"]["claims"] == 1
