"""The scenario format: loading errors name the line and field; mismatches produce a readable diff."""

from __future__ import annotations

from pathlib import Path

import pytest

from llm_werewolf.scenarios import ScenarioError, check_file, load_scenario

BAD = Path(__file__).parent / "bad_scenarios"


@pytest.mark.parametrize(
    ("name", "pattern"),
    [
        ("unknown_role.yaml", r"unknown_role\.yaml:5: seats\[1\]\.role: unknown role 'wolfe'"),
        ("missing_field.yaml", r"missing_field\.yaml:5: seats\[1\]\.role: Field required"),
        ("bad_yaml.yaml", r"bad_yaml\.yaml:\d+: YAML syntax error"),
        ("unknown_kind.yaml", r"unknown_kind\.yaml:10: script\.Ann\.shoot: toy has no decision kind 'shoot'"),
    ],
)
def test_malformed_files_name_line_and_field(name: str, pattern: str) -> None:
    with pytest.raises(ScenarioError, match=pattern):
        load_scenario(BAD / name)


def test_mismatches_are_listed_with_a_diff() -> None:
    result = check_file(BAD / "wrong_expectations.yaml")
    assert not result.passed
    text = "\n".join(result.mismatches)
    assert "winners: expected ['Bob'], got ['Ann', 'Cid', 'Dee']" in text
    assert "-Dee @ night 1: wolves" in text
    assert "+Cid @ night 1: wolves" in text


def test_an_illegal_scripted_answer_is_reported() -> None:
    result = check_file(BAD / "unknown_role.yaml")
    assert result.error is not None and "wolfe" in result.error


def test_script_exhausted_with_error_fallback(tmp_path: Path) -> None:
    path = tmp_path / "short.yaml"
    path.write_text(
        "name: short\nvariant: toy\nfallback: error\nseats:\n"
        "  - {name: A, role: seer}\n  - {name: B, role: wolf}\n  - {name: C, role: villager}\n"
    )
    result = check_file(path)
    assert result.error is not None and "no scripted answer left for 'seer_check'" in result.error


SHERIFF_WEIGHT = (
    Path(__file__).parents[1] / "scenarios" / "chinese_werewolf" / "sheriff_vote_weighs_one_and_a_half.yaml"
)


def test_a_tallys_counts_match_yaml_lists_with_seat_names(tmp_path: Path) -> None:
    """``counts`` holds tuples of (option, count); YAML gives lists, and a seat name stands for seat:<i>."""
    text = SHERIFF_WEIGHT.read_text(encoding="utf-8")
    assert "counts: [[Liu, 2.5], [Zhou, 2]]" in text
    assert check_file(SHERIFF_WEIGHT).passed
    for wrong in ("[[Liu, 2.5], [Zhou, 1]]", "[[Zhou, 2.5], [Liu, 2]]", "[[Liu, 2.5]]"):
        path = tmp_path / "wrong_counts.yaml"
        path.write_text(text.replace("[[Liu, 2.5], [Zhou, 2]]", wrong), encoding="utf-8")
        result = check_file(path)
        assert not result.passed
        assert any("missing event" in line and "counts" in line for line in result.mismatches)
    path = tmp_path / "seat_keys.yaml"
    path.write_text(text.replace("[[Liu, 2.5], [Zhou, 2]]", '[["seat:4", 2.5], ["seat:6", 2.0]]'), encoding="utf-8")
    assert check_file(path).passed


def test_an_undeclared_outcome_reason_is_refused_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "typo.yaml"
    path.write_text(
        "name: typo\nvariant: toy\nseats:\n"
        "  - {name: A, role: seer}\n  - {name: B, role: wolf}\n  - {name: C, role: villager}\n"
        "expect:\n  reason: wolfs_dead\n"
    )
    with pytest.raises(ScenarioError, match=r"typo\.yaml:8: expect\.reason: unknown reason 'wolfs_dead' \(reasons: "):
        load_scenario(path)
