"""The command line, run as a real subprocess (exit codes, one-line errors) and in-process."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest

from llm_werewolf.cli.commands.play import make_pace
from llm_werewolf.cli.common import UsageError, deck_argument, parse_deck
from llm_werewolf.rules import GOD, PUBLIC, Record, make_record
from llm_werewolf.rules.events import Announcement

CLI = [sys.executable, "-m", "llm_werewolf"]


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=300, cwd=cwd)


def test_variants_json_lists_every_builtin_ruleset() -> None:
    result = run("variants", "--json")
    assert result.returncode == 0, result.stderr
    described = {item["id"]: item for item in json.loads(result.stdout)}
    assert "chinese_werewolf" in described
    cw = described["chinese_werewolf"]
    assert cw["source_language"] == "zh-Hant"
    assert cw["decision_kinds"] and cw["death_causes"]
    assert cw["roles"]["werewolf"]["name"] != "werewolf"  # a localized name from prompts/
    assert cw["presets"]["tencent"]["options"]["victory_mode"] == "side_wipe"


def test_simulate_with_a_preset_plays_its_switches() -> None:
    """A preset and an explicit switch together: the games run with the merged switches."""
    result = run(
        "simulate", "--variant", "chinese_werewolf", "--players", "9", "--games", "5", "--json",
        "--agents", "heuristic", "--preset", "tencent", "-o", "max_days=3",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["games"] == 5


def test_simulate_json_summary() -> None:
    result = run("simulate", "--variant", "chinese_werewolf", "--players", "9", "--games", "30", "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["games"] == 30
    sides = summary["sides"]
    assert sum(s["wins"] for s in sides.values()) + summary["draws"] >= 30
    for side in sides.values():
        assert 0.0 <= side["rate"] <= 1.0 and side["stderr"] >= 0.0


ONE_NIGHT_5 = "werewolf*2,seer,robber,troublemaker,villager*3"
"""Five seats and the three center cards."""


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "--variant", "nope"], "unknown variant 'nope'"),
        (["simulate", "--variant", "chinese_werewolf", "--players", "99"], "players, not 99"),
        (["simulate", "--variant", "chinese_werewolf", "-o", "nonsense=1"], "nonsense"),
        (["simulate", "--variant", "chinese_werewolf", "--preset", "tencnt"], "no preset 'tencnt' (presets: seed"),
        (["play", "--variant", "city_mafia", "--agents", "heuristic", "--preset", "x"], "presets: none"),
        (
            ["play", "--variant", "chinese_werewolf", "--agents", "heuristic", "--seat", "40=random"],
            "seats are numbered 1 to",
        ),
        (["play", "--variant", "chinese_werewolf", "--agents", "wizard"], "unknown player kind 'wizard'"),
        (["replay", "/nonexistent/file.jsonl"], "cannot read"),
        # errors raised by Typer/Click while parsing, before any command runs
        (["simulate", "--players", "abc"], "Invalid value for '--players'"),
        (["simulate", "--players", "0"], "Invalid value for '--players'"),
        (["simulate", "--agents", "wizard"], "'wizard' is not one of"),
        (["simulate", "--flag"], "No such option: --flag"),
        (["replay"], "Missing argument"),
        (["no-such-command"], "No such command 'no-such-command'"),
        (["play", "--agents", "heuristic", "--pace", "soon"], "bad --pace 'soon'"),
        # custom decks
        (["simulate", "--variant", "one_night", "--deck", "seer,robber,troublemaker,villager*3"], "Werewolf"),
        (
            ["simulate", "--variant", "one_night", "--players", "5", "--deck", "werewolf,seer,villager*3"],
            "5 players need 8 cards (3 not dealt), the deck has 5",
        ),
        (["simulate", "--variant", "one_night", "--deck", "werewolf,seer"], "a --deck of 2 cards is too few"),
        (["simulate", "--variant", "one_night", "--deck", "werewolf,wizard,villager*4"], "no role 'wizard'"),
        (["simulate", "--variant", "one_night", "--deck", "werewolf*two,villager*5"], "bad --deck entry"),
        (["play", "--variant", "one_night", "--agents", "heuristic", "--deck", "seer,villager*5"], "Werewolf"),
        (["play", "--variant", "one_night", "--agents", "heuristic", "--deck", "werewolf,ghost*5"], "no role 'ghost'"),
    ],
)
def test_bad_arguments_give_one_line_and_exit_code_2(args: list[str], message: str, tmp_path: Path) -> None:
    result = run(*args, cwd=tmp_path)
    assert result.returncode == 2, (result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ") and message in lines[0], lines
    assert not list(tmp_path.iterdir())  # nothing was played, no transcript folder


def test_a_long_error_is_not_wrapped_and_a_usage_error_names_the_commands_help() -> None:
    result = run("simulate", "--variant", "one_night", "--deck", "werewolf,a_very_long_unknown_role_name*3,villager*2")
    assert result.returncode == 2
    [line] = result.stderr.splitlines()
    assert len(line) > 120  # one line however wide: every role id is listed
    result = run("simulate", "--games", "many")
    [line] = result.stderr.splitlines()
    assert line.startswith("error: Invalid value for '--games'") and "simulate --help" in line


def test_help_and_exit_codes_survive_non_standalone_mode() -> None:
    helped = run("simulate", "--help")
    assert helped.returncode == 0 and "--deck" in helped.stdout and not helped.stderr
    bare = run()
    assert bare.returncode == 2 and "simulate" in bare.stdout and not bare.stderr  # no command: the overview
    # typer.Exit(1) keeps its code: see test_check_exits_1_on_a_failing_scenario


def test_simulate_plays_a_custom_deck() -> None:
    result = run("simulate", "--variant", "one_night", "--deck", ONE_NIGHT_5, "--games", "20", "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["players"] == 5  # set by the deck: eight cards, three in the center
    assert summary["deck"] == [
        "robber",
        "seer",
        "troublemaker",
        "villager",
        "villager",
        "villager",
        "werewolf",
        "werewolf",
    ]
    assert summary["games"] == 20
    assert {"doppelganger", "mason", "tanner"}.isdisjoint(summary["roles"])  # only the deck's roles were dealt


def test_play_a_custom_deck_to_the_end(tmp_path: Path) -> None:
    deck = "werewolf*3,seer,witch,hunter,villager*3,thief"  # a thief: two of the ten cards are not dealt
    result = run(
        "play", "--variant", "chinese_werewolf", "--lang", "en", "--seed", "4", "--agents", "heuristic",
        "--narrator", "off", "--deck", deck, "--transcripts", str(tmp_path),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    [path] = tmp_path.glob("*.jsonl")
    lines = path.read_text(encoding="utf-8").splitlines()
    header, records = json.loads(lines[0]), [json.loads(line) for line in lines[1:]]
    assert len(header["names"]) == 8
    assert sorted(header["deck"]) == sorted(
        ["werewolf"] * 3 + ["seer", "witch", "hunter"] + ["villager"] * 3 + ["thief"]
    )
    started = next(r["event"] for r in records if r["event"]["kind"] == "game_started")
    assert sorted(started["deck"]) == sorted(header["deck"])
    assert records[-1]["event"]["kind"] in ("game_ended", "roles_revealed")
    replayed = run("replay", str(path))
    assert replayed.returncode == 0 and "identical" in replayed.stdout, replayed.stdout + replayed.stderr


def test_play_writes_a_transcript_that_replays(tmp_path: Path) -> None:
    result = run(
        "play",
        "--variant",
        "chinese_werewolf",
        "--players",
        "9",
        "--seed",
        "5",
        "--agents",
        "heuristic",
        "--transcripts",
        str(tmp_path),
    )
    assert result.returncode == 0, result.stderr
    files = list(tmp_path.glob("*.jsonl"))
    assert len(files) == 1
    replayed = run("replay", str(files[0]))
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    assert "identical" in replayed.stdout


def test_check_exits_1_on_a_failing_scenario(tmp_path: Path) -> None:
    scenario = tmp_path / "fail.yaml"
    scenario.write_text(
        "name: impossible expectation\nvariant: chinese_werewolf\nseed: 1\n"
        "seats:\n"
        + "".join(
            f"  - {{name: S{i}, role: {r}}}\n"
            for i, r in enumerate(
                ["werewolf", "werewolf", "werewolf", "seer", "witch", "hunter", "villager", "villager", "villager"]
            )
        )
        + "expect:\n  reason: lovers_last_two\n"
    )
    result = run("check", str(scenario))
    assert result.returncode == 1
    assert "FAIL" in result.stdout
    assert "reason: expected 'lovers_last_two'" in result.stdout


def test_setups_suggests_decks_with_intervals() -> None:
    result = run("setups", "--variant", "one_night", "--players", "5", "--games", "20", "--candidates", "3", "--json")
    assert result.returncode == 0, result.stderr
    suggestions = json.loads(result.stdout)
    assert 1 <= len(suggestions) <= 3
    for suggestion in suggestions:
        assert len(suggestion["roles"]) == 5 + 3  # five seats and three center cards
        for side in suggestion["sides"]:
            assert 0.0 <= side["low"] <= side["rate"] <= side["high"] <= 1.0
    imbalances = [s["imbalance"] for s in suggestions]
    assert imbalances == sorted(imbalances)


def _records(*scopes: str) -> list[Record]:
    return [
        make_record(seq=i, phase="day:1", vis=PUBLIC if scope == "public" else GOD, event=Announcement(key="k"))
        for i, scope in enumerate(scopes)
    ]


class FakeStdin:
    """Lines typed at the terminal, then the end of input."""

    def __init__(self, lines: int) -> None:
        self.left = lines
        self.reads = 0

    def readline(self) -> str:
        self.reads += 1
        if self.left == 0:
            raise EOFError
        self.left -= 1
        return ""


def test_pace_in_seconds_sleeps_after_public_records_only(monkeypatch: pytest.MonkeyPatch) -> None:
    slept: list[float] = []

    async def fake_sleep(seconds: float) -> None:
        slept.append(seconds)

    monkeypatch.setattr(asyncio, "sleep", fake_sleep)
    pace = make_pace(" 2.5 ")
    assert pace is not None

    async def game() -> None:
        await pace(_records("god"))  # nothing public: no pause
        await pace(_records("god", "public"))
        await pace(_records("public"))

    asyncio.run(game())
    assert slept == [2.5, 2.5]
    assert make_pace(None) is None


def test_pace_enter_waits_for_a_line_and_the_end_of_input_ends_the_pausing() -> None:
    stdin = FakeStdin(lines=2)
    pace = make_pace("Enter", read_line=stdin.readline)
    assert pace is not None

    async def game() -> None:
        await pace(_records("god"))  # nothing public: no pause
        for _ in range(5):
            await pace(_records("public"))

    asyncio.run(game())  # the end of input does not crash the game
    assert stdin.reads == 3  # two lines, the end, then no more waiting


@pytest.mark.parametrize(("value", "message"), [("soon", "bad --pace 'soon'"), ("-1", "cannot be negative")])
def test_bad_pace_values_are_usage_errors(value: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        make_pace(value)


def test_setups_prints_a_deck_that_simulate_accepts() -> None:
    result = run(
        "setups", "--variant", "one_night", "--players", "4", "--games", "10", "--candidates", "2", "--top", "1"
    )
    assert result.returncode == 0, result.stderr
    line = result.stdout.splitlines()[-1]
    assert line.startswith("play #1: llm-werewolf play --variant one_night --deck ")
    deck = line.rsplit(" ", 1)[1]
    assert len(parse_deck(deck) or ()) == 4 + 3
    again = run("simulate", "--variant", "one_night", "--deck", deck, "--games", "5", "--json")
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["players"] == 4


@pytest.mark.parametrize(
    "roles", [("werewolf", "werewolf", "seer", "villager"), ("seer",), ("villager", "werewolf", "villager")]
)
def test_deck_argument_is_the_inverse_of_parse_deck(roles: tuple[str, ...]) -> None:
    assert sorted(parse_deck(deck_argument(roles)) or ()) == sorted(roles)
    assert parse_deck(" Werewolf*2 , seer") == ("werewolf", "werewolf", "seer")
    assert parse_deck(None) is None


def test_play_with_pace_enter_finishes_when_stdin_is_closed(tmp_path: Path) -> None:
    result = subprocess.run(
        [*CLI, "play", "--variant", "one_night", "--players", "4", "--lang", "en", "--seed", "1",
         "--agents", "heuristic", "--pace", "enter", "--transcripts", str(tmp_path)],
        input="\n",  # one Enter, then the end of input
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    [path] = tmp_path.glob("*.jsonl")
    kinds = [json.loads(line)["event"]["kind"] for line in path.read_text(encoding="utf-8").splitlines()[1:]]
    assert "game_ended" in kinds and "narration" in kinds  # played to the end, narrated


@pytest.mark.parametrize(
    ("variant", "language", "seed_word", "file_word"),
    [
        ("chinese_werewolf", "zh-Hant", "種子 3", "對局紀錄："),
        ("one_night", "ar", "رقم اللعبة 3", "سجلّ اللعبة: "),
        ("city_mafia", "ru", "код партии 3", "запись игры: "),
        ("online_mafia", "he", "קוד המשחק 3", "תיעוד המשחק: "),
    ],
)
def test_play_ends_with_the_seed_and_the_transcript_in_the_tables_language(
    tmp_path: Path, variant: str, language: str, seed_word: str, file_word: str
) -> None:
    result = run(
        "play",
        *("--variant", variant, "--lang", language, "--players", "7", "--seed", "3"),
        *("--agents", "heuristic", "--transcripts", str(tmp_path)),
    )
    assert result.returncode == 0, result.stderr
    (file,) = tmp_path.glob("*.jsonl")
    lines = result.stdout.strip().splitlines()
    assert seed_word in lines
    assert len(f"{file_word}{file}") > 80  # longer than the console's width on a pipe: never wrapped
    assert lines[lines.index(seed_word) + 1 :] == [f"{file_word}{file}"]
    assert "transcript:" not in result.stdout and "seed 3" not in result.stdout
    assert "зерно" not in result.stdout and "זרע" not in result.stdout


def test_a_fresh_seed_is_shown_short_and_kept_whole_in_the_transcript(tmp_path: Path) -> None:
    args = ("--variant", "one_night", "--lang", "en", "--players", "5", "--agents", "heuristic")
    result = run("play", *args, "--transcripts", str(tmp_path))
    assert result.returncode == 0, result.stderr
    (file,) = tmp_path.glob("*.jsonl")
    seed = str(json.loads(file.read_text(encoding="utf-8").splitlines()[0])["seed"])
    assert len(seed) > 12
    assert f"seed {seed[:6]}…{seed[-4:]} (in full in the transcript)" in result.stdout.splitlines()
    assert seed not in result.stdout.replace(str(file), "")  # the whole seed only inside the file's name
    without = run("play", *args, "--no-transcript")
    assert without.returncode == 0, without.stderr
    (line,) = [line for line in without.stdout.splitlines() if line.startswith("seed ")]
    assert len(line.removeprefix("seed ")) > 12 and line.removeprefix("seed ").isdigit()  # nowhere else: whole
