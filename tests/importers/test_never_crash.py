"""An import never stops on one bad file or record, and prints nothing a terminal would obey."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from llm_werewolf.cli import app
from llm_werewolf.importers import import_source

from .test_tencent import record, write
from .test_werewolf_arena import session, village_win

HOSTILE = "\x1b[2J\x1b]0;owned\x07\r\x1b[32mimported 9 games\x1b[0m\x9b31m\u202e"


def test_recursion_huge_numbers_and_bad_encodings_are_one_line_each(tmp_path: Path) -> None:
    src = tmp_path / "src"
    write(src, "good", record())
    (src / "deep.json").write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    (src / "huge.json").write_text('{"game_state": ' + "9" * 5_000 + "}", encoding="utf-8")
    (src / "latin1.json").write_bytes('{"game_state": "caf\xe9"}'.encode("latin-1"))
    (src / "utf16.json").write_bytes('{"game_state": {}}'.encode("utf-16"))
    report = import_source("tencent", src, tmp_path / "out")
    assert len(report.written) == 1
    assert len(report.errors) == 4, report.errors
    for name in ("deep.json", "huge.json", "latin1.json", "utf16.json"):
        assert sum(name in line for line in report.errors) == 1, report.errors
    assert all("\n" not in line for line in report.errors)


def test_reported_lines_carry_no_control_characters(tmp_path: Path) -> None:
    src = tmp_path / "logs"
    session(src, "good", village_win())
    partial = village_win()
    partial["error_message"] = HOSTILE
    session(src, "stopped", partial, "game_partial.json")
    result = CliRunner().invoke(app, ["import", "werewolf-arena", str(src), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    errors = [line for line in result.stderr.splitlines() if line.startswith("not imported: ")]
    assert len(errors) == 1, result.stderr
    assert not any(ord(c) < 32 or 0x7F <= ord(c) <= 0x9F or c == "\u202e" for c in errors[0]), repr(errors[0])
    assert "\x1b" not in result.stderr and "\r" not in result.stderr


def test_markdown_render_of_hostile_names_holds_no_control_characters(tmp_path: Path) -> None:
    from llm_werewolf.render import ViewSpec, build_document, render_markdown
    from llm_werewolf.rules import Game, GameConfig
    from llm_werewolf.transcript import header_for

    from ..transcript.support import play_to_file

    names = [f"P{i}{HOSTILE}" for i in range(5)]
    game: Game = play_to_file(tmp_path / "g.jsonl", "one_night", 3, players=5, names=names)
    header = header_for(GameConfig(variant="one_night", names=tuple(names), seed=3), "en", [])
    page = render_markdown(build_document(header, game.records, ViewSpec("god")))
    assert "P1" in page
    assert not any((ord(c) < 32 and c not in "\n\t") or 0x7F <= ord(c) <= 0x9F or c == "\u202e" for c in page)
