"""``--config table.toml``: model settings and seats for a whole table in one file.

```toml
[game]                      # optional; command-line flags win
variant = "chinese_werewolf"
players = 9
lang = "zh-Hant"
agents = "openai:gpt-4o-mini"   # every seat not listed under [seats]

[llm]                       # defaults for every model seat
base_url = "http://localhost:8000/v1"
profile = "vllm"
api_key_env = "OPENAI_API_KEY"     # where the key is read from, unless:
api_key_file = "~/.config/llm-werewolf/key"   # a file holding the key (relative: to this file)
timeout = 60                # seconds the HTTP client waits for one try
retries = 4
deadline = 120              # seconds a model seat has for one decision, all tries included
narrator_deadline = 30      # seconds the model narrator has for one moment
kv_cache_mb = 512           # local backend: memory for saved KV states (0: off)
threads = 0                 # local backend: llama.cpp threads (0: the free cores, at most 8)
profile_settings = { speech_chars = 120, speech_tokens = 80 }   # change the profile's sizes
log_prompts = false
packs = ["my_prompts"]

[seats]                     # seat numbers from 1
3 = "local"
5 = { agent = "openai:gpt-4o", persona = "zh-meiling", api_key_file = "openai.key" }
7 = { agent = "openai:qwen", base_url = "http://localhost:8080/v1", profile = "llamacpp" }
```

``api_key = "..."`` is accepted too (in ``[llm]`` and per seat), but a key file
keeps the secret out of a file that gets shared. A key is never written to a
transcript or a log.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..llm.errors import BackendConfigError
from ..llm.profiles import PROFILES

if TYPE_CHECKING:
    from ..table.seating import AgentSpec

GAME_KEYS = frozenset({"variant", "players", "lang", "seed", "agents"})
LLM_KEYS = frozenset(
    {
        "backend",
        "model",
        "base_url",
        "profile",
        "api_key_env",
        "api_key",
        "api_key_file",
        "timeout",
        "retries",
        "deadline",
        "narrator_deadline",
        "kv_cache_mb",
        "threads",
        "profile_settings",
        "log_prompts",
        "packs",
    }
)
SEAT_KEYS = frozenset({"agent", "persona", "base_url", "profile", "api_key", "api_key_file"})


@dataclass(frozen=True, slots=True)
class TableConfig:
    path: Path
    game: dict[str, Any] = field(default_factory=dict)
    llm: dict[str, Any] = field(default_factory=dict)
    seats: dict[int, AgentSpec] = field(default_factory=dict)
    """Seat number (from 1) -> the seat's spec."""


_TEXT_KEYS = frozenset({"variant", "lang", "agents", "backend", "model", "base_url", "profile", "api_key_env"})
_COUNT_KEYS = {"players": 1, "seed": 0, "retries": 0}
"""Whole-number keys and their least value."""


def _check_types(where: str, section: dict[str, Any]) -> None:
    """Each known key's value has its type (one error naming the key; a key's value is never quoted)."""
    for key, value in section.items():
        if key in _TEXT_KEYS and not isinstance(value, str):
            raise BackendConfigError(f"{where} {key}: a string")
        if key in _COUNT_KEYS and (isinstance(value, bool) or not isinstance(value, int) or value < _COUNT_KEYS[key]):
            raise BackendConfigError(f"{where} {key}: a whole number of at least {_COUNT_KEYS[key]}")
        if key == "timeout" and (isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0):
            raise BackendConfigError(f"{where} timeout: a number of seconds above 0")
        if key == "log_prompts" and not isinstance(value, bool):
            raise BackendConfigError(f"{where} log_prompts: true or false")
        if key == "packs" and not (isinstance(value, list) and all(isinstance(p, str) for p in value)):
            raise BackendConfigError(f"{where} packs: a list of folders")


def _unknown(where: str, keys: set[str], allowed: frozenset[str]) -> None:
    extra = sorted(keys - allowed)
    if extra:
        raise BackendConfigError(f"{where}: unknown key(s) {', '.join(extra)} (allowed: {', '.join(sorted(allowed))})")


