"""The reader fed corrupt, truncated and odd files: errors name the line, a crash tail is only a warning."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from llm_werewolf.rules.events import same_records
from llm_werewolf.transcript import SCHEMA_VERSION, TranscriptError, read_transcript

from .support import play_to_file


@pytest.fixture(scope="module")
def game_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("reader") / "game.jsonl"
    play_to_file(path, "toy", 11, agents="noisy", narrator=True)
    return path


def write_lines(path: Path, lines: list[bytes], *, final_newline: bool = True) -> None:
    path.write_bytes(b"\n".join(lines) + (b"\n" if final_newline else b""))


def test_every_line_offset_is_the_end_of_that_line(game_file: Path) -> None:
    transcript = read_transcript(game_file)
    data = game_file.read_bytes()
    assert not transcript.truncated and not transcript.warnings
    assert data[transcript.header_bytes - 1 : transcript.header_bytes] == b"\n"
    for record, end in zip(transcript.records, transcript.offsets, strict=True):
        assert data[end - 1 : end] == b"\n"
        assert json.loads(data[:end].splitlines()[-1])["seq"] == record.seq


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (b"{not json", "Invalid JSON"),
        (b'{"seq": 5, "phase": "day:1", "vis": {"scope": "public"}, "event": {"kind": "nonsense"}}', "event"),
        (b'{"seq": 5, "phase": "day:1", "vis": {"scope": "everyone"}, "event": {"kind": "cue", "key": "x"}}', "vis"),
        (b'{"seq": 5, "phase": "day:1", "vis": {"scope": "public"}, "event": {"kind": "died", "seat": "x"}}', "seat"),
        (b"[1, 2, 3]", ""),
    ],
)
def test_a_corrupt_line_in_the_middle_names_its_line(game_file: Path, tmp_path: Path, bad: bytes, message: str) -> None:
    lines = game_file.read_bytes().splitlines()
    lines[6] = bad
    path = tmp_path / "corrupt.jsonl"
    write_lines(path, lines)
    with pytest.raises(TranscriptError, match=rf"corrupt\.jsonl:7: .*{message}"):
        read_transcript(path)


def test_a_corrupt_complete_last_line_is_an_error_not_a_crash_tail(game_file: Path, tmp_path: Path) -> None:
    lines = game_file.read_bytes().splitlines()
    lines[-1] = lines[-1][:20]
    path = tmp_path / "bad-end.jsonl"
    write_lines(path, lines)  # the newline is there: the line was written whole, so it is corrupt
    with pytest.raises(TranscriptError, match=rf"bad-end\.jsonl:{len(lines)}:"):
        read_transcript(path)


def test_an_empty_line_in_the_middle_is_an_error(game_file: Path, tmp_path: Path) -> None:
    lines = game_file.read_bytes().splitlines()
    lines.insert(4, b"")
    path = tmp_path / "gap.jsonl"
    write_lines(path, lines)
    with pytest.raises(TranscriptError, match=r"gap\.jsonl:5: empty line"):
        read_transcript(path)


def test_a_sequence_gap_is_an_error(game_file: Path, tmp_path: Path) -> None:
    lines = game_file.read_bytes().splitlines()
    del lines[10]
    path = tmp_path / "seq.jsonl"
    write_lines(path, lines)
    with pytest.raises(TranscriptError, match=r"seq\.jsonl:11: sequence number 10, expected 9"):
        read_transcript(path)


@pytest.mark.parametrize("cut", [1, 7, 40, 100])
def test_a_line_cut_by_a_crash_is_reported_and_ignored(game_file: Path, tmp_path: Path, cut: int) -> None:
    data = game_file.read_bytes()
    full = read_transcript(game_file)
    lines = data.splitlines(keepends=True)
    prefix = b"".join(lines[:20])
    partial = lines[20][: min(cut, len(lines[20]) - 2)]
    path = tmp_path / "cut.jsonl"
    path.write_bytes(prefix + partial)
    transcript = read_transcript(path)
    assert transcript.truncated
    assert transcript.warnings and "cut.jsonl:21:" in transcript.warnings[0]
    assert same_records(transcript.records, full.records[:19])
    assert transcript.valid_bytes == len(prefix)


def test_a_whole_last_record_without_its_newline_is_kept_with_a_warning(game_file: Path, tmp_path: Path) -> None:
    data = game_file.read_bytes()
    path = tmp_path / "nonl.jsonl"
    path.write_bytes(data[:-1])
    transcript = read_transcript(path)
    assert transcript.truncated and "no newline" in transcript.warnings[0]
    assert same_records(transcript.records, read_transcript(game_file).records)


def test_header_problems(tmp_path: Path, game_file: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    with pytest.raises(TranscriptError, match=r"empty\.jsonl:1: empty file"):
        read_transcript(empty)
    half = tmp_path / "half.jsonl"
    half.write_bytes(game_file.read_bytes()[:30])
    with pytest.raises(TranscriptError, match=r"half\.jsonl:1: the header line is incomplete"):
        read_transcript(half)
    newer = tmp_path / "newer.jsonl"
    header = json.loads(game_file.read_bytes().splitlines()[0])
    header["schema_version"] = SCHEMA_VERSION + 1
    newer.write_text(json.dumps(header) + "\n")
    with pytest.raises(TranscriptError, match=r"newer\.jsonl:1: schema version"):
        read_transcript(newer)
    missing = tmp_path / "missing.jsonl"
    with pytest.raises(TranscriptError, match="cannot read"):
        read_transcript(missing)


def test_a_header_alone_is_an_empty_game(game_file: Path, tmp_path: Path) -> None:
    path = tmp_path / "header-only.jsonl"
    path.write_bytes(game_file.read_bytes().splitlines(keepends=True)[0])
    transcript = read_transcript(path)
    assert transcript.records == [] and not transcript.truncated
    assert transcript.valid_bytes == transcript.header_bytes == path.stat().st_size
