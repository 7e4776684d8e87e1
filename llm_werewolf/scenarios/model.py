"""The scenario file format (see docs/scenarios.md), as pydantic models."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SeatSpec(_Strict):
    name: str = Field(min_length=1)
    role: str = Field(min_length=1)


class AnswerSpec(_Strict):
    """A scripted answer written as a mapping (speech with a claim, or an explicit option)."""

    option: str | None = None
    text: str = ""
    claim: str | None = None


class DeathSpec(_Strict):
    name: str
    when: str
    cause: str


class Expect(_Strict):
    winners: list[str] | None = None
    sides: list[str] | None = None
    reason: str | None = None
    ends: str | None = None
    deaths: list[DeathSpec] | None = None
    alive: list[str] | None = None
    statuses: dict[str, str | list[str] | None] | None = None
    final_roles: dict[str, str] | None = None
    events: list[dict[str, Any]] | None = None
    no_events: list[dict[str, Any]] | None = None


class Scenario(_Strict):
    name: str
    rule: str = ""
    variant: str
    rules_version: int | None = Field(None, ge=1)
    """The ruleset version the scenario was written for (``llm-werewolf check --pinned``)."""
    seed: int = 0
    language: str | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] = Field(min_length=1)
    extra: list[str] = Field(default_factory=list)
    fallback: Literal["default", "first", "random", "heuristic", "error"] = "default"
    script: dict[str, dict[str, list[str | AnswerSpec]]] = Field(default_factory=dict)
    max_decisions: int = Field(5000, ge=1)
    expect: Expect = Field(default_factory=Expect)
