"""The transcript format: a header line, then one JSON record per line.

Records are serialised with one pydantic discriminated union over every event
body (rules events and table events), keyed by the ``kind`` field.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter
from typing_extensions import TypedDict

from ..rules.events import ChoiceMade, Record, RulesEvent, Visibility, make_record
from ..rules.model import GameConfig
from ..table_notes import (
    Fallback,
    ModelCall,
    Narration,
    Rejected,
    SpeechCheck,
    SuspicionEstimate,
    TableEvent,
    Thought,
    VoteIntent,
)
from .schema_one import schema_transition

SCHEMA_VERSION = 2
"""2: a question is logged once, by the ``choice`` line that answers it (``ChoiceMade.options`` and
``group``). 1: each question also had an ``asked`` line when it was put, and ``choice`` lines had
no ``options``/``group``; such files still load and replay byte for byte (:mod:`.schema_one`)."""

AnyEvent = Annotated[RulesEvent | TableEvent | VoteIntent | SuspicionEstimate, Field(discriminator="kind")]
"""Every event body a transcript can hold: the rules' events, the table's, and the evaluation probes'."""

TABLE_EVENT_TYPES = (ModelCall, Thought, Rejected, Fallback, Narration, SpeechCheck, VoteIntent, SuspicionEstimate)


class SeatInfo(BaseModel):
    """Who played one seat: enough to seat the same agent again on resume."""

    model_config = ConfigDict(extra="forbid")

    name: str
    agent: str
    """The seat spec, e.g. ``heuristic``, ``random``, ``local``, ``openai:gpt-4o-mini``."""
    model: str | None = None
    persona: str | None = None
    """Persona id (``personas/<lang>.yaml``), when the seat played one."""
    persona_name: str | None = None
    """The persona's display name, shown next to the seat name in renderings."""
    agent_seed: int | None = None
    """The agent's own seed when it is not derived from the game seed."""


class Header(BaseModel):
    """Line 1 of every transcript: enough to rebuild the game exactly."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["header"] = "header"
    schema_version: int = SCHEMA_VERSION
    game_id: str = ""
    variant: str
    language: str
    seed: int
    options: dict[str, Any] = Field(default_factory=dict)
    names: list[str]
    roles: list[str] | None = None
    extra: list[str] = Field(default_factory=list)
    deck: list[str] | None = None
    seats: list[SeatInfo] = Field(default_factory=list)
    prompt_packs: dict[str, str] = Field(default_factory=dict)
    """Prompt pack name -> content hash, so a transcript names the exact prompts its models saw."""
    narrator: str | None = None
    """The narrator: ``template``, ``off``, or a model narrator's spec; ``None`` = not recorded
    (resume then infers it from the narration records)."""
    table: dict[str, Any] = Field(default_factory=dict)
    """Table settings that shape the log (``max_attempts``, ``decision_timeout``); empty = defaults."""

    def config(self) -> GameConfig:
        return GameConfig(
            variant=self.variant,
            names=tuple(self.names),
            seed=self.seed,
            language=self.language,
            roles=tuple(self.roles) if self.roles is not None else None,
            extra=tuple(self.extra),
            deck=tuple(self.deck) if self.deck is not None else None,
            options=dict(self.options),
            transition=schema_transition(self.schema_version),
        )

    def with_game_id(self) -> Header:
        """A copy whose ``game_id`` is derived from the content (stable across runs)."""
        body = self.model_dump(exclude={"game_id"}, exclude_defaults=True)
        digest = hashlib.sha256(json.dumps(body, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
        return self.model_copy(update={"game_id": f"{self.variant}-s{self.seed}-{digest[:10]}"})


def model_prompt_packs(language: str, variant: str, seats: list[SeatInfo], packs: Sequence[str] = ()) -> dict[str, str]:
    """``{"<lang>/<variant>": hash}`` of the prompts model seats read, or ``{}`` without model seats."""
    from ..table.seating import MODEL_KINDS

    if not any(seat.agent.split(":", 1)[0].lower() in MODEL_KINDS for seat in seats):
        return {}
    from ..prompting.packs import has_pack, pack_hash, search_roots

    roots = search_roots(packs)
    if not has_pack(roots, language, variant):
        return {}
    return {f"{language}/{variant}": pack_hash(roots, language, variant)}


def header_for(config: GameConfig, language: str, seats: list[SeatInfo], **extra: Any) -> Header:
    """The header of a new game. Without an explicit ``prompt_packs``, the hash of the prompts
    the model seats read is recorded."""
    if "prompt_packs" not in extra:
        extra["prompt_packs"] = model_prompt_packs(language, config.variant, seats)
    return Header(
        variant=config.variant,
        language=language,
        seed=config.seed,
        options=dict(config.options),
        names=list(config.names),
        roles=list(config.roles) if config.roles is not None else None,
        extra=list(config.extra),
        deck=list(config.deck) if config.deck is not None else None,
        seats=seats,
        **extra,
    ).with_game_id()


def seat_info(name: str, spec: Any, agent: object) -> SeatInfo:
    """Who plays a seat, for the header: ``spec`` is the seat's ``AgentSpec`` (``None`` for a
    person at the browser table); a model seat adds the model its backend runs and its persona."""
    from ..agents.llm_agent import LLMAgent

    if spec is None:
        return SeatInfo(name=name, agent="human")
    model, persona, persona_name = spec.model, None, None
    if isinstance(agent, LLMAgent):
        model = agent.backend.model or model
        if agent.persona is not None:
            persona, persona_name = agent.persona.id, agent.persona.name
    return SeatInfo(name=name, agent=spec.label, model=model, persona=persona, persona_name=persona_name)


class _Line(TypedDict):
    seq: int
    phase: str
    vis: Visibility
    event: AnyEvent


LINE_ADAPTER: TypeAdapter[_Line] = TypeAdapter(_Line)
HEADER_ADAPTER: TypeAdapter[Header] = TypeAdapter(Header)


_WITHOUT_OPTIONS: Any = {"event": {"options": True, "group": True}}


def dump_record(record: Record) -> bytes:
    """One transcript line. A ``choice`` without options (schema 1: an ``asked`` line held them)
    is written without ``options`` and ``group``, as schema 1 wrote it."""
    event = record.event
    line: _Line = {"seq": record.seq, "phase": record.phase, "vis": record.vis, "event": event}  # type: ignore[typeddict-item]
    if type(event) is ChoiceMade and not event.options:
        return LINE_ADAPTER.dump_json(line, exclude=_WITHOUT_OPTIONS)
    return LINE_ADAPTER.dump_json(line)


def load_record(raw: str | bytes) -> Record:
    line = LINE_ADAPTER.validate_json(raw)
    return make_record(line["seq"], line["phase"], line["vis"], line["event"])


def dump_header(header: Header) -> bytes:
    return header.model_dump_json().encode()


def json_schema() -> dict[str, Any]:
    """JSON Schema of a transcript: the header and the record line."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"llm-werewolf transcript, schema version {SCHEMA_VERSION}",
        "description": "Line 1 is a Header; every further line is a Record.",
        "header": HEADER_ADAPTER.json_schema(),
        "record": LINE_ADAPTER.json_schema(),
    }
