"""The evaluation and safety readers count the same decisions in a schema-1 transcript (an
``asked`` line per question) and in the same game written in schema 2 (the ``choice`` line
carries the options)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from llm_werewolf.evaluation.facts import facts_from
from llm_werewolf.evaluation.tournament.games import degraded_records
from llm_werewolf.rules import Choice, Game, make_record
from llm_werewolf.rules.events import GOD, Asked, ChoiceMade
from llm_werewolf.table.seating import AgentSpec
from llm_werewolf.table_notes import Fallback
from llm_werewolf.transcript import SCHEMA_VERSION, TranscriptWriter, read_transcript
from llm_werewolf.transcript.io import Transcript
from llm_werewolf.transcript.replay import replay_file
from llm_werewolf.transcript.schema import TABLE_EVENT_TYPES
from tests.battery.games import ended_legally

V1 = sorted((Path(__file__).resolve().parents[1] / "transcript" / "fixtures" / "v1").glob("*.jsonl"))


def as_schema2(path: Path, out: Path) -> Transcript:
    """The game of the schema-1 file ``path`` written again in today's schema."""
    old = read_transcript(path)
    header = old.header.model_copy(update={"schema_version": SCHEMA_VERSION})
    game = Game(header.config())
    for record in old.records:
        event = record.event
        if isinstance(event, TABLE_EVENT_TYPES):
            game.note(event, record.vis)
        elif isinstance(event, ChoiceMade):
            game.submit(event.decision_id, Choice(event.option, event.text, event.claim, event.acts))
    with TranscriptWriter(out, header) as writer:
        writer.write(game.records)
    return read_transcript(out)


@pytest.mark.parametrize("path", V1, ids=lambda p: p.stem)
def test_both_schemas_give_the_same_facts(path: Path, tmp_path: Path) -> None:
    old = read_transcript(path)
    new = as_schema2(path, tmp_path / path.name)
    assert replay_file(tmp_path / path.name).complete
    assert new.header.schema_version == 2 and not any(isinstance(r.event, Asked) for r in new.records)
    assert len(new.records) == len(old.records) - sum(isinstance(r.event, Asked) for r in old.records)
    old_facts, new_facts = facts_from(old), facts_from(new)
    assert old_facts.decisions == new_facts.decisions and sum(new_facts.decisions.values()) > 0
    assert old_facts.winners == new_facts.winners
    assert ended_legally(old.records) == ended_legally(new.records) == []


@pytest.mark.parametrize("path", V1[:2], ids=lambda p: p.stem)
def test_both_schemas_catch_an_option_that_was_not_offered(path: Path, tmp_path: Path) -> None:
    for records in (read_transcript(path).records, as_schema2(path, tmp_path / path.name).records):
        index = next(i for i, r in enumerate(records) if isinstance(r.event, ChoiceMade))
        record, choice = records[index], records[index].event
        assert isinstance(choice, ChoiceMade)
        bad = make_record(record.seq, record.phase, record.vis, dataclasses.replace(choice, option="nobody"))
        problems = ended_legally([*records[:index], bad, *records[index + 1 :]])
        assert any("'nobody' was not offered" in p for p in problems), problems


@pytest.mark.parametrize("path", V1[:2], ids=lambda p: p.stem)
def test_both_schemas_give_the_same_fallback_share(path: Path, tmp_path: Path) -> None:
    """A seat answered by fallbacks on most of its decisions is flagged alike in both schemas."""
    for records in (read_transcript(path).records, as_schema2(path, tmp_path / path.name).records):
        seat0 = [r.event for r in records if isinstance(r.event, ChoiceMade) and r.event.seat == 0]
        fallbacks = [
            make_record(
                0, "day:1", GOD, Fallback(seat=0, decision_id=c.decision_id, decision="x", option="x", reason="t")
            )
            for c in seat0
        ]
        specs = [AgentSpec.parse("openai:m")] * len(read_transcript(path).header.names)
        assert degraded_records([*records, *fallbacks], specs, 0.5).startswith("seat 1 (openai:m) fell back on 100%")
        assert degraded_records([*records, *fallbacks[:1]], specs, 0.99) == ""
