"""Transcripts in an earlier schema version still replay byte for byte.

``fixtures/v1/`` holds one short random-agent game per ruleset, written by the program when the
transcript schema was version 1 (each decision logged twice: an ``asked`` line when it was put and
a ``choice`` line when it was answered). The samples in ``transcripts/samples/`` are version 1 too
(tests/transcript/test_samples.py replays them). When a rules change alters one of these games, its
fixture is written again in schema 1 by resuming it from its header alone (``resume_file`` on a copy
cut after the header line plays the random seats the header names).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from llm_werewolf.opening.resume import find_resume_point, resume_file
from llm_werewolf.rules.events import Asked, ChoiceMade
from llm_werewolf.rules.variant import BUILTIN_MODULES
from llm_werewolf.transcript import TranscriptWriter, read_transcript
from llm_werewolf.transcript.replay import ReplayMismatch, replay_file

FIXTURES = Path(__file__).resolve().parent / "fixtures"
V1 = sorted((FIXTURES / "v1").glob("*.jsonl"))


def test_there_is_a_v1_fixture_per_ruleset() -> None:
    assert sorted(p.stem for p in V1) == sorted(BUILTIN_MODULES)


@pytest.mark.parametrize("path", V1, ids=lambda p: p.stem)
def test_a_v1_transcript_replays_byte_for_byte(path: Path, tmp_path: Path) -> None:
    result = replay_file(path)
    assert result.complete
    transcript = result.transcript
    assert transcript.header.schema_version == 1
    assert any(isinstance(r.event, Asked) for r in transcript.records)
    assert len(result.game.records) == len(transcript.records)
    # The rebuilt game, written out under the file's own header, is the file again.
    out = tmp_path / path.name
    with TranscriptWriter(out, transcript.header) as writer:
        writer.write(result.game.records)
    assert out.read_bytes() == path.read_bytes()


@pytest.mark.parametrize("path", V1[:1], ids=lambda p: p.stem)
def test_a_changed_v1_line_is_caught(path: Path, tmp_path: Path) -> None:
    """The replay compares every line: an edited ``asked`` line fails it."""
    lines = path.read_bytes().split(b"\n")
    index = next(i for i, line in enumerate(lines) if b'"kind":"asked"' in line)
    lines[index] = lines[index].replace(b'"kind":"asked","decision_id":', b'"kind":"asked","decision_id":1', 1)
    bad = tmp_path / path.name
    bad.write_bytes(b"\n".join(lines))
    with pytest.raises(ReplayMismatch, match="the log differs"):
        replay_file(bad)
    assert read_transcript(path).header.schema_version == 1


@pytest.mark.parametrize("path", V1, ids=lambda p: p.stem)
def test_a_cut_v1_transcript_resumes_to_the_same_file(path: Path, tmp_path: Path) -> None:
    """Resume rebuilds a schema-1 game (its ``asked`` lines and option-less choices) and plays
    on with the random seats the header names, to the very bytes of the uninterrupted file;
    among the cuts, some fall inside a batch of simultaneous decisions."""
    full = path.read_bytes()
    records = read_transcript(path).records
    line_ends = [i + 1 for i, byte in enumerate(full) if byte == 0x0A]
    header_end = line_ends[0]
    rng = random.Random(path.stem)
    cuts = {header_end, len(full) - 1, *rng.sample(range(header_end + 1, len(full)), 6)}
    inside_batches = [
        line_ends[i + 1]  # just after a choice that another choice of the same batch follows
        for i in range(len(records) - 1)
        if isinstance(records[i].event, ChoiceMade) and isinstance(records[i + 1].event, ChoiceMade)
    ]
    cuts |= set(rng.sample(inside_batches, min(3, len(inside_batches))))
    partial_batches = 0
    for cut in sorted(cuts):
        cut_path = tmp_path / f"cut-{cut}.jsonl"
        cut_path.write_bytes(full[:cut])
        partial_batches += find_resume_point(read_transcript(cut_path)).partial_batch
        result = resume_file(cut_path)
        assert cut_path.read_bytes() == full, f"{path.stem}: cut at byte {cut} of {len(full)}"
        assert result.outcome is not None
    if inside_batches:
        assert partial_batches > 0
