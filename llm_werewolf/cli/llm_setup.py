"""The model-player flags of ``play``, ``serve``, ``tournament`` and ``resume`` (``--backend``,
``--model``, ``--base-url``, ``--profile``, ``--config``, ``--log-prompts``, ``--pack``,
``--deadline``...) become one :class:`~llm_werewolf.session.Session`, built once and passed down.

The session's model, profile, base URL and key apply to every model seat that
has none of its own (see :func:`llm_werewolf.session.resolve_backend`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..agents.pack_vetting import vet_pack
from ..code_refs import CodeRefused, refuse_code, trust
from ..key_guard import KeyDestinationRefused, check_key_uses, key_uses
from ..llm.errors import BackendConfigError
from ..llm.factory import BACKEND_KINDS
from ..llm.profiles import PROFILES
from ..prompting.packs import search_roots
from ..session import DEFAULT_DEADLINE, DEFAULT_KV_CACHE_MB, DEFAULT_NARRATOR_DEADLINE, Session, SessionSettings
from ..table.seating import MODEL_KINDS, NAMED_MODEL_KINDS, AgentSpec
from ..texts import default_names
from .common import UsageError
from .table_config import TableConfig, load_table_config


def check_key_file(path: str, where: str) -> None:
    """A key file that cannot be read is one clear line before the game (never quoting the file)."""
    from ..llm.openai_backend import read_api_key_file

    try:
        read_api_key_file(path)
    except BackendConfigError as exc:
        raise UsageError(f"{where}: {exc}") from None


@dataclass
class SessionSetup:
    """What the flags and the table file decided: the session, and the table file's game and seats."""

    session: Session
    game: dict[str, Any] = field(default_factory=dict)
    default_agents: str | None = None
    seats: dict[int, AgentSpec] = field(default_factory=dict)
    """Seat index (from 0) -> spec, from the table file."""


