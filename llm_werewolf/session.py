"""One session: the model settings, the backends, and the one event loop a command runs in.

A command (``play``, ``serve``, ``tournament``, ``resume``) builds one :class:`Session` from its
flags and table file and passes it down: seats and the narrator are built through it
(:meth:`Session.agent`, :func:`llm_werewolf.opening.narrators.build_narrator`), so every seat and
the narrator that name the same endpoint share one backend (one model in memory, one HTTP connection pool).

An HTTP client belongs to the event loop it first ran in, so the preflight, the game and the
narrator must run in one loop, and the backends must be closed in it: :meth:`Session.run` does
exactly that (``asyncio.run`` once: the work, then :meth:`Session.aclose`). A server (``serve``)
that owns its loop calls :meth:`Session.preflight` and :meth:`Session.aclose` inside it.

Nothing here is module-level state: two sessions never share a backend.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from .llm.base import Backend
from .llm.errors import BackendConfigError, LLMError, PreflightError
from .llm.factory import BackendConfig, BackendPool
from .llm.preflight import preflight_all
from .llm.profiles import get_profile
from .seeds import derive_seed, seat_seed
from .table.seating import MODEL_KINDS, NAMED_MODEL_KINDS, AgentSpec, SeatSpecError, scriptless_agent

if TYPE_CHECKING:
    from .agents.base import Agent
    from .prompting.personas import Persona

T = TypeVar("T")

DEFAULT_DEADLINE = 120.0
"""Seconds a model seat has for one decision, every try, re-ask and slow stream included."""
DEFAULT_NARRATOR_DEADLINE = 30.0
"""Seconds the model narrator has for one moment before the template line is used."""

DEFAULT_KV_CACHE_MB = 512
"""Local backend: memory for saved KV states (per seat and shared prefix)."""


@dataclass(frozen=True, slots=True)
class SessionSettings:
    """What the flags and the table file decided for the model seats and the narrator."""

    backend: str = "local"
    """The backend of seats given as a bare model kind's default (``--backend``)."""
    model: str | None = None
    base_url: str | None = None
    profile: str | None = None
    api_key_env: str = "OPENAI_API_KEY"
    api_key: str | None = field(default=None, repr=False)
    """A key given in the table file (``api_key_file`` is the better place for it)."""
    api_key_file: str | None = None
    """A file holding the key, read when a backend is built."""
    timeout: float = 60.0
    """Seconds the HTTP client waits for one try (the SDK's timeout: between bytes, not in total)."""
    retries: int = 4
    deadline: float = DEFAULT_DEADLINE
    """Seconds a model seat has for one decision in all (see :data:`DEFAULT_DEADLINE`)."""
    narrator_deadline: float = DEFAULT_NARRATOR_DEADLINE
    log_prompts: bool = False
    packs: tuple[str, ...] = ()
    personas: bool = True
    switch_language: bool = True
    kv_cache_mb: int = DEFAULT_KV_CACHE_MB
    threads: int = 0
    """Local backend: llama.cpp threads (0: the cores free when the model loads, at most 8; llm/threads.py):
    on a CPU shared with other work, more threads than free cores is slower (docs/llm.md)."""
    profile_overrides: tuple[tuple[str, Any], ...] = ()
    """Profile settings changed for the seats that take the session's profile (``[llm.profile]``)."""
    """Local backend: memory for saved KV states (per seat and shared prefix); 0 turns the cache off."""


# -- the resolver: a seat spec + the session's settings -> the backend to build ------------------


def takes_session_model(kind: str, settings: SessionSettings) -> bool:
    """Whether a seat of ``kind`` without a model of its own uses the session's ``model``.

    Seats of the session's backend do; so does every ``openai``/``langchain`` seat
    (``--agents openai --model M``, ``agents = "openai"`` with ``[llm] model``): a
    model name means the same to both. A ``local`` or ``fake`` seat of another
    backend does not: its "model" is a file path or a seed.
    """
    return kind == settings.backend or kind in NAMED_MODEL_KINDS


def takes_session_profile(kind: str, settings: SessionSettings) -> bool:
    """Whether a seat of ``kind`` without a profile of its own uses the session's ``profile``.

    Seats of the session's backend and fake seats always do; otherwise the
    profile's style decides: a chat profile (openai, vllm, llamacpp, text...) is
    for the HTTP backends, the transcript profile (``local``) for local seats.
    """
    if settings.profile is None:
        return False
    if kind == settings.backend or kind == "fake":
        return True
    style = get_profile(settings.profile).style
    return kind in NAMED_MODEL_KINDS if style == "chat" else kind == "local"


def resolve_backend(spec: AgentSpec, settings: SessionSettings, seed: int = 0) -> BackendConfig:
    """The backend a model seat uses: a value the seat gives wins; otherwise the session's value
    applies to every model seat it fits (see :func:`takes_session_model`,
    :func:`takes_session_profile`; ``base_url`` goes to every seat but ``local``)."""
    kind = spec.kind
    model = spec.model or (settings.model if takes_session_model(kind, settings) else None)
    profile = spec.profile or (settings.profile if takes_session_profile(kind, settings) else None)
    if spec.api_key or spec.api_key_file:
        api_key, api_key_file = spec.api_key, spec.api_key_file
    else:
        api_key, api_key_file = settings.api_key, settings.api_key_file
    return BackendConfig(
        kind=kind,
        model=model,
        base_url=spec.base_url or (settings.base_url if kind != "local" else None),
        api_key=api_key,
        api_key_env=settings.api_key_env,
        api_key_file=api_key_file,
        profile=profile,
        timeout=settings.timeout,
        retries=settings.retries,
        seed=seed if kind in ("local", "fake") else 0,
        kv_cache_mb=settings.kv_cache_mb if kind == "local" else 0,
        threads=settings.threads if kind == "local" else 0,
        profile_overrides=settings.profile_overrides if profile == settings.profile else (),
    )


