"""What the host chooses for a table: ruleset, language, rule switches, seats, time limits."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..code_refs import CodeRefused, refuse_code
from ..controls import strip_controls
from ..rules import GameConfig, get_ruleset
from ..rules.errors import RulesError
from ..seeds import fresh_seed
from ..table.seating import AgentSpec, SeatSpecError
from ..texts import default_names

HUMAN = "human"
DEFAULT_SPEECH_LIMIT = 600
DEFAULT_NIGHT_STEP = 5.0


class SetupError(ValueError):
    """The host's setup cannot be played (shown to the host as it is)."""


class SeatSetup(BaseModel):
    """One seat: ``player`` is ``human`` or an AI spec (``heuristic``, ``openai:MODEL``...)."""

    model_config = ConfigDict(extra="forbid")

    player: str = Field("heuristic", max_length=200)
    name: str | None = Field(None, max_length=40)
    persona: str | None = Field(None, max_length=80)

    @property
    def human(self) -> bool:
        return self.player.strip().lower() == HUMAN


class TableSetup(BaseModel):
    """Everything the host page sends to create a table."""

    model_config = ConfigDict(extra="forbid")

    variant: str = Field(max_length=60)
    language: str | None = Field(None, max_length=10)
    seats: list[SeatSetup] = Field(min_length=1, max_length=40)
    seed: int | None = Field(None, ge=0, lt=2**256)
    options: dict[str, Any] = Field(default_factory=dict)
    preset: str | None = Field(None, max_length=40)
    """A named set of switches of the ruleset (``options`` override single switches)."""
    time_limit: float | None = Field(None, gt=0, le=3600)
    """Seconds a human has per decision (``None``: no limit)."""
    on_timeout: Literal["heuristic", "default"] = "heuristic"
    """Who answers for a human out of time: a rule-of-thumb player, or the rules' default option."""
    speech_limit: int = Field(DEFAULT_SPEECH_LIMIT, ge=20, le=5000)
    narrator: Literal["template", "off"] = "template"
    """The moderator's voice: template lines in the game's language (shown large on the table screen)."""
    pace: float = Field(0.0, ge=0, le=10)
    """Seconds of pause after each batch of records, so people can read along."""
    night_step: float | None = Field(None, ge=0, le=600)
    """Least seconds between a role's "wake" and "sleep" on shared screens, whoever holds the role
    (``None``: :data:`DEFAULT_NIGHT_STEP` when a person plays, else 0). A person slower than this
    still shows; set it to the time limit to hide that too."""

    @property
    def has_humans(self) -> bool:
        return any(seat.human for seat in self.seats)

    def night_seconds(self) -> float:
        if self.night_step is not None:
            return self.night_step
        return DEFAULT_NIGHT_STEP if self.has_humans else 0.0


def game_config(setup: TableSetup) -> GameConfig:
    """Check ``setup`` against its ruleset and build the game's configuration."""
    try:
        ruleset = get_ruleset(setup.variant)
    except RulesError as exc:
        raise SetupError(str(exc)) from None
    language = setup.language or ruleset.source_language
    if language not in ruleset.languages:
        raise SetupError(f"{ruleset.id} is available in {', '.join(ruleset.languages)}, not {language!r}")
    count = len(setup.seats)
    if not ruleset.min_players <= count <= ruleset.max_players:
        raise SetupError(f"{ruleset.id} is played by {ruleset.min_players}-{ruleset.max_players} players, not {count}")
    try:
        options = ruleset.options_with_preset(setup.preset, setup.options)
        ruleset.parse_options(options)
    except RulesError as exc:
        raise SetupError(str(exc)) from None
    defaults = default_names(language, count)
    names = tuple(
        " ".join(strip_controls(seat.name or "").split()) or defaults[i] for i, seat in enumerate(setup.seats)
    )
    if len(set(names)) != len(names):
        raise SetupError("seat names must be different")
    seed = setup.seed if setup.seed is not None else fresh_seed()
    return GameConfig(variant=ruleset.id, names=names, seed=seed, language=language, options=options)


def agent_spec(seat: SeatSetup) -> AgentSpec | None:
    """The AI spec of a seat, ``None`` for a human seat."""
    if seat.human:
        return None
    try:
        refuse_code(seat.player, "a seat of this table")
        return AgentSpec.parse(seat.player, persona=(seat.persona or "").strip() or None)
    except (SeatSpecError, CodeRefused) as exc:
        raise SetupError(str(exc)) from None
