"""The Werewolf Arena importer on session logs written for these tests (the format of its werewolf/model.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from llm_werewolf.cli import app
from llm_werewolf.evaluation.study import evaluate, load_study
from llm_werewolf.importers import import_source
from llm_werewolf.transcript import read_transcript
from llm_werewolf.transcript.replay import replay_file


def player(name: str, role: str, model: str = "gemini-1.5-pro") -> dict[str, Any]:
    return {"name": name, "role": role, "model": model, "observations": [], "bidding_rationale": ""}


def state(rounds: list[dict[str, Any]], winner: str, session: str = "session_test") -> dict[str, Any]:
    """Wolves Derek and Scott (model gpt-4o), seer Jacob, doctor Isaac, villagers Hayley, David, Tyler, Ginger."""
    return {
        "session_id": session,
        "seer": player("Jacob", "Seer"),
        "doctor": player("Isaac", "Doctor"),
        "villagers": [player(n, "Villager") for n in ("Hayley", "David", "Tyler", "Ginger")],
        "werewolves": [player(n, "Werewolf", "gpt-4o") for n in ("Derek", "Scott")],
        "rounds": rounds,
        "error_message": "",
        "winner": winner,
    }


def rnd(
    eliminated: str, protected: str, unmasked: str | None, debate: list[list[str]], votes: dict[str, str]
) -> dict[str, Any]:
    return {
        "players": [],
        "eliminated": eliminated,
        "protected": protected,
        "unmasked": unmasked,
        "exiled": None,
        "debate": debate,
        "votes": [{k: "Hayley" for k in votes}, votes],  # a synthetic vote first: the last one counts
        "bids": [],
        "success": True,
    }


def village_win() -> dict[str, Any]:
    """Round 0: Hayley is killed; Derek is voted out 4 of 7. Round 1: the doctor saves Jacob; Scott out 5 of 6."""
    first = rnd(
        "Hayley",
        "Isaac",
        "Derek",
        [["Jacob", "I am the Seer. Derek is a Werewolf."], ["Derek", "Jacob is lying."], ["Jacob", "Vote Derek."]],
        {
            "Jacob": "Derek",
            "Isaac": "Derek",
            "David": "Derek",
            "Tyler": "Derek",
            "Ginger": "Scott",
            "Derek": "Jacob",
            "Scott": "Jacob",
        },
    )
    second = rnd(
        "Jacob",
        "Jacob",
        "Scott",
        [["Jacob", "Scott is the other Werewolf."]],
        {"Jacob": "Scott", "Isaac": "Scott", "David": "Scott", "Tyler": "Scott", "Ginger": "Scott", "Scott": "Jacob"},
    )
    return state([first, second], "Villagers")


def wolves_win() -> dict[str, Any]:
    """No majority on days 1 and 2; day 3 exiles Jacob 3 of 5 and the wolves are two against two."""
    first = rnd(
        "Hayley",
        "Isaac",
        "Derek",
        [["Derek", "Hello."]],
        {
            "Jacob": "Derek",
            "Isaac": "Derek",
            "David": "Derek",
            "Tyler": "Scott",
            "Ginger": "Scott",
            "Derek": "Jacob",
            "Scott": "Jacob",
        },
    )
    second = rnd(
        "David",
        "Isaac",
        "Scott",
        [["Scott", "Jacob is suspicious."]],
        {"Derek": "Jacob", "Scott": "Jacob", "Ginger": "Jacob", "Jacob": "Derek", "Isaac": "Derek", "Tyler": "Derek"},
    )
    third = rnd(
        "Tyler",
        "Isaac",
        "Ginger",
        [["Ginger", "I trust Derek."]],
        {"Derek": "Jacob", "Scott": "Jacob", "Ginger": "Jacob", "Jacob": "Derek", "Isaac": "Derek"},
    )
    return state([first, second, third], "Werewolves", "session_wolves")


def session(folder: Path, name: str, game: dict[str, Any], file: str = "game_complete.json") -> None:
    (folder / name).mkdir(parents=True, exist_ok=True)
    (folder / name / file).write_text(json.dumps(game), encoding="utf-8")
    (folder / name / "game_logs.json").write_text("[]", encoding="utf-8")


def test_sessions_import_replay_and_score(tmp_path: Path) -> None:
    src = tmp_path / "logs"
    session(src, "session_a", village_win())
    session(src, "session_b", wolves_win())
    report = import_source("werewolf-arena", src, tmp_path / "out")
    assert report.errors == [] and len(report.written) == 2
    for path in report.written:
        assert replay_file(path).complete
    games = {g.game_id: g for g in load_study(tmp_path / "out").games}
    assert len(games) == 2
    by_result = {g.reason: g for g in games.values()}
    village = by_result["wolves_dead"]
    assert village.win_sides == ("village",) and village.days == 2
    assert [village.names[s] for s in sorted(village.deaths)] == ["Derek", "Hayley", "Scott"]
    jacob = village.names.index("Jacob")
    day1 = [s.text for s in village.speeches if s.seat == jacob and s.day == 1]
    assert day1 == ["I am the Seer. Derek is a Werewolf. Vote Derek."]  # two debate turns, one speech
    wolves = by_result["wolves_parity"]
    assert wolves.win_sides == ("wolves",) and wolves.days == 3
    transcript = read_transcript(report.written[0])
    assert transcript.header.options["victory_mode"] == "parity"
    assert {s.agent for s in transcript.header.seats} == {"werewolf-arena:gemini-1.5-pro", "werewolf-arena:gpt-4o"}
    metrics = evaluate(list(games.values()), bootstrap=5)
    assert metrics["ratings"]["bradley_terry"]["werewolf-arena:gpt-4o"]["identified"] is True
    assert metrics["claims"]["sources"] == {"text": 1}  # "I am the Seer" (true)


def test_unfinished_and_bad_sessions_are_named(tmp_path: Path) -> None:
    src = tmp_path / "logs"
    session(src, "good", village_win())
    partial = village_win()
    partial["error_message"] = "Vote did not return a valid player."
    session(src, "stopped", partial, "game_partial.json")
    wrong = village_win()
    wrong["winner"] = "Werewolves"
    wrong["session_id"] = "session_wrong"
    session(src, "wrong", wrong)
    result = CliRunner().invoke(app, ["import", "werewolf-arena", str(src), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    errors = [line for line in result.stderr.splitlines() if line.startswith("not imported: ")]
    assert len(errors) == 2, result.stderr
    assert any("stopped/game_partial.json" in e and "did not finish" in e for e in errors)
    assert any("record session_wrong" in e and "the record says wolves" in e for e in errors)
    assert "imported 1 games" in result.stderr
