"""Replay: many seeded games of every ruleset, played by agents through the async table, replay
byte for byte from their transcripts without any agent; tampered files are caught."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from llm_werewolf.rules import get_ruleset
from llm_werewolf.transcript import read_transcript
from llm_werewolf.transcript.replay import ReplayMismatch, replay_file
from llm_werewolf.transcript.schema import dump_record

from .support import RULESETS, play_to_file

GAMES_PER_RULESET = 24


def player_counts(variant: str) -> list[int]:
    ruleset = get_ruleset(variant)
    low, high = ruleset.min_players, min(ruleset.max_players, 14)
    return [low, (low + high) // 2, high, min(high, low + 3)]


@pytest.mark.parametrize("variant", RULESETS)
def test_seeded_games_replay_byte_for_byte(variant: str, tmp_path: Path) -> None:
    counts = player_counts(variant)
    for seed in range(GAMES_PER_RULESET):
        path = tmp_path / f"{variant}-{seed}.jsonl"
        agents = "noisy" if seed % 2 else "heuristic"
        game = play_to_file(
            path, variant, seed, agents=agents, players=counts[seed % len(counts)], narrator=seed % 3 == 0
        )
        lines = path.read_bytes().splitlines()
        assert lines[1:] == [dump_record(r) for r in game.records]
        result = replay_file(path)
        assert result.complete, f"{variant} seed {seed}"
        assert result.records_checked == len(game.records)
        assert [dump_record(r) for r in result.game.records] == lines[1:]
        assert result.game.outcome == game.outcome
        assert result.game.state == game.state


@pytest.fixture(scope="module")
def noisy_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("replay") / "noisy.jsonl"
    play_to_file(path, "chinese_werewolf", 5, agents="noisy", narrator=True)
    return path


def edit(source: Path, target: Path, change: object) -> Path:
    """Copy ``source`` to ``target`` with the first record ``change(data)`` accepts (returns True) edited."""
    lines = source.read_text(encoding="utf-8").splitlines()
    for index, line in enumerate(lines[1:], start=1):
        data = json.loads(line)
        if change(data):  # type: ignore[operator]
            lines[index] = json.dumps(data, ensure_ascii=False)
            break
    else:
        raise AssertionError("nothing to edit")
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return target


def test_table_records_are_copied_and_checked_in_place(noisy_file: Path) -> None:
    transcript = read_transcript(noisy_file)
    kinds = {r.event.kind for r in transcript.records}  # type: ignore[attr-defined]
    assert {"model_call", "thought", "rejected", "narration"} <= kinds
    assert replay_file(noisy_file).complete


def test_a_changed_rules_event_is_reported_with_its_seq(noisy_file: Path, tmp_path: Path) -> None:
    def change(data: dict[str, object]) -> bool:
        event = data["event"]
        assert isinstance(event, dict)
        if event["kind"] == "died":
            event["cause"] = "lightning"
            return True
        return False

    with pytest.raises(ReplayMismatch, match=r"seq \d+: the log differs"):
        replay_file(edit(noisy_file, tmp_path / "died.jsonl", change))


def test_a_choice_that_is_not_an_option_is_reported(noisy_file: Path, tmp_path: Path) -> None:
    def change(data: dict[str, object]) -> bool:
        event = data["event"]
        assert isinstance(event, dict)
        if event["kind"] == "choice" and str(event["option"]).startswith("seat:"):
            event["option"] = "seat:99"
            return True
        return False

    with pytest.raises(ReplayMismatch, match="illegal on replay"):
        replay_file(edit(noisy_file, tmp_path / "choice.jsonl", change))


def test_a_different_seed_in_the_header_is_reported(noisy_file: Path, tmp_path: Path) -> None:
    lines = noisy_file.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["seed"] += 1
    lines[0] = json.dumps(header, ensure_ascii=False)
    path = tmp_path / "seed.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(ReplayMismatch):
        replay_file(path)


def test_a_header_that_cannot_start_a_game_is_reported(noisy_file: Path, tmp_path: Path) -> None:
    lines = noisy_file.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["options"] = {"no_such_switch": 1}
    lines[0] = json.dumps(header, ensure_ascii=False)
    path = tmp_path / "options.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(ReplayMismatch, match="header cannot start a game"):
        replay_file(path)


def test_records_after_the_end_are_reported(noisy_file: Path, tmp_path: Path) -> None:
    lines = noisy_file.read_text(encoding="utf-8").splitlines()
    last = json.loads(lines[-1])
    extra = {"seq": last["seq"] + 1, "phase": "end", "vis": {"scope": "public"}, "event": {"kind": "cue", "key": "x"}}
    path = tmp_path / "extra.jsonl"
    path.write_text("\n".join([*lines, json.dumps(extra)]) + "\n", encoding="utf-8")
    with pytest.raises(ReplayMismatch, match="rules produced nothing there"):
        replay_file(path)


def test_a_partial_file_replays_as_far_as_it_goes(noisy_file: Path, tmp_path: Path) -> None:
    lines = noisy_file.read_bytes().splitlines(keepends=True)
    path = tmp_path / "partial.jsonl"
    path.write_bytes(b"".join(lines[: len(lines) // 2]) + lines[len(lines) // 2][:15])
    result = replay_file(path)
    assert not result.complete
    assert result.records_checked == len(lines) // 2 - 1
    assert not result.game.over


def test_cli_replays_a_folder_and_fails_on_a_tampered_file(noisy_file: Path, tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    play_to_file(folder / "a.jsonl", "lebanese_ghouls", 1)
    play_to_file(folder / "b.jsonl", "one_night", 2, agents="noisy", narrator=True)
    cli = [sys.executable, "-m", "llm_werewolf", "replay"]
    (folder / "ledger.jsonl").write_text('{"game": "not a transcript"}\n')
    ok = subprocess.run([*cli, str(folder)], capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert ok.stdout.count("identical") == 2 and "skipped" in ok.stdout

    def change(data: dict[str, object]) -> bool:
        event = data["event"]
        assert isinstance(event, dict)
        if event["kind"] == "speech":
            event["text"] = "changed"
            return True
        return False

    edit(noisy_file, folder / "c.jsonl", change)
    bad = subprocess.run([*cli, str(folder)], capture_output=True, text=True, timeout=120)
    assert bad.returncode == 1
    assert "replay differs" in bad.stdout and "c.jsonl" in bad.stdout


def _drop_switch(data: dict[str, object]) -> bool:
    event = data["event"]
    assert isinstance(event, dict)
    if event["kind"] == "game_started":
        options = event["options"]
        assert isinstance(options, dict)
        del options["mixed_lovers"]
        return True
    return False


def test_a_switch_added_after_the_transcript_was_written_replays_at_its_default(
    noisy_file: Path, tmp_path: Path
) -> None:
    """A transcript written before chinese_werewolf had ``mixed_lovers`` has no such key in its start."""
    assert replay_file(edit(noisy_file, tmp_path / "older.jsonl", _drop_switch)).complete


def test_a_missing_switch_that_plays_away_from_its_default_is_reported(noisy_file: Path, tmp_path: Path) -> None:
    lines = noisy_file.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["options"] = {"mixed_lovers": "card_side"}
    lines[0] = json.dumps(header, ensure_ascii=False)
    played = tmp_path / "card_side.jsonl"
    played.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(ReplayMismatch, match=r"seq 0: the log differs"):
        replay_file(edit(played, tmp_path / "card_side_dropped.jsonl", _drop_switch))
