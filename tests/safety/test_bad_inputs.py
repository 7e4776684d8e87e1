"""Bad inputs: one ``error:`` line and exit 2 (CLI) or a 4xx with a message (web); control characters
never reach a transcript or another screen."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from llm_werewolf.controls import strip_controls
from llm_werewolf.rules import Choice, Decision, Option
from llm_werewolf.web.app import create_app
from llm_werewolf.web.seats import check_answer
from llm_werewolf.web.setup import TableSetup, game_config
from llm_werewolf.web.tables import Lobby

from ..transcript.support import play_to_file

CLI = [sys.executable, "-m", "llm_werewolf"]


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=300, cwd=cwd)


def one_error_line(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert lines and lines[-1].startswith("error: "), result.stderr
    assert "Traceback" not in result.stderr
    return lines[-1]


@pytest.mark.parametrize(
    ("toml", "expected"),
    [
        ('[llm]\ntimeout = "soon"\n', "timeout"),
        ("[game]\nseed = 1.5\n", "seed"),
        ('[game]\nplayers = "nine"\n', "players"),
        ("[game]\nplayers = 0\n", "players"),
        ("game = 3\n", "[game]"),
        ("a = " + "[" * 5000 + "]" * 5000 + "\n", "nested too deeply"),
    ],
)
def test_bad_table_files_are_one_error_line(tmp_path: Path, toml: str, expected: str) -> None:
    (tmp_path / "t.toml").write_text(toml, encoding="utf-8")
    line = one_error_line(run("play", "--config", "t.toml", "--agents", "heuristic", "--no-transcript", cwd=tmp_path))
    assert expected in line


def test_a_table_file_that_is_not_utf8_is_one_error_line(tmp_path: Path) -> None:
    (tmp_path / "t.toml").write_bytes(b'[game]\nvariant = "\xff\xfe"\n')
    assert "not UTF-8" in one_error_line(run("play", "--config", "t.toml", cwd=tmp_path))


@pytest.fixture(scope="module")
def transcript(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    path = tmp_path_factory.mktemp("game") / "game.jsonl"
    play_to_file(path, "one_night", 4)
    return path.read_text(encoding="utf-8").splitlines()


def _with_header(tmp_path: Path, lines: list[str], **changes: object) -> Path:
    header = {**json.loads(lines[0]), **changes}
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("command", ["render", "replay", "export"])
def test_a_header_language_cannot_point_outside(tmp_path: Path, transcript: list[str], command: str) -> None:
    path = _with_header(tmp_path, transcript, language="../../../../etc/evil")
    result = run(command, str(path), cwd=tmp_path)
    one_error_line(result)
    assert "unknownlanguage'../../../../etc/evil'" in "".join(result.stderr.split())


def test_a_header_with_too_few_names_is_refused(tmp_path: Path, transcript: list[str]) -> None:
    names = json.loads(transcript[0])["names"]
    path = _with_header(tmp_path, transcript, names=names[:2])
    assert "2 seat names but" in one_error_line(run("render", str(path), cwd=tmp_path))


def test_export_fails_when_every_file_is_skipped_and_skips_games_that_do_not_replay(
    tmp_path: Path, transcript: list[str]
) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "bad.jsonl").write_bytes(b"\xff\xfe not a transcript\n")
    assert "all 1 transcripts were skipped" in one_error_line(run("export", str(folder), cwd=tmp_path))
    assert not (tmp_path / "dataset").exists()
    # a good game and one whose records were tampered with: the second does not replay and is skipped
    (folder / "good.jsonl").write_text("\n".join(transcript) + "\n", encoding="utf-8")
    tampered = [json.loads(line) for line in transcript]
    header = tampered[0]
    header["seed"] = header["seed"] + 1  # the same records under another deal
    (folder / "tampered.jsonl").write_text("\n".join(json.dumps(r) for r in tampered) + "\n", encoding="utf-8")
    result = run("export", str(folder), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "tampered.jsonl:doesnotreplay" in "".join(result.stderr.split())  # the console wraps long lines
    games = (tmp_path / "dataset" / "games.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(games) == 1


def test_an_output_folder_that_cannot_be_written_is_one_error_line(tmp_path: Path, transcript: list[str]) -> None:
    (tmp_path / "game.jsonl").write_text("\n".join(transcript) + "\n", encoding="utf-8")
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    line = one_error_line(run("render", "game.jsonl", "-o", "a-file/out.html", cwd=tmp_path))
    assert "a-file" in line
    line = one_error_line(
        run("play", "--variant", "one_night", "--agents", "heuristic", "--transcripts", "a-file/x", cwd=tmp_path)
    )
    assert "Not a directory" in line


def test_a_full_disk_is_one_error_line(tmp_path: Path, transcript: list[str]) -> None:
    (tmp_path / "game.jsonl").write_text("\n".join(transcript) + "\n", encoding="utf-8")
    assert Path("/dev/full").exists()  # Linux: every write fails with ENOSPC
    line = one_error_line(run("render", "game.jsonl", "-f", "md", "-o", "/dev/full", cwd=tmp_path))
    assert "No space left on device" in line


def test_the_web_answers_422_for_an_unknown_persona() -> None:
    with TestClient(create_app(Lobby(host_token="h")), raise_server_exceptions=False) as client:
        seats = [{"player": "human"}, {"player": "fake", "persona": "nobody"}, *[{"player": "heuristic"}] * 3]
        response = client.post(
            "/api/host/tables",
            json={"variant": "one_night", "language": "en", "seats": seats},
            headers={"X-Host-Token": "h"},
        )
    assert response.status_code == 422 and "no persona 'nobody'" in response.json()["detail"]


HOSTILE_TEXT = "hi\x1b[2J\x1b]0;owned\x07 there\x00\x07 \u202eevil\u202c\u2028end"


def test_control_characters_are_stripped() -> None:
    assert strip_controls(HOSTILE_TEXT) == "hi there evil end"
    assert strip_controls("שלום\u200f עולם") == "שלום\u200f עולם"  # marks right-to-left text needs stay


def test_web_speeches_and_seat_names_lose_their_control_characters() -> None:
    decision = Decision(id=1, seat=0, kind="speak", options=(Option("speak", "plain"),), speech=True)
    choice = check_answer(decision, {"option": "speak", "text": HOSTILE_TEXT}, speech_limit=200, claims=frozenset())
    assert choice == Choice("speak", text="hi there evil end")
    setup = TableSetup.model_validate(
        {
            "variant": "one_night",
            "language": "en",
            "seats": [{"player": "human", "name": "Al\x1b[31mice\u202e"}] * 1 + [{"player": "heuristic"}] * 4,
        }
    )
    assert game_config(setup).names[0] == "Alice"