def seat_persona(language: str, seat: int, seed: int, persona_id: str | None = None) -> Persona | None:
    """The seat's persona: the one named, else a seeded pick (``None`` when the language has none)."""
    from .prompting.personas import get_persona, personas_for, pick_personas
    from .texts import TextDataError

    if persona_id:
        return get_persona(language, persona_id)
    try:
        personas_for(language)
    except TextDataError:
        return None
    return pick_personas(language, seat + 1, seed)[seat]


class Session:
    """The model settings and backends of one command run (see the module docstring)."""

    def __init__(self, settings: SessionSettings | None = None) -> None:
        self.settings = settings or SessionSettings()
        self.pool = BackendPool()

    # -- seats ---------------------------------------------------------------------------
    def backend(self, spec: AgentSpec, seed: int = 0) -> Backend:
        """The shared backend of a model seat (built on first use)."""
        return self.pool.get(resolve_backend(spec, self.settings, seed))

    def persona(self, spec: AgentSpec, *, language: str, seat: int, seed: int) -> Persona | None:
        """A model seat's persona (``None`` with personas off, unless the seat names one)."""
        if spec.kind not in MODEL_KINDS or not (self.settings.personas or spec.persona):
            return None
        return seat_persona(language, seat, seed, spec.persona)

    def agent(self, spec: AgentSpec, *, seat: int, seed: int, language: str, variant: str) -> Agent:
        """The agent for one seat: a scriptless player, or a model player on the session's backends.

        Checks up front that the prompts exist for ``variant`` × ``language`` (a clear
        error naming the missing file, before the game starts).
        """
        if spec.kind not in MODEL_KINDS:
            return scriptless_agent(spec, seat=seat, seed=seed)
        from .agents.llm_agent import LLMAgent, LLMAgentSettings
        from .prompting.packs import require_pack, search_roots

        settings = self.settings
        require_pack(search_roots(settings.packs), language, variant)
        try:
            backend = self.backend(spec, derive_seed(seed, "backend"))
        except BackendConfigError as exc:
            raise SeatSpecError(f"seat {seat + 1}: {exc}") from None
        agent_settings = LLMAgentSettings(
            switch_language=settings.switch_language,
            log_prompts=settings.log_prompts,
            seed=seat_seed(seed, seat),
            packs=tuple(settings.packs),
            deadline=settings.deadline,
        )
        persona = self.persona(spec, language=language, seat=seat, seed=seed)
        return LLMAgent(backend, persona=persona, settings=agent_settings)

    def agents(self, specs: Sequence[AgentSpec], *, seed: int, language: str, variant: str) -> list[Agent]:
        return [self.agent(spec, seat=i, seed=seed, language=language, variant=variant) for i, spec in enumerate(specs)]

    # -- the narrator ----------------------------------------------------------------------
    def default_model_spec(self) -> AgentSpec:
        """The model backend the session's flags chose (what a bare ``llm`` narrator uses without model seats)."""
        settings = self.settings
        kind = settings.backend if settings.backend in MODEL_KINDS else "local"
        return AgentSpec(kind=kind, model=settings.model if kind == settings.backend else None)

    # -- the loop ----------------------------------------------------------------------------
    async def preflight(self, agents: Sequence[object] = (), narrator: object = None) -> None:
        """Check every endpoint the seated agents and the narrator use, once each, in this loop.

        Raises :class:`PreflightError` with one clear line (``narrator: ...`` for the narrator's).
        """
        from .agents.llm_agent import LLMAgent

        seats = [agent.backend for agent in agents if isinstance(agent, LLMAgent)]
        await self._check(seats, "")
        voice = getattr(narrator, "backend", None)
        if voice is not None and all(voice is not b for b in seats):
            await self._check([voice], "narrator: ")

    async def _check(self, backends: Sequence[Backend], who: str) -> None:
        if not backends:
            return
        seconds = self.settings.deadline
        try:
            async with asyncio.timeout(seconds):
                await preflight_all(backends)
        except TimeoutError:
            names = ", ".join(sorted({f"{b.name} model {b.model!r}" for b in backends}))
            raise PreflightError(f"{who}{names}: the endpoint did not answer within {seconds:g} s") from None
        except PreflightError as exc:
            raise PreflightError(f"{who}{exc}") from None
        except LLMError as exc:
            raise PreflightError(f"{who}model setup: {exc}") from None

    async def aclose(self) -> None:
        """Close every backend (HTTP clients, loaded models) in the loop that used them."""
        await self.pool.aclose()

    def run(self, main: Callable[[], Awaitable[T]]) -> T:
        """Run ``main()`` in one new event loop, then close the backends in that same loop."""

        async def body() -> T:
            try:
                return await main()
            finally:
                await self.aclose()

        return asyncio.run(body())