def _text(where: str, value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise BackendConfigError(f"{where}: a non-empty string")
    return value


def _profile(where: str, value: object) -> str:
    name = _text(where, value)
    if name not in PROFILES:
        raise BackendConfigError(f"{where}: unknown profile {name!r} (known: {', '.join(PROFILES)})")
    return name


def _profile_settings(where: str, value: object) -> None:
    from ..llm.profiles import Profile

    if not isinstance(value, dict):
        raise BackendConfigError(f"{where}: a table of profile settings (speech_chars = 120, ...)")
    known = set(Profile.__dataclass_fields__) - {"name", "description"}
    _unknown(where, set(value), frozenset(known))


def _key_settings(where: str, table: dict[str, Any], folder: Path) -> None:
    """Check ``api_key``/``api_key_file`` in place; a relative key file is relative to the table file."""
    if "api_key" in table and "api_key_file" in table:
        raise BackendConfigError(f"{where}: give api_key or api_key_file, not both")
    if "api_key" in table:
        _text(f"{where} api_key", table["api_key"])  # the error never quotes the value
    if "api_key_file" in table:
        file = Path(_text(f"{where} api_key_file", table["api_key_file"])).expanduser()
        table["api_key_file"] = str(file if file.is_absolute() else (folder / file).resolve())


def _seat(where: str, text: str) -> AgentSpec:
    from ..table.seating import AgentSpec, SeatSpecError

    try:
        return AgentSpec.parse(text)
    except SeatSpecError as exc:
        raise BackendConfigError(f"{where}: {exc}") from None


def load_table_config(path: str | Path) -> TableConfig:
    """Read and check a table file; any problem is one error naming the file and the key."""
    file = Path(path)
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BackendConfigError(f"{file}: no such file") from None
    except UnicodeDecodeError:
        raise BackendConfigError(f"{file}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise BackendConfigError(f"{file}: {exc}") from None
    except RecursionError:
        raise BackendConfigError(f"{file}: nested too deeply") from None
    except OSError as exc:
        raise BackendConfigError(f"{file}: cannot read ({exc.strerror or type(exc).__name__})") from None
    _unknown(str(file), set(data), frozenset({"game", "llm", "seats"}))
    for name, section in (
        ("game", data.get("game", {})),
        ("llm", data.get("llm", {})),
        ("seats", data.get("seats", {})),
    ):
        if not isinstance(section, dict):
            raise BackendConfigError(f"{file} [{name}]: a table")
    game = dict(data.get("game", {}))
    llm = dict(data.get("llm", {}))
    _unknown(f"{file} [game]", set(game), GAME_KEYS)
    _unknown(f"{file} [llm]", set(llm), LLM_KEYS)
    _check_types(f"{file} [game]", game)
    _check_types(f"{file} [llm]", llm)
    if "profile" in llm:
        _profile(f"{file} [llm] profile", llm["profile"])
    if "profile_settings" in llm:
        _profile_settings(f"{file} [llm.profile_settings]", llm["profile_settings"])
    _key_settings(f"{file} [llm]", llm, file.parent)
    if "packs" in llm:
        if not isinstance(llm["packs"], list):
            raise BackendConfigError(f"{file} [llm] packs: a list of folders")
        llm["packs"] = [str((file.parent / p).resolve()) if not Path(p).is_absolute() else p for p in llm["packs"]]
    seats: dict[int, AgentSpec] = {}
    for key, value in dict(data.get("seats", {})).items():
        where = f"{file} [seats] {key}"
        if not str(key).isdigit() or int(key) < 1:
            raise BackendConfigError(f"{where}: seat numbers start at 1")
        if isinstance(value, str):
            seats[int(key)] = _seat(where, value)
        elif isinstance(value, dict):
            _unknown(where, set(value), SEAT_KEYS)
            if not isinstance(value.get("agent"), str):
                raise BackendConfigError(f'{where}: needs agent = "KIND[:MODEL]"')
            for name in ("persona", "base_url", "profile"):
                if name in value and not isinstance(value[name], str):
                    raise BackendConfigError(f"{where} {name}: a string")
            entry = dict(value)
            if "profile" in entry:
                _profile(f"{where} profile", entry["profile"])
            _key_settings(where, entry, file.parent)
            seats[int(key)] = replace(
                _seat(where, entry["agent"]),
                persona=entry.get("persona"),
                base_url=entry.get("base_url"),
                profile=entry.get("profile"),
                api_key=entry.get("api_key"),
                api_key_file=entry.get("api_key_file"),
            )
        else:
            raise BackendConfigError(f'{where}: write "KIND[:MODEL]" or a table with {", ".join(sorted(SEAT_KEYS))}')
    return TableConfig(path=file, game=game, llm=llm, seats=seats)
