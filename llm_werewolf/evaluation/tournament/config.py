"""The tournament config file (TOML): models × rulesets × seeds, table settings, probes.

```toml
name = "smoke"
seeds = [1, 2, 3]                 # or: seeds = {start = 0, count = 100}
concurrency = 2                   # games at the same time
rotation = "round_robin"          # seat i plays models[(i + r) % M] for r in 0..M-1, same seed
max_fallback_share = 0.5          # a model seat answered by fallbacks more often than this: scored as the fallback
models = ["local", "heuristic"]   # seat specs; or [[models]] tables with spec, base_url, persona

[[rulesets]]
variant = "one_night"
players = 5                       # default: the ruleset's standard table (9 or its minimum)
language = "ar"                   # default: the ruleset's source language
options = {}                      # rule switches

[table]
max_attempts = 3
decision_timeout = 120

[llm]                             # settings of model seats (see `llm-werewolf play --help`)
log_prompts = false
deadline = 120                    # seconds a model seat has for one decision, every retry included

[probes]
vote_intent = false
suspicion = false
samples = 3
canaries = false
```
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator


class ConfigError(ValueError):
    """A tournament config cannot be used (the message names the file and the field)."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ModelEntry(_Strict):
    spec: str
    """A seat spec: heuristic, random, local, local:/path.gguf, openai:MODEL, langchain:..., fake."""
    base_url: str | None = None
    persona: str | None = None


class RulesetEntry(_Strict):
    variant: str
    players: int | None = Field(None, ge=1)
    language: str | None = None
    options: dict[str, Any] = Field(default_factory=dict)


class SeedRange(_Strict):
    start: int = 0
    count: int = Field(ge=1)


class TableConfig(_Strict):
    max_attempts: int = Field(3, ge=1)
    decision_timeout: float | None = Field(None, gt=0)
    concurrency: int = Field(8, ge=1)
    """Agents asked at the same time within one game."""


class LLMConfig(_Strict):
    """Settings of the model seats (see :class:`llm_werewolf.session.SessionSettings`)."""

    log_prompts: bool = False
    personas: bool = True
    switch_language: bool = True
    timeout: float = 60.0
    retries: int = 4
    profile: str | None = None
    base_url: str | None = None
    api_key_env: str = "OPENAI_API_KEY"
    deadline: float = Field(120.0, gt=0)
    """Seconds a model seat has for one decision, every retry included."""
    narrator_deadline: float = Field(30.0, gt=0)
    kv_cache_mb: int = Field(512, ge=0)
    threads: int = Field(0, ge=0)
    """Local backend: llama.cpp threads (0: the free cores, at most 8)."""
    profile_settings: dict[str, Any] = Field(default_factory=dict)
    """Profile settings changed for the model seats (e.g. ``{speech_chars = 120}``)."""


class ProbeConfig(_Strict):
    vote_intent: bool = False
    suspicion: bool = False
    samples: int = Field(3, ge=1)
    canaries: bool = False


class TournamentConfig(_Strict):
    name: str
    seeds: list[int] | SeedRange
    models: list[ModelEntry] = Field(min_length=1)
    rulesets: list[RulesetEntry] = Field(min_length=1)
    concurrency: int = Field(2, ge=1)
    rotation: Literal["round_robin", "fixed"] = "round_robin"
    max_fallback_share: float = Field(0.5, ge=0.0, le=1.0)
    table: TableConfig = Field(default_factory=TableConfig)
    llm: LLMConfig = Field(default_factory=LLMConfig)
    probes: ProbeConfig = Field(default_factory=ProbeConfig)
    out: str | None = None
    """Output folder (the command's --out wins); default: runs/<name>."""

    @field_validator("models", mode="before")
    @classmethod
    def _plain_specs(cls, value: Any) -> Any:
        if isinstance(value, list):
            return [{"spec": v} if isinstance(v, str) else v for v in value]
        return value

    def seed_list(self) -> list[int]:
        if isinstance(self.seeds, SeedRange):
            return list(range(self.seeds.start, self.seeds.start + self.seeds.count))
        return list(self.seeds)


def load_config(path: str | Path) -> TournamentConfig:
    path = Path(path)
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read ({exc.strerror})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: {exc}") from None
    try:
        return TournamentConfig.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "config"
        raise ConfigError(f"{path}: {where}: {err['msg']}") from None
