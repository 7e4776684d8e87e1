"""The sample transcripts: the committed ones replay byte for byte (no model needed), and
`make samples` (python -m llm_werewolf.transcript.samples) regenerates them."""

from __future__ import annotations

from pathlib import Path

from llm_werewolf.render import render
from llm_werewolf.render.chronicle import build_chronicle
from llm_werewolf.render.chronicle_writers import chronicle_html, chronicle_markdown
from llm_werewolf.rules import all_rulesets
from llm_werewolf.rules.events import GameEnded
from llm_werewolf.transcript import read_transcript
from llm_werewolf.transcript.replay import replay_file
from llm_werewolf.transcript.samples import main

SAMPLES = Path(__file__).resolve().parents[2] / "transcripts" / "samples"


def test_committed_samples_replay_and_are_in_their_source_language() -> None:
    files = sorted(SAMPLES.glob("*.jsonl"))
    assert files, "transcripts/samples/ holds no sample (run `make samples`)"
    languages = {r.id: r.source_language for r in all_rulesets()}
    for path in files:
        result = replay_file(path)
        assert result.complete, path.name
        header = result.transcript.header
        assert path.stem == header.variant
        assert header.language == languages[header.variant]
        assert header.prompt_packs, "samples are played by model players"
        assert any(r.event.kind == "model_call" for r in result.transcript.records)  # type: ignore[attr-defined]
        for suffix in (".god.html", ".public.md", ".public.story.md", ".public.story.html"):
            assert (SAMPLES / f"{path.stem}{suffix}").is_file()


def test_committed_samples_are_whole_games() -> None:
    """No sample is cut short: no day cap in its options, and it ends on a win, never on the day limit."""
    for path in sorted(SAMPLES.glob("*.jsonl")):
        transcript = read_transcript(path)
        assert "max_days" not in transcript.header.options, path.name
        (ended,) = [r.event for r in transcript.records if isinstance(r.event, GameEnded)]
        assert ended.reason != "day_limit", path.name


def test_committed_sample_renderings_are_current() -> None:
    """The committed renderings are what `render` makes of the committed logs today: a change to the
    renderers that is not followed by `make samples` fails here."""
    files = sorted(SAMPLES.glob("*.jsonl"))
    assert files
    for path in files:
        transcript = read_transcript(path)
        for view, fmt in (("god", "html"), ("public", "md")):
            committed = (SAMPLES / f"{path.stem}.{view}.{fmt}").read_text(encoding="utf-8")
            assert render(transcript, fmt, view) == committed, f"{path.stem}.{view}.{fmt} is stale: run `make samples`"
        chronicle = build_chronicle(transcript, "public")
        for suffix, write in ((".md", chronicle_markdown), (".html", chronicle_html)):
            committed = (SAMPLES / f"{path.stem}.public.story{suffix}").read_text(encoding="utf-8")
            assert write(chronicle) == committed, f"{path.stem}.public.story{suffix} is stale: run `make samples`"


def test_the_sample_command_regenerates_one_ruleset(tmp_path: Path) -> None:
    (tmp_path / "chinese_werewolf.jsonl").write_text("kept\n")
    (tmp_path / "one_night.jsonl").write_text("replaced\n")
    assert main([str(tmp_path), "--agents", "heuristic", "--only", "one_night"]) == 0
    assert (tmp_path / "chinese_werewolf.jsonl").read_text() == "kept\n"
    result = replay_file(tmp_path / "one_night.jsonl")
    header = read_transcript(tmp_path / "one_night.jsonl").header
    assert result.complete and "max_days" not in header.options  # a whole game, no day cap
    assert (tmp_path / "one_night.god.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert (tmp_path / "one_night.public.md").is_file()
    assert not (tmp_path / ".new").exists()
