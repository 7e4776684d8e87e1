"""``llm-werewolf play`` with model seats: flags, a table file, the preflight, the transcript header."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from llm_werewolf.prompting.packs import MissingPromptFile
from llm_werewolf.prompting.personas import get_persona
from llm_werewolf.session import Session
from llm_werewolf.table.seating import AgentSpec

CLI = [sys.executable, "-m", "llm_werewolf", "play", "--narrator", "off"]


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=300, cwd=cwd)


def _transcript(folder: Path) -> tuple[dict[str, object], list[dict[str, object]]]:
    files = list(folder.glob("*.jsonl"))
    assert len(files) == 1
    lines = files[0].read_text(encoding="utf-8").splitlines()
    return json.loads(lines[0]), [json.loads(line) for line in lines[1:]]


def test_a_mixed_table_with_fake_model_seats_writes_calls_and_personas(tmp_path: Path) -> None:
    result = run(
        "--variant", "one_night", "--players", "4", "--seed", "3", "--agents", "heuristic",
        "--seat", "1=fake", "--seat", "3=fake:7", "--log-prompts", "--transcripts", str(tmp_path),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    header, records = _transcript(tmp_path)
    seats = header["seats"]
    assert isinstance(seats, list)
    assert seats[0]["agent"] == "fake" and seats[0]["persona"] and seats[1]["persona"] is None
    assert header["prompt_packs"] and "ar/one_night" in header["prompt_packs"]  # type: ignore[operator]
    calls = [r["event"] for r in records if r["event"]["kind"] == "model_call"]  # type: ignore[index]
    assert calls and {c["seat"] for c in calls} <= {0, 2}  # type: ignore[index]
    assert all(c["prompt"] for c in calls)  # type: ignore[index]


def test_a_model_seat_records_its_persona_id_and_name_in_the_header(tmp_path: Path) -> None:
    result = run(
        "--variant", "one_night", "--players", "3", "--lang", "en", "--seed", "8", "--agents", "heuristic",
        "--seat", "2=fake", "--transcripts", str(tmp_path),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    header, _ = _transcript(tmp_path)
    seats = header["seats"]
    assert isinstance(seats, list)
    model_seat = seats[1]
    assert model_seat["agent"] == "fake" and model_seat["persona"]
    assert model_seat["persona_name"] == get_persona("en", model_seat["persona"]).name
    assert model_seat["name"] == model_seat["persona_name"]  # a model seat is called by its persona's name
    assert all(s["persona"] is None and s["persona_name"] is None for s in (seats[0], seats[2]))


def test_an_unreachable_narrator_endpoint_stops_before_the_game(tmp_path: Path) -> None:
    result = run(
        "--variant", "one_night", "--players", "3", "--agents", "heuristic",
        "--narrator", "llm:openai:some-model", "--base-url", "http://127.0.0.1:9/v1", "--transcripts", str(tmp_path),
    )  # fmt: skip
    assert result.returncode == 2, (result.stdout, result.stderr)
    [line] = result.stderr.splitlines()
    assert line.startswith("error: narrator: ") and "cannot reach the endpoint" in line
    assert "127.0.0.1:9" in line
    assert not result.stdout  # nothing was played or printed
    assert not list(tmp_path.glob("*.jsonl"))


def test_a_table_file_sets_seats_and_defaults(tmp_path: Path) -> None:
    table = tmp_path / "table.toml"
    table.write_text(
        '[game]\nvariant = "one_night"\nplayers = 3\nlang = "en"\nseed = 5\nagents = "heuristic"\n'
        '[llm]\nlog_prompts = false\n[seats]\n2 = { agent = "fake", persona = "en-frank" }\n',
        encoding="utf-8",
    )
    result = run("--config", str(table), "--transcripts", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    header, records = _transcript(tmp_path / "out")
    assert header["variant"] == "one_night" and header["language"] == "en" and header["seed"] == 5
    assert header["seats"][1]["persona"] == "en-frank"  # type: ignore[index]
    calls = [r["event"] for r in records if r["event"]["kind"] == "model_call"]  # type: ignore[index]
    assert calls and all(c["seat"] == 1 and c["prompt"] is None for c in calls)  # type: ignore[index]


def test_an_unreachable_endpoint_stops_before_the_game(tmp_path: Path) -> None:
    result = run(
        "--variant", "one_night", "--players", "3", "--agents", "openai:some-model",
        "--base-url", "http://127.0.0.1:9/v1", "--transcripts", str(tmp_path),
    )  # fmt: skip
    assert result.returncode == 2
    [error] = result.stderr.splitlines()  # one line, however long
    assert error.startswith("error: ") and "cannot reach the endpoint" in error
    assert not list(tmp_path.glob("*.jsonl"))


def test_bad_model_settings_are_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[llm]\ncolour = 'blue'\n", encoding="utf-8")
    for args, message in [
        (("--config", str(bad)), "unknown key(s) colour"),
        (("--profile", "gpt9"), "unknown profile 'gpt9'"),
        (("--backend", "carrier-pigeon"), "unknown backend 'carrier-pigeon'"),
        (("--agents", "openai"), "needs a model"),
    ]:
        result = run(*args, "--no-transcript")
        assert result.returncode == 2, (args, result.stderr)
        assert len(result.stderr.splitlines()) == 1, (args, result.stderr)
        assert result.stderr.startswith("error: ") and message in result.stderr, (args, result.stderr)


def test_a_seat_whose_prompts_are_missing_fails_before_the_game_naming_the_file() -> None:
    """Seating a model checks the ruleset × language pack first (the CLI prints the error in one line)."""
    with pytest.raises(MissingPromptFile, match=r"prompts/ru/chinese_werewolf/rules\.j2"):
        Session().agent(AgentSpec("fake"), seat=0, seed=0, language="ru", variant="chinese_werewolf")
