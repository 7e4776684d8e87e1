"""The Tencent importer on records written for these tests, and on the real demo files when present."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from llm_werewolf.cli import app
from llm_werewolf.evaluation.study import evaluate, load_study
from llm_werewolf.importers import import_source
from llm_werewolf.transcript import read_transcript
from llm_werewolf.transcript.replay import replay_file

ROOT = Path(__file__).resolve().parents[2]


def shared_datasets() -> Path | None:
    for base in (ROOT.parent, ROOT.parent.parent):
        folder = base / "shared" / "datasets" / "tencent-werewolf-demo"
        if folder.is_dir():
            return folder
    return None


def speech(text: str) -> dict[str, Any]:
    return {"duration": 10.0, "text": text, "summary": text}


def record(**changes: Any) -> dict[str, Any]:
    """A short game written for the tests: wolves 1-3, seer 4, witch 5, hunter 6, villagers 7-9.

    Night 1: the seer checks 1, the wolves kill 7, the witch saves 7. Day 1: 1 is voted out 6-3.
    Night 2: the seer checks 2, the wolves kill 4, the witch poisons 3. Day 2: 2 is voted out; the good side wins.
    """
    roles = ["Werewolf"] * 3 + ["Seer", "Witch", "Hunter"] + ["Villager"] * 3
    state: dict[str, Any] = {
        "roles": {str(i + 1): r for i, r in enumerate(roles)},
        "Day 1 Night": {"Seer": 1, "Werewolf": 7, "Witch antidote": 7, "Death Message": []},
        "Day 1 Daytime": {
            "Voting Pattern": {"1": 4, "2": 4, "3": 4, "4": 1, "5": 1, "6": 1, "7": 1, "8": 1, "9": 1},
            "Voting Result": 1,
        },
        "Day 2 Night": {"Seer": 2, "Werewolf": 4, "Witch poison": 3, "Death Message": [3, 4]},
        "Day 2 Daytime": {
            "Voting Pattern": {"2": 5, "5": 2, "6": 2, "7": 2, "8": 2, "9": 2},
            "Voting Result": 2,
        },
        "Game Result": "The good side wins",
    }
    audio = {
        "Day 1 Daytime - [4] is speaking": speech("我是预言家，昨晚验了一号，一号是狼人，大家跟我投一号。"),
        "Day 1 Daytime - [1] is speaking": speech("我是预言家，四号是悍跳狼，大家投四号。"),
        "Day 1 Daytime - [7] is speaking": speech("我是好人，我听四号的发言更真诚。"),
        "Day 1 Daytime - [1] gives the last words": speech("我是好人，你们投错了。"),
        "Day 2 Daytime - [2] is speaking": speech("四号倒了，我觉得五号有问题。"),
    }
    raw: dict[str, Any] = {"game_state": state, "audio": audio, "judge": [], "task": []}
    for key, value in changes.items():
        target = state if key in state or key.startswith(("Day ", "Game")) else raw
        target[key] = value
    return raw


def write(folder: Path, name: str, raw: dict[str, Any]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.json"
    path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    return path


def test_a_record_becomes_a_game_our_engine_replays(tmp_path: Path) -> None:
    write(tmp_path / "src", "g1", record())
    report = import_source("tencent", tmp_path / "src", tmp_path / "out")
    assert report.errors == [] and len(report.written) == 1
    transcript = read_transcript(report.written[0])
    assert transcript.header.variant == "chinese_werewolf" and transcript.header.language == "zh-Hant"
    assert transcript.header.roles == ["werewolf"] * 3 + ["seer", "witch", "hunter"] + ["villager"] * 3
    assert transcript.header.options["sheriff"] is False
    assert transcript.header.table["imported"]["record"] == "g1"
    assert replay_file(report.written[0]).complete
    games = load_study(tmp_path / "out").games
    assert len(games) == 1
    game = games[0]
    assert game.win_sides == ("village",) and set(game.winners) == {3, 4, 5, 6, 7, 8}
    assert sorted(game.deaths) == [0, 1, 2, 3]
    assert game.deaths[2].cause == "poison" and game.deaths[0].cause == "exile"
    texts = {s.seat: s.text for s in game.speeches if s.stage == "discussion" and s.day == 1 and s.text}
    assert texts[3].startswith("我是預言家")  # converted to Traditional characters
    metrics = evaluate(games, bootstrap=5)
    # Claims read from the text: seat 4 (the seer) truly, seat 1 (a wolf) falsely; "我是好人" claims no role.
    assert metrics["claims"]["false_rate_by_side"]["wolves"]["hits"] == 1
    assert metrics["claims"]["false_rate_by_side"]["village"] == {
        "hits": 0.0,
        "n": 1,
        "rate": 0.0,
        "low": 0.0,
        "high": pytest.approx(0.7935, abs=1e-4),
    }
    assert metrics["voting"]["overall"]["irp"]["n"] == 11  # 6 village ballots on day 1, 5 on day 2


def test_self_votes_and_a_self_destruct_follow_the_platform(tmp_path: Path) -> None:
    raw = record()
    raw["game_state"]["Day 1 Daytime"]["Voting Pattern"]["9"] = 9  # the platform allows a self-vote
    write(tmp_path / "src", "selfvote", raw)
    report = import_source("tencent", tmp_path / "src", tmp_path / "out")
    assert report.errors == [] and replay_file(report.written[0]).complete
    game = load_study(tmp_path / "out").games[0]
    assert [b.target for b in game.ballots if b.voter == 8 and b.day == 1] == [8]
    # Day 2: wolf 2 self-destructs instead of speaking; the day ends, the wolves' last one (3) was poisoned.
    raw = record()
    raw["game_state"]["Day 2 Daytime"] = {"Self-destruct": 2}
    write(tmp_path / "src2", "boom", raw)
    report = import_source("tencent", tmp_path / "src2", tmp_path / "out2")
    assert report.errors == [], report.errors
    game = load_study(tmp_path / "out2").games[0]
    assert game.deaths[1].cause == "self_destruct" and game.win_sides == ("village",)


def test_bad_records_are_reported_one_line_each_and_the_rest_imported(tmp_path: Path) -> None:
    src = tmp_path / "src"
    write(src, "good", record())
    no_check = record()
    del no_check["game_state"]["Day 2 Night"]["Seer"]
    write(src, "nocheck", no_check)
    bad_role = record()
    bad_role["game_state"]["roles"]["8"] = "Idiot"
    write(src, "idiot", bad_role)
    wrong = record()
    wrong["game_state"]["Game Result"] = "Werewolves Win"
    write(src, "wrong-winner", wrong)
    (src / "broken.json").write_text("{", encoding="utf-8")
    result = CliRunner().invoke(app, ["import", "tencent", str(src), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    errors = [line for line in result.stderr.splitlines() if line.startswith("not imported: ")]
    assert len(errors) == 4, result.stderr
    assert any("nocheck.json: record nocheck: night 2: the seer checked nobody" in e for e in errors)
    assert any("idiot.json: record idiot: seat 8: unknown role 'Idiot'" in e for e in errors)
    assert any("wrong-winner.json" in e and "the record says wolves" in e for e in errors)
    assert any("broken.json: cannot read JSON" in e for e in errors)
    assert "imported 1 games" in result.stderr
    assert len(list((tmp_path / "out").glob("*.jsonl"))) == 1


def test_real_records_import_replay_and_score(tmp_path: Path) -> None:
    folder = shared_datasets()
    if folder is None:
        pytest.skip("../shared/datasets/tencent-werewolf-demo is not here (the demo records are not shipped)")
    report = import_source("tencent", folder, tmp_path)
    assert report.errors == []
    sources = sorted(folder.glob("*.json"))
    assert len(report.written) == len(sources) >= 4
    expected = {}
    for path in sources:
        result = json.loads(path.read_text(encoding="utf-8"))["game_state"]["Game Result"]
        expected[path.stem] = "wolves" if "Werewolves" in result else "village"
    for path in report.written:
        assert replay_file(path).complete
        transcript = read_transcript(path)
        record_id = transcript.header.table["imported"]["record"]
        end = [r.event for r in transcript.records if type(r.event).__name__ == "GameEnded"]
        assert end and tuple(end[0].sides) == (expected[record_id],)  # type: ignore[attr-defined]
    metrics = evaluate(load_study(tmp_path).games, bootstrap=5)
    assert metrics["games"] == len(sources)
    assert metrics["speech_validity"]["by_model"]["human:tencent"]["utterances"] > 50