def _threads(value: object) -> int:
    """``[llm] threads``: a whole number of llama.cpp threads, 0 for the free cores."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise UsageError(f"[llm] threads must be a whole number, 0 or more (0: the free cores), not {value!r}")
    return value


def setup_llm(
    *,
    backend: str | None = None,
    model: str | None = None,
    base_url: str | None = None,
    profile: str | None = None,
    config_file: Path | None = None,
    log_prompts: bool = False,
    packs: Sequence[Path] = (),
    api_key_env: str | None = None,
    api_key_file: Path | None = None,
    deadline: float | None = None,
    send_key_to: Sequence[str] = (),
    allow_code: bool = False,
) -> SessionSetup:
    """The session of one command (flags win over the table file); bad values are a UsageError.

    ``allow_code``: the user passed ``--allow-code``, so the table file may name code to import
    (``langchain:package.module:factory``); without it such a file is refused.
    """
    table: TableConfig | None = None
    if config_file is not None:
        try:
            table = load_table_config(config_file)
        except BackendConfigError as exc:
            raise UsageError(str(exc)) from None
        if not allow_code:
            refuse_table_code(table)
    llm = dict(table.llm) if table else {}
    chosen = backend or llm.get("backend")
    if chosen is not None and chosen not in BACKEND_KINDS:
        raise UsageError(f"unknown backend {chosen!r} (use one of: {', '.join(BACKEND_KINDS)})")
    chosen_profile = profile or llm.get("profile")
    if chosen_profile is not None and chosen_profile not in PROFILES:
        raise UsageError(f"unknown profile {chosen_profile!r} (known: {', '.join(PROFILES)})")
    if table is not None:
        try:
            check_table_keys(table, base_url, api_key_env is not None or api_key_file is not None, send_key_to)
        except KeyDestinationRefused as exc:
            raise UsageError(str(exc)) from None
    key_file = str(api_key_file) if api_key_file is not None else llm.get("api_key_file")
    if key_file is not None:
        check_key_file(key_file, "--api-key-file" if api_key_file is not None else f"{config_file} [llm]")
    pack_list = [str(p) for p in packs] or [str(p) for p in llm.get("packs", [])]
    try:
        search_roots(pack_list)
    except Exception as exc:
        raise UsageError(str(exc)) from None
    for pack in pack_list:
        verdict = vet_pack(pack)
        if not verdict.ok:
            raise UsageError(f"prompt pack {pack} refused: {'; '.join(verdict.problems[:3])}")
    chosen_deadline = deadline if deadline is not None else float(llm.get("deadline", DEFAULT_DEADLINE))
    if chosen_deadline <= 0:
        raise UsageError("the deadline must be a positive number of seconds")
    settings = SessionSettings(
        backend=chosen or "local",
        model=model or llm.get("model"),
        base_url=base_url or llm.get("base_url"),
        profile=chosen_profile,
        api_key_env=api_key_env or llm.get("api_key_env", "OPENAI_API_KEY"),
        api_key=None if api_key_file is not None else llm.get("api_key"),
        api_key_file=key_file,
        timeout=float(llm.get("timeout", 60.0)),
        retries=int(llm.get("retries", 4)),
        log_prompts=log_prompts or bool(llm.get("log_prompts", False)),
        packs=tuple(pack_list),
        deadline=chosen_deadline,
        narrator_deadline=float(llm.get("narrator_deadline", min(chosen_deadline, DEFAULT_NARRATOR_DEADLINE))),
        kv_cache_mb=int(llm.get("kv_cache_mb", DEFAULT_KV_CACHE_MB)),
        threads=_threads(llm.get("threads", 0)),
        profile_overrides=tuple(sorted(dict(llm.get("profile_settings", {})).items())),
    )
    trust(settings.model)  # named on the command line or in the --config the user passed
    setup = SessionSetup(Session(settings), game=dict(table.game) if table else {})
    if chosen is not None:
        setup.default_agents = chosen
    if table is not None:
        setup.default_agents = table.game.get("agents", setup.default_agents)
        for number, spec in table.seats.items():
            if spec.api_key_file is not None:
                check_key_file(spec.api_key_file, f"{config_file} [seats] {number}")
            setup.seats[number - 1] = spec
    return setup


def refuse_table_code(table: TableConfig) -> None:
    """A table file is data, like a transcript: code it names runs only with ``--allow-code``."""
    named = [("[game] agents", table.game.get("agents")), ("[llm] model", table.llm.get("model"))]
    named += [(f"[seats] {number}", spec.label) for number, spec in sorted(table.seats.items())]
    for where, spec in named:
        if isinstance(spec, str):
            try:
                refuse_code(spec, f"{table.path} {where}")
            except CodeRefused as exc:
                raise UsageError(f"{exc}; or pass --allow-code to run what this file names") from None


def check_table_keys(table: TableConfig, cli_url: str | None, cli_key: bool, confirmed: Sequence[str]) -> None:
    """A table file's key sources go only to endpoints confirmed with ``--send-key-to`` (see :mod:`key_guard`)."""
    llm = table.llm
    url = cli_url or llm.get("base_url")
    url_from_file = cli_url is None and "base_url" in llm
    uses = key_uses(f"{table.path} [llm]", llm, base_url=url, cli_key=cli_key, url_from_file=url_from_file)
    for number, entry in table.seats.items():
        if entry.kind not in NAMED_MODEL_KINDS:
            continue
        section = {"api_key_file": entry.api_key_file} if entry.api_key_file else {}
        if entry.api_key:
            section["api_key"] = entry.api_key
        seat_key = cli_key and not section
        seat_url = entry.base_url or url
        from_file = entry.base_url is not None or url_from_file
        where = f"{table.path} [seats] {number}"
        if section or entry.base_url is not None:
            uses += key_uses(where, section, base_url=seat_url, cli_key=seat_key, url_from_file=from_file)
    check_key_uses(uses, confirmed)


def table_names(session: Session, language: str, specs: Sequence[AgentSpec], seed: int) -> tuple[str, ...]:
    """Seat names: a model seat is called by its persona's name; every other seat takes the
    next unused name from ``prompts/<lang>/common/names.yaml``. Names stay unique."""
    names: list[str | None] = [None] * len(specs)
    taken: set[str] = set()
    for index, spec in enumerate(specs):
        if spec.kind not in MODEL_KINDS:
            continue
        persona = session.persona(spec, language=language, seat=index, seed=seed)
        if persona is not None and persona.name not in taken:
            names[index] = persona.name
            taken.add(persona.name)
    spare = iter(name for name in default_names(language, len(specs) + len(taken)) if name not in taken)
    return tuple(name if name is not None else next(spare) for name in names)
