"""Dataset export: one row per utterance and one per game, same keys on every row, loadable as JSONL."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from llm_werewolf.export import GameRow, UtteranceRow, export_transcripts, rows_for
from llm_werewolf.export.upgrade import read_rows, upgrade_row
from llm_werewolf.rules import all_rulesets, get_ruleset
from llm_werewolf.rules.events import GameEnded, RolesRevealed, Speech, VoteCast
from llm_werewolf.transcript import read_transcript

from .support import play_to_file

VARIANTS = ["lebanese_ghouls", "one_night", "chinese_werewolf"]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("export")
    games = root / "games"
    (games / "more").mkdir(parents=True)
    for index, variant in enumerate(VARIANTS):
        play_to_file(games / f"{variant}.jsonl", variant, 40 + index, agents="noisy", narrator=True)
    play_to_file(games / "more" / "second.jsonl", "lebanese_ghouls", 77, personas=[f"Persona {i}" for i in range(8)])
    whole = (games / "lebanese_ghouls.jsonl").read_bytes()
    (games / "more" / "partial.jsonl").write_bytes(whole[: len(whole) // 2])
    (games / "notes.jsonl").write_text('{"hello": "not a transcript"}\n')
    return games


def load(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_export_writes_uniform_rows(folder: Path, tmp_path: Path) -> None:
    result = export_transcripts([folder], tmp_path / "out")
    assert result.games == 5
    assert len(result.skipped) == 1 and "notes.jsonl" in result.skipped[0]
    utterances = load(tmp_path / "out" / "utterances.jsonl")
    games = load(tmp_path / "out" / "games.jsonl")
    assert len(utterances) == result.utterances > 0 and len(games) == 5
    assert all(list(row) == list(UtteranceRow.model_fields) for row in utterances)
    assert all(list(row) == list(GameRow.model_fields) for row in games)
    assert [g["game_id"] for g in games] == sorted(str(g["game_id"]) for g in games)
    assert sum(1 for g in games if not g["complete"]) == 1
    # Stable: the same input gives the same bytes.
    again = export_transcripts([folder], tmp_path / "again")
    assert again.games == 5
    for name in ("utterances.jsonl", "games.jsonl"):
        assert (tmp_path / "out" / name).read_bytes() == (tmp_path / "again" / name).read_bytes()


@pytest.mark.parametrize("variant", VARIANTS)
def test_utterance_rows_match_the_transcript(folder: Path, variant: str) -> None:
    transcript = read_transcript(folder / f"{variant}.jsonl")
    rows, game = rows_for(transcript)
    ruleset = get_ruleset(variant)
    speeches = {r.seq: (r, r.event) for r in transcript.records if isinstance(r.event, Speech)}
    ended = next(r.event for r in transcript.records if isinstance(r.event, GameEnded))
    revealed = next(r.event for r in transcript.records if isinstance(r.event, RolesRevealed))
    assert [row.seq for row in rows] == sorted(speeches)
    assert game.utterances == len(rows) and game.complete
    assert game.final_roles == list(revealed.roles) and game.winners == sorted(w + 1 for w in ended.winners)
    for row in rows:
        record, speech = speeches[row.seq]
        assert (row.text, row.speaker_seat, row.stage, row.claim) == (
            speech.text,
            speech.seat + 1,  # the export numbers seats from 1, as players do
            speech.stage,
            speech.claim,
        )
        assert row.speaker_name == transcript.header.names[speech.seat]
        assert row.role_source == "replay"
        assert row.speaker_role in ruleset.roles and row.speaker_side in ruleset.sides
        if variant != "one_night":  # nobody's card changes in these games
            assert row.speaker_role == revealed.start_roles[speech.seat]
        assert row.speaker_won == (speech.seat in ended.winners)
        assert row.phase == record.phase and (row.day is None) == (not record.phase.startswith("day:"))
        expected = [
            r.seq
            for r in transcript.records
            if isinstance(r.event, VoteCast) and r.phase == record.phase and r.seq > row.seq
        ]
        assert [v.seq for v in row.later_votes] == (expected if row.day is not None else [])
        assert [v.seq for v in row.speaker_votes] == [
            v.seq for v in row.later_votes if v.voter_seat == row.speaker_seat
        ]
    assert any(row.later_votes for row in rows)


def test_personas_and_unfinished_games(folder: Path) -> None:
    rows, game = rows_for(read_transcript(folder / "more" / "second.jsonl"))
    assert game.personas == [f"Persona {i}" for i in range(8)]
    assert rows and all(row.speaker_persona == f"Persona {row.speaker_seat - 1}" for row in rows)
    partial_rows, partial = rows_for(read_transcript(folder / "more" / "partial.jsonl"))
    assert not partial.complete and partial.winners == [] and partial.final_roles is None
    assert all(row.speaker_won is None for row in partial_rows)


def test_a_game_that_cannot_be_rebuilt_falls_back_to_the_log(folder: Path) -> None:
    transcript = read_transcript(folder / "lebanese_ghouls.jsonl")
    header = transcript.header.model_copy(update={"seed": transcript.header.seed + 1})
    transcript.header = header
    rows, _ = rows_for(transcript)
    revealed = next(r.event for r in transcript.records if isinstance(r.event, RolesRevealed))
    assert rows and all(row.role_source == "log" for row in rows)
    assert all(row.speaker_role == revealed.start_roles[row.speaker_seat - 1] for row in rows)


def test_cli_export(folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "dataset"
    done = subprocess.run(
        [sys.executable, "-m", "llm_werewolf", "export", str(folder), "--format", "jsonl", "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "exported 5 games" in done.stderr and "skipped" in done.stderr
    assert len(load(out / "games.jsonl")) == 5
    missing = subprocess.run(
        [sys.executable, "-m", "llm_werewolf", "export", str(tmp_path / "nope")], capture_output=True, text=True
    )
    assert missing.returncode == 2 and "no such file" in missing.stderr


def test_export_loads_in_arrow(folder: Path, tmp_path: Path) -> None:
    """Arrow infers one schema per file from every row: a column whose type changes from game to game
    (or from ruleset to ruleset, here all five samples plus three fresh games) fails to load."""
    from pyarrow import json as arrow_json

    samples = Path(__file__).resolve().parents[2] / "transcripts" / "samples"
    result = export_transcripts([folder, samples], tmp_path / "out")
    assert result.games == 5 + len(list(samples.glob("*.jsonl")))
    utterances = arrow_json.read_json(tmp_path / "out" / "utterances.jsonl")
    games = arrow_json.read_json(tmp_path / "out" / "games.jsonl")
    assert utterances.num_rows == result.utterances and games.num_rows == result.games
    assert utterances.column_names == list(UtteranceRow.model_fields)
    assert games.column_names == list(GameRow.model_fields)
    assert set(games.column("ruleset").to_pylist()) >= {r.id for r in all_rulesets()} - {"toy"}


def _as_version_2(row: dict[str, Any]) -> dict[str, Any]:
    """A current row as an export before seats were numbered from 1 wrote it."""
    old = copy.deepcopy(row)
    old["export_version"] = 2
    if old["row_type"] == "game":
        old["winners"] = [seat - 1 for seat in old["winners"]]
        for death in old["deaths"]:
            death["seat"] -= 1
        return old
    old["speaker_seat"] -= 1
    old["to_seat"] = None if old["to_seat"] is None else old["to_seat"] - 1
    for vote in [*old["speaker_votes"], *old["later_votes"]]:
        vote["voter_seat"] -= 1
        vote["target_seat"] = None if vote["target_seat"] is None else vote["target_seat"] - 1
    for act in old["acts"]:
        act["target"] = None if act["target"] is None else act["target"] - 1
        act["other"] = None if act["other"] is None else act["other"] - 1
    return old


def test_seats_are_numbered_from_one_and_older_exports_read_the_same(folder: Path, tmp_path: Path) -> None:
    transcript = read_transcript(folder / "one_night.jsonl")
    rows, game = rows_for(transcript)
    speeches = [r.event for r in transcript.records if isinstance(r.event, Speech)]
    assert [row.speaker_seat for row in rows] == [speech.seat + 1 for speech in speeches]
    assert min(row.speaker_seat for row in rows) >= 1
    assert all(row.speaker_name == transcript.header.names[row.speaker_seat - 1] for row in rows)
    current = [row.model_dump() for row in rows] + [game.model_dump()]
    assert all(row["export_version"] == 3 for row in current)
    old = tmp_path / "old.jsonl"
    old.write_text("".join(json.dumps(_as_version_2(row)) + "\n" for row in current), encoding="utf-8")
    assert read_rows(old) == current
    assert [upgrade_row(row) for row in current] == current  # a current row is left as it is
