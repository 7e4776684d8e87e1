"""Resume: a game cut anywhere (inside a line, inside a batch, inside its narration) and resumed
gives the same file as an uninterrupted run; and a real `play` process killed with SIGKILL."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from llm_werewolf.opening.resume import find_resume_point, resume_file
from llm_werewolf.rules import get_ruleset
from llm_werewolf.transcript import read_transcript
from llm_werewolf.transcript.replay import replay_file

from .support import RULESETS, agents_for, play_to_file, players_for

CUTS_PER_RULESET = 30


@pytest.mark.parametrize("variant", RULESETS)
def test_resume_after_a_cut_anywhere_gives_the_uninterrupted_file(variant: str, tmp_path: Path) -> None:
    full_path = tmp_path / "full.jsonl"
    play_to_file(full_path, variant, 21, agents="noisy", narrator=True)
    full = full_path.read_bytes()
    header_end = full.index(b"\n") + 1
    rng = random.Random(variant)
    line_ends = [i + 1 for i, byte in enumerate(full) if byte == 0x0A]
    cuts = {header_end, len(full) - 1, *rng.sample(range(header_end + 1, len(full)), CUTS_PER_RULESET)}
    cuts |= set(rng.sample(line_ends[1:-1], 10))  # clean cuts between two lines
    records = read_transcript(full_path).records
    inside_batches = [
        line_ends[i + 1]  # just after a choice that another decision of the same batch follows
        for i in range(len(records) - 1)
        if records[i].event.kind == "choice"  # type: ignore[attr-defined]
        and records[i + 1].event.kind in ("model_call", "thought", "rejected", "fallback", "choice")  # type: ignore[attr-defined]
    ]
    cuts |= set(rng.sample(inside_batches, min(5, len(inside_batches))))
    partial_batches = 0
    for cut in sorted(cuts):
        path = tmp_path / f"cut-{cut}.jsonl"
        path.write_bytes(full[:cut])
        point = find_resume_point(read_transcript(path))
        partial_batches += point.partial_batch
        result = resume_file(path, agents=agents_for("noisy", 21, players_for(variant)))
        assert path.read_bytes() == full, f"{variant}: cut at byte {cut} of {len(full)}"
        assert result.outcome is not None
        path.unlink()
    if inside_batches:  # rulesets with simultaneous decisions: some cut fell inside a batch
        assert partial_batches > 0


def test_resume_seats_the_agents_named_in_the_header(tmp_path: Path) -> None:
    full_path = tmp_path / "full.jsonl"
    play_to_file(full_path, "lebanese_ghouls", 8, agents="heuristic", narrator=True)
    full = full_path.read_bytes()
    path = tmp_path / "cut.jsonl"
    path.write_bytes(full[: len(full) // 3])
    resume_file(path)  # no agents given: built from the header's seat specs
    assert path.read_bytes() == full


def test_a_complete_game_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "done.jsonl"
    play_to_file(path, "one_night", 4, agents="noisy", narrator=True)
    before = path.read_bytes()
    result = resume_file(path, agents=agents_for("noisy", 4, players_for("one_night")))
    assert result.written == 0
    assert path.read_bytes() == before


def test_orphan_table_records_are_dropped(tmp_path: Path) -> None:
    full_path = tmp_path / "full.jsonl"
    play_to_file(full_path, "chinese_werewolf", 3, agents="noisy")
    transcript = read_transcript(full_path)
    # Cut right after a model call whose choice is not yet written.
    index = next(
        i
        for i, r in enumerate(transcript.records)
        if r.event.kind == "model_call"  # type: ignore[attr-defined]
        and transcript.records[i + 1].event.kind != "choice"  # type: ignore[attr-defined]
    )
    path = tmp_path / "cut.jsonl"
    path.write_bytes(full_path.read_bytes()[: transcript.offsets[index]])
    point = find_resume_point(read_transcript(path))
    assert point.dropped >= 1
    resume_file(path, agents=agents_for("noisy", 3, players_for("chinese_werewolf")))
    assert path.read_bytes() == full_path.read_bytes()


# -- a real process, killed ------------------------------------------------------------

SLOW_PLAY = """
import sys, time
from llm_werewolf.transcript import io
write = io.TranscriptWriter.write
def slow_write(self, records):
    for record in records:  # one record at a time, so the kill can land anywhere
        write(self, [record])
        time.sleep(0.003)
io.TranscriptWriter.write = slow_write
from llm_werewolf.cli import main
sys.argv = ["llm-werewolf", *sys.argv[1:]]
main()
"""
BUILTIN: tuple[str, ...] = ("chinese_werewolf", "lebanese_ghouls", "one_night", "city_mafia", "online_mafia")
KILLED_RULESETS: list[str] = [v for v in BUILTIN if v in RULESETS]


def play_args(variant: str, seed: int, folder: Path) -> list[str]:
    players = min(max(8, get_ruleset(variant).min_players), get_ruleset(variant).max_players)
    return [
        "play", "--variant", variant, "--seed", str(seed), "--players", str(players), "--agents", "heuristic",
        "--transcripts", str(folder),
    ]  # fmt: skip


def line_count(folder: Path) -> int:
    files = list(folder.glob("*.jsonl"))
    return files[0].read_bytes().count(b"\n") if files else 0


@pytest.mark.parametrize("variant", KILLED_RULESETS)
def test_resume_after_sigkill_of_a_real_play_process(variant: str, tmp_path: Path) -> None:
    seed = 1000 + KILLED_RULESETS.index(variant)
    whole, killed = tmp_path / "whole", tmp_path / "killed"
    done = subprocess.run(
        [sys.executable, "-m", "llm_werewolf", *play_args(variant, seed, whole)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    (reference,) = whole.glob("*.jsonl")
    transcript = read_transcript(reference)
    first_choice = next(i for i, r in enumerate(transcript.records) if r.event.kind == "choice")  # type: ignore[attr-defined]
    total = len(transcript.records)
    # Kill after the setup unit (whose narration tells resume that the game was narrated).
    threshold = random.Random(variant).randrange(first_choice + 2, total - 10)

    script = tmp_path / "slow_play.py"
    script.write_text(SLOW_PLAY)
    process = subprocess.Popen(
        [sys.executable, str(script), *play_args(variant, seed, killed)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=Path.cwd(),
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
    )
    deadline = time.monotonic() + 120
    while line_count(killed) < threshold and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.0005)
    process.send_signal(signal.SIGKILL)
    assert process.wait(timeout=30) == -signal.SIGKILL, "the game ended before it could be killed"
    (partial,) = killed.glob("*.jsonl")
    assert partial.name == reference.name
    cut = partial.read_bytes()
    assert len(cut) < reference.stat().st_size
    assert not replay_file(partial).complete

    resumed = subprocess.run(
        [sys.executable, "-m", "llm_werewolf", "resume", str(partial), "--quiet"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    assert "resumed" in resumed.stdout, resumed.stdout
    killed_at = cut.count(b"\n")
    assert partial.read_bytes() == reference.read_bytes(), f"killed after {killed_at} lines"
    assert replay_file(partial).complete
