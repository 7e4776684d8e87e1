"""docs/rules/online_mafia.md's role table agrees with the code and the terms files (one row per role)."""

from __future__ import annotations

from pathlib import Path

from llm_werewolf.rules.variants.online_mafia.registry import ROLES
from llm_werewolf.rules.variants.online_mafia.roles import SEED_SPECS
from llm_werewolf.rules.variants.online_mafia.wake import STEP_INDEX
from llm_werewolf.texts import terms as loaded_terms

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules" / "online_mafia.md"
HEADER = ["id", "Hebrew", "English", "faction", "wake", "night action (uses; nights)", "visits", "source", "notes"]
SOURCES = ("seed", "ToS", "house")


def terms(language: str) -> dict[str, str]:
    """Role names as the players see them: terms.yaml with the role units' role files laid over it."""
    roles = loaded_terms(language, "online_mafia")["roles"]
    assert isinstance(roles, dict)
    return {str(k): str(v) for k, v in roles.items()}


def role_rows() -> tuple[list[str], list[list[str]]]:
    lines = DOC.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| id | Hebrew |"))
    header = [cell.strip() for cell in lines[start].strip("|").split("|")]
    rows: list[list[str]] = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return header, rows


def test_the_role_table_has_one_full_row_per_role() -> None:
    header, rows = role_rows()
    assert header == HEADER
    assert all(len(row) == len(HEADER) for row in rows)
    ids = [row[0].strip("`") for row in rows]
    assert len(ids) == len(set(ids)) == len(ROLES) and len(SEED_SPECS) == 43
    assert set(ids) == set(ROLES)


def test_each_row_agrees_with_the_code_and_the_terms() -> None:
    he, en = terms("he"), terms("en")
    _, rows = role_rows()
    for role_id, hebrew, english, faction, wake, action, _visits, source, _notes in rows:
        role = role_id.strip("`")
        spec = ROLES[role]
        assert hebrew == he[role], role
        assert english == en[role], role
        assert faction == spec.faction.value.replace("_", " "), role
        expected_wake = "—" if spec.step is None else f"{STEP_INDEX[spec.step] + 1} `{spec.step}`"
        assert wake == expected_wake, role
        assert action, role
        assert source.split(";")[0].split(" ")[0] in SOURCES, (role, source)
    citizen = next(row for row in rows if row[0] == "`citizen`")
    assert citizen[7].startswith("house")
