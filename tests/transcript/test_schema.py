"""The transcript schema: every event type round-trips, the JSON Schema file and the docs are up to date."""

from __future__ import annotations

import dataclasses
import json
import typing
from pathlib import Path

import pytest

from llm_werewolf.export.schema_file import DEFAULT_PATH, main, schema_text
from llm_werewolf.rules import GOD, PUBLIC, GameConfig, make_record, to_seats, to_team
from llm_werewolf.rules.events import (
    ActionTaken,
    AnnouncedDeath,
    Announcement,
    Asked,
    ChoiceMade,
    Cue,
    DeathsAnnounced,
    Died,
    EventBody,
    GameEnded,
    GameStarted,
    Info,
    PhaseStarted,
    RoleAssigned,
    RolesRevealed,
    Speech,
    StatusChanged,
    VoteCast,
    VoteTally,
    WhisperNoticed,
    record_key,
    same_records,
)
from llm_werewolf.table_notes import (
    Fallback,
    ModelCall,
    Narration,
    Rejected,
    SpeechCheck,
    SuspicionEstimate,
    Thought,
    VoteIntent,
)
from llm_werewolf.transcript import SCHEMA_VERSION, SeatInfo, TranscriptWriter, header_for, read_transcript
from llm_werewolf.transcript.schema import AnyEvent, Header, dump_record, load_record

DOCS = Path(__file__).resolve().parents[2] / "docs"

ONE_OF_EACH: list[EventBody] = [
    GameStarted(variant="toy", language="en", names=("Ann", "Bo", "Cy"), deck=("seer", "villager", "wolf")),
    RoleAssigned(seat=1, role="wolf", reason="swap"),
    PhaseStarted(phase="night", number=2),
    Cue(key="wake", role="seer"),
    Asked(decision_id=4, seat=0, decision="seer_check", options=("seat:1", "seat:2"), group="night"),
    ChoiceMade(decision_id=4, seat=0, decision="speech", option="speak", text="I am the seer", claim="seer"),
    ActionTaken(seat=2, action="kill", targets=(0, 1), value="poison"),
    Info(fact="role", subject=1, value="wolf", seats=(0,)),
    Speech(seat=2, text='He said "مرحبا" <b>&amp;</b>\nnew line', stage="whisper", claim="villager", to=0),
    WhisperNoticed(seat=2, to=0),
    VoteCast(seat=0, ballot="exile", option="seat:1", target=1, weight=1.5),
    VoteTally(ballot="exile", counts=(("seat:1", 2.5), ("skip", 1.0)), result="exiled", targets=(1,)),
    Died(seat=1, cause="exile"),
    DeathsAnnounced(deaths=(AnnouncedDeath(seat=1, cause="exile", role="wolf"), AnnouncedDeath(seat=2)), moment="vote"),
    StatusChanged(seat=0, status="sheriff", value="on"),
    Announcement(key="speaking_order", seats=(2, 0), value="clockwise"),
    GameEnded(winners=(0, 2), sides=("village",), reason="wolves_dead"),
    RolesRevealed(roles=("seer", "wolf", "villager"), start_roles=("seer", "villager", "wolf"), extra=("tanner",)),
    ModelCall(
        seat=0,
        decision_id=4,
        purpose="decision",
        backend="fake",
        model="m",
        attempt=1,
        prompt_hash="abc",
        prompt="system...",
        raw_output='{"option": "seat:1"}',
        parsed="seat:1",
        error=None,
        prompt_tokens=12,
        completion_tokens=5,
        latency_ms=3.5,
    ),
    Thought(seat=0, decision_id=4, text="Bo is lying"),
    Rejected(seat=0, decision_id=4, attempt=0, answer="seat:9", error="not offered"),
    Fallback(seat=0, decision_id=4, decision="seer_check", option="seat:2", reason="timeout", source="default"),
    Narration(key="dawn", text="The sun rises.", mode="llm", fallback=True, language="en"),
    SpeechCheck(
        seat=1,
        decision_id=7,
        source="voiced",
        coherent=False,
        reasons=("too short (1 words)",),
        contradictions=("the vote act names Bo, the text does not",),
        dropped=("'Zed' is not a player",),
        model_text="hm",
    ),
    VoteIntent(seat=1, about=12, round=3, option="seat:2", target=2),
    SuspicionEstimate(seat=1, day=2, estimates=((0, 0.25), (2, 0.75)), method="sampled_intents:4"),
]
VISIBILITIES = [PUBLIC, GOD, to_seats(0), to_team("wolves", (1, 2))]


def union_members() -> set[type]:
    union, _field = typing.get_args(AnyEvent)
    return set(typing.get_args(union))


def test_one_of_each_covers_the_whole_union() -> None:
    assert {type(e) for e in ONE_OF_EACH} == union_members()


