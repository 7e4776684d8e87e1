"""Groundedness in the cross-lingual study: of the acts a seat's public speeches assert as facts, the share
that holds, and the share that is hallucinated (a reason whose records do not say what it says)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from llm_werewolf.cli import app
from llm_werewolf.evaluation.cross_lingual import cross_lingual, game_measures
from llm_werewolf.evaluation.facts import facts_from
from llm_werewolf.evaluation.groundedness import grounding_counts, grounding_ratios
from llm_werewolf.evaluation.study import load_study
from llm_werewolf.rules.acts import Act
from llm_werewolf.rules.events import Record, Speech, make_record
from llm_werewolf.table_notes import Thought
from llm_werewolf.transcript import Transcript, read_transcript

FALSE_REASON = Act("reason", target=1, other=2, fact="voted", refs=(0,))
"""«Seat 2 voted for seat 3», resting on record 0 (the game's start): a reference that does not hold."""


def _study(out: Path, deals: int) -> None:
    args = ["study", "cross-lingual", "--variant", "one_night", "--players", "3", "--out", str(out)]
    result = CliRunner().invoke(app, [*args, "--model", "heuristic", "--languages", "ar,en", "--deals", str(deals)])
    assert result.exit_code == 0, result.output


def test_heuristic_groundedness_differs_by_exactly_zero_between_languages(tmp_path: Path) -> None:
    """Heuristic seats choose the same acts on the same deal whatever the language: paired differences of 0."""
    _study(tmp_path, 4)
    result = cross_lingual(load_study(tmp_path).games, {"heuristic"}, "ar")
    for measure in ("groundedness", "hallucination_share"):
        level = result["levels"]["ar"][measure]
        assert level["n"] == 4 and level["mean"] is not None
        diff = result["differences"]["en"][measure]
        assert (diff["mean"], diff["low"], diff["high"], diff["n"]) == (0.0, 0.0, 0.0, 4), measure
    assert result["levels"]["ar"]["groundedness"]["mean"] > 0  # heuristic players give reasons that hold


def _with_false_reason(transcript: Transcript, *, note: str | None = None) -> tuple[Transcript, int]:
    """The transcript with ``FALSE_REASON`` added to seat 1's first public speech (and, with ``note``, a private
    note of seat 1 just before it); returns the transcript and the speaker."""
    records: list[Record] = []
    done = False
    for record in transcript.records:
        event = record.event
        if not done and isinstance(event, Speech) and event.to is None and event.seat == 0:
            if note is not None:
                records.append(
                    make_record(record.seq, record.phase, record.vis, Thought(seat=0, decision_id=0, text=note))
                )
            said = Speech(
                seat=0, text=event.text, stage=event.stage, claim=event.claim, acts=(*event.acts, FALSE_REASON)
            )
            records.append(make_record(record.seq, record.phase, record.vis, said))
            done = True
            continue
        records.append(record)
    assert done
    return Transcript(header=transcript.header, records=records), 0


def test_a_reason_whose_reference_does_not_hold_counts_as_one_hallucination(tmp_path: Path) -> None:
    _study(tmp_path, 1)
    original = read_transcript(tmp_path / "games" / "one_night.en.p3.s1.r0.jsonl")
    before = grounding_counts(facts_from(original), {0})
    assert before["hallucination"] == 0
    changed, seat = _with_false_reason(original)
    facts = facts_from(changed)
    after = grounding_counts(facts, {seat})
    assert after["hallucination"] == 1 and after["grounded"] == before["grounded"] and after["lie"] == before["lie"]
    asserted = after["grounded"] + after["lie"] + after["hallucination"]
    assert grounding_ratios(facts, {seat}) == {
        "groundedness": (after["grounded"], asserted),
        "hallucination_share": (1, asserted),
    }
    hallucinated = game_measures(facts, {"heuristic"})["hallucination_share"]  # every seat is studied
    assert hallucinated is not None and hallucinated[0] == 1


def test_a_false_reason_the_speaker_marked_as_fabricated_is_a_lie(tmp_path: Path) -> None:
    _study(tmp_path, 1)
    original = read_transcript(tmp_path / "games" / "one_night.en.p3.s1.r0.jsonl")
    before = grounding_counts(facts_from(original), {0})
    speech = next(r.event for r in original.records if isinstance(r.event, Speech) and r.event.seat == 0)
    position = len(speech.acts)  # FALSE_REASON comes last
    changed, seat = _with_false_reason(original, note=f"fabricated acts: {position}")
    after = grounding_counts(facts_from(changed), {seat})
    assert after["hallucination"] == 0 and after["lie"] == before["lie"] + 1
