"""Transcripts: round trip, replay equality, corrupt and truncated files."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.rules import Game, GameConfig, all_rulesets, get_ruleset
from llm_werewolf.rules.events import same_records
from llm_werewolf.table import Table
from llm_werewolf.transcript import SeatInfo, TranscriptError, TranscriptWriter, header_for, read_transcript
from llm_werewolf.transcript.replay import ReplayMismatch, replay_file
from llm_werewolf.transcript.schema import dump_record, json_schema

NAMES = ("A", "B", "C", "D", "E", "F", "G")

RULESETS = sorted({r.id for r in all_rulesets()} | {"toy"})


def table_names(variant: str) -> tuple[str, ...]:
    """Seven seats where the ruleset allows it, else the nearest count it accepts."""
    ruleset = get_ruleset(variant)
    players = min(max(ruleset.min_players, len(NAMES)), ruleset.max_players)
    return NAMES if players == len(NAMES) else tuple(f"P{i + 1}" for i in range(players))


def play_to_file(path: Path, seed: int = 9, variant: str = "toy") -> Game:
    names = table_names(variant)
    config = GameConfig(variant=variant, names=names, seed=seed)
    game = Game(config)
    header = header_for(config, game.state.language, [SeatInfo(name=n, agent="heuristic") for n in names])
    agents = [HeuristicAgent(seed=seed + i) for i in range(len(names))]
    with TranscriptWriter(path, header) as writer:
        asyncio.run(Table(game, agents, sinks=[writer]).play())
    return game


def test_round_trip_keeps_every_record(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    game = play_to_file(path)
    transcript = read_transcript(path)
    assert transcript.header.variant == "toy"
    assert transcript.header.game_id.startswith("toy-s9-")
    assert not transcript.truncated
    assert same_records(transcript.records, game.records)
    assert [dump_record(r) for r in transcript.records] == [dump_record(r) for r in game.records]


@pytest.mark.parametrize("variant", RULESETS)
def test_same_seed_same_bytes(tmp_path: Path, variant: str) -> None:
    """Two runs with one seed (and so the same heuristic choices) write the same file,
    header included; another seed writes another game, not just another header."""
    first = play_to_file(tmp_path / "a.jsonl", seed=3, variant=variant)
    play_to_file(tmp_path / "b.jsonl", seed=3, variant=variant)
    play_to_file(tmp_path / "c.jsonl", seed=4, variant=variant)
    a, b, c = ((tmp_path / f"{n}.jsonl").read_bytes() for n in "abc")
    assert first.over
    assert a == b
    header_a, _, body_a = a.partition(b"\n")
    header_c, _, body_c = c.partition(b"\n")
    assert json.loads(header_a)["variant"] == variant
    assert json.loads(header_a)["seed"] == 3
    assert json.loads(header_c)["seed"] == 4
    assert body_a.count(b"\n") == len(first.records)
    assert body_a != body_c
    assert same_records(read_transcript(tmp_path / "a.jsonl").records, first.records)


def test_replay_is_identical(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    game = play_to_file(path)
    result = replay_file(path)
    assert result.complete
    assert result.records_checked == len(game.records)
    assert result.game.outcome == game.outcome


def test_replay_detects_a_tampered_choice(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    play_to_file(path)
    lines = path.read_text().splitlines()
    for i, line in enumerate(lines[1:], start=1):
        data = json.loads(line)
        event = data["event"]
        if event["kind"] == "choice" and event["decision"] == "exile_vote":
            options = event["options"]  # the options the vote offered
            event["option"] = next(o for o in options if o != event["option"])
            lines[i] = json.dumps(data, ensure_ascii=False)
            break
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(ReplayMismatch, match="differs"):
        replay_file(path)


def test_corrupt_line_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    play_to_file(path)
    lines = path.read_text().splitlines()
    lines[5] = '{"seq": 4, "phase": "setup", "vis": {"scope": "public"}, "event": {"kind": "nonsense"}}'
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(TranscriptError, match=r"g\.jsonl:6:"):
        read_transcript(path)


def test_truncated_last_line_is_reported_and_ignored(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    play_to_file(path)
    data = path.read_bytes()
    cut = data[: len(data) - 40]
    path.write_bytes(cut)
    transcript = read_transcript(path)
    assert transcript.truncated
    assert "truncated" in transcript.warnings[0]
    full_lines = cut.count(b"\n")
    assert len(transcript.records) == full_lines - 1
    result = replay_file(path)
    assert not result.complete


def test_bad_header_and_empty_file(tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    with pytest.raises(TranscriptError, match=":1:"):
        read_transcript(empty)
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type": "header"}\n')
    with pytest.raises(TranscriptError, match="bad header"):
        read_transcript(bad)


def test_json_schema_lists_every_event_kind() -> None:
    schema = json.dumps(json_schema())
    for kind in ("game_started", "died", "deaths_announced", "model_call", "narration", "fallback"):
        assert f'"{kind}"' in schema