@pytest.mark.parametrize("event", ONE_OF_EACH, ids=lambda e: type(e).__name__)
def test_every_event_type_round_trips(event: EventBody) -> None:
    for index, vis in enumerate(VISIBILITIES):
        record = make_record(seq=index, phase="day:1", vis=vis, event=event)
        line = dump_record(record)
        back = load_record(line)
        assert record_key(back) == record_key(record)
        assert type(back.event) is type(event)
        assert dump_record(back) == line


def test_a_file_of_every_event_type_reads_back(tmp_path: Path) -> None:
    config = GameConfig(variant="toy", names=("Ann", "Bo", "Cy"), seed=1)
    header = header_for(config, "en", [SeatInfo(name=n, agent="heuristic", persona_name=f"P-{n}") for n in "ABC"])
    records = [make_record(i, "night:1", VISIBILITIES[i % 4], e) for i, e in enumerate(ONE_OF_EACH)]
    path = tmp_path / "all.jsonl"
    with TranscriptWriter(path, header) as writer:
        writer.write(records)
    transcript = read_transcript(path)
    assert transcript.header == header
    assert same_records(transcript.records, records)
    assert transcript.offsets[-1] == path.stat().st_size == transcript.valid_bytes
    assert len(path.read_bytes().splitlines()) == 1 + len(records)


def test_header_carries_what_a_rebuild_needs() -> None:
    config = GameConfig(variant="toy", names=("A", "B", "C"), seed=42, options={"max_days": 3})
    seats = [SeatInfo(name=n, agent="openai:gpt-x", model="gpt-x", persona="p1", agent_seed=7) for n in "ABC"]
    header = header_for(config, "en", seats, prompt_packs={"builtin": "0123abcd"}, table={"max_attempts": 2})
    data = json.loads(header.model_dump_json())
    assert data["schema_version"] == SCHEMA_VERSION
    for key in ("variant", "language", "seed", "options", "names", "seats", "prompt_packs", "table", "game_id"):
        assert key in data
    assert header.config() == GameConfig(
        variant="toy", names=("A", "B", "C"), seed=42, language="en", options={"max_days": 3}
    )
    # The game id depends on the content only (same content, same id; other seed, other id).
    assert header_for(config, "en", seats, prompt_packs={"builtin": "0123abcd"}, table={"max_attempts": 2}) == header
    other = header_for(GameConfig(variant="toy", names=("A", "B", "C"), seed=43), "en", seats)
    assert other.game_id != header.game_id


def test_header_rejects_unknown_fields() -> None:
    with pytest.raises(ValueError):
        Header.model_validate({"variant": "toy", "language": "en", "seed": 1, "names": ["a"], "surprise": 1})


def test_committed_json_schema_is_up_to_date() -> None:
    assert DEFAULT_PATH.read_text(encoding="utf-8") == schema_text(), (
        "docs/transcript-schema.json is stale: run python -m llm_werewolf.export.schema_file"
    )
    assert main(["--check"]) == 0


def test_schema_check_fails_on_a_stale_file(tmp_path: Path) -> None:
    stale = tmp_path / "schema.json"
    stale.write_text("{}\n")
    assert main(["--check", str(stale)]) == 1
    assert main([str(stale)]) == 0
    assert main(["--check", str(stale)]) == 0


def test_json_schema_lists_every_event_kind() -> None:
    schema = json.loads(schema_text())
    text = json.dumps(schema)
    for event in ONE_OF_EACH:
        assert f'"{event.kind}"' in text  # type: ignore[attr-defined]
    assert set(schema["dataset"]) >= {"utterance", "game"}


def test_docs_describe_every_event_kind_and_field() -> None:
    doc = (DOCS / "transcript-schema.md").read_text(encoding="utf-8")
    sections = doc.split("\n### ")
    for event in ONE_OF_EACH:
        kind = event.kind  # type: ignore[attr-defined]
        section = next((s for s in sections if s.startswith(f"`{kind}`")), None)
        assert section is not None, f"docs/transcript-schema.md has no section for {kind!r}"
        for name in (f.name for f in dataclasses.fields(event)):  # type: ignore[arg-type]
            if name == "kind":
                continue  # the section title
            assert f"`{name}`" in section, f"{kind}: field {name!r} is not documented"
    for name in Header.model_fields:
        assert f"`{name}`" in doc, f"header field {name!r} is not documented"
    for name in SeatInfo.model_fields:
        assert f"`{name}`" in doc, f"seat field {name!r} is not documented"


def test_model_seats_record_the_hash_of_their_prompts() -> None:
    config = GameConfig(variant="chinese_werewolf", names=tuple("ABCDEF"), seed=1)
    models = header_for(config, "zh-Hant", [SeatInfo(name=n, agent="fake") for n in "ABCDEF"])
    (key, digest), *rest = models.prompt_packs.items()
    assert key == "zh-Hant/chinese_werewolf" and len(digest) == 16 and not rest
    scripts = header_for(config, "zh-Hant", [SeatInfo(name=n, agent="heuristic") for n in "ABCDEF"])
    assert scripts.prompt_packs == {}
    assert scripts.game_id != models.game_id
