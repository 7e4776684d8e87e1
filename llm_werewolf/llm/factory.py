"""Backends from specs: ``local``, ``local:/path/model.gguf``, ``openai:MODEL``, ``langchain:MODEL``,
``langchain:package.module:factory``, ``fake``, ``fake:SEED``.

Seats with the same spec share one backend instance (one model in memory, one
HTTP connection pool) through a :class:`BackendPool`.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field, replace
from typing import Any

from .base import Backend
from .errors import BackendConfigError
from .profiles import get_profile
from .retry import RetrySettings

BACKEND_KINDS = ("local", "openai", "langchain", "fake")


@dataclass(frozen=True, slots=True)
class BackendConfig:
    """Everything needed to build one backend (hashable: it keys the pool)."""

    kind: str
    model: str | None = None
    base_url: str | None = None
    api_key: str | None = field(default=None, repr=False)
    api_key_env: str = "OPENAI_API_KEY"
    api_key_file: str | None = None
    """A file holding the key (read when the backend is built; the key is never logged)."""
    profile: str | None = None
    timeout: float = 60.0
    retries: int = 4
    n_ctx: int = 4096
    seed: int = 0
    kv_cache_mb: int = 0
    threads: int = 0
    """Local backend: llama.cpp threads (0: the free cores, at most 8)."""
    """Local backend: memory for saved KV states, reused by prompts sharing a prefix (0: off)."""
    profile_overrides: tuple[tuple[str, Any], ...] = ()
    """Profile settings changed for this backend (``[llm.profile]`` in the table file), e.g. shorter answers."""

    @staticmethod
    def parse(spec: str, **defaults: Any) -> BackendConfig:
        """``openai:gpt-4o-mini`` -> BackendConfig(kind="openai", model="gpt-4o-mini", **defaults)."""
        kind, _, model = spec.strip().partition(":")
        kind = kind.lower()
        if kind not in BACKEND_KINDS:
            raise BackendConfigError(f"unknown backend {kind!r} in {spec!r} (use one of: {', '.join(BACKEND_KINDS)})")
        config = BackendConfig(kind=kind, **defaults)
        return replace(config, model=model or config.model)


def make_backend(config: BackendConfig) -> Backend:
    """A new backend for ``config`` (see :class:`BackendPool` to share them)."""
    profile = get_profile(config.profile) if config.profile else None
    if config.profile_overrides:
        base = profile or get_profile({"local": "local", "fake": "fake"}.get(config.kind, "openai"))
        profile = base.with_overrides(**dict(config.profile_overrides))
    retry = RetrySettings(attempts=max(1, config.retries))
    if config.kind == "local":
        from .local import LocalBackend

        return LocalBackend(
            config.model or None,
            profile=profile,
            n_ctx=config.n_ctx,
            seed=config.seed,
            kv_cache_bytes=config.kv_cache_mb << 20,
            n_threads=config.threads or None,
        )
    if config.kind == "openai":
        from .openai_backend import OpenAIBackend

        if not config.model:
            raise BackendConfigError("the openai backend needs a model: openai:MODEL or --model MODEL")
        return OpenAIBackend(
            config.model,
            base_url=config.base_url,
            api_key=config.api_key,
            api_key_env=config.api_key_env,
            api_key_file=config.api_key_file,
            profile=profile,
            timeout=config.timeout,
            retry=retry,
        )
    if config.kind == "langchain":
        from .langchain_backend import LangChainBackend

        chat_model = langchain_model(config)
        return LangChainBackend(chat_model, model=config.model, profile=profile, retry=retry, base_url=config.base_url)
    if config.kind == "fake":
        from .fake import FakeBackend

        seed = int(config.model) if config.model and config.model.isdigit() else config.seed
        return FakeBackend(profile=profile, seed=seed)
    raise BackendConfigError(f"unknown backend {config.kind!r}")


def langchain_model(config: BackendConfig) -> Any:
    """``langchain:MODEL`` is a ``ChatOpenAI``; ``langchain:package.module:factory`` calls that factory."""
    target = config.model or ""
    module_name, sep, attribute = target.rpartition(":")
    if sep and "." in module_name:
        from ..code_refs import is_trusted

        if not is_trusted(target):
            raise BackendConfigError(
                f"refused to load {target!r}: a langchain:module:factory seat runs code, so it must be "
                "named on the command line or in a --config file you pass (never taken from a transcript "
                "or a web request)"
            )
        try:
            factory = getattr(importlib.import_module(module_name), attribute)
        except (ImportError, AttributeError) as exc:
            raise BackendConfigError(f"cannot load the LangChain model factory {target!r}: {exc}") from None
        return factory()
    if not target:
        raise BackendConfigError("the langchain backend needs a model: langchain:MODEL or langchain:module:factory")
    try:
        from langchain_openai import ChatOpenAI
    except ModuleNotFoundError:
        raise BackendConfigError("langchain:MODEL needs langchain-openai: pip install langchain-openai") from None
    from .openai_backend import resolve_api_key

    return ChatOpenAI(
        model=target,
        base_url=config.base_url,
        api_key=resolve_api_key(config.api_key, config.base_url, config.api_key_env, config.api_key_file),
        max_retries=0,
        timeout=config.timeout,
    )


class BackendPool:
    """One backend per distinct config, shared by the seats that use it."""

    def __init__(self) -> None:
        self._backends: dict[BackendConfig, Backend] = {}

    def get(self, config: BackendConfig) -> Backend:
        backend = self._backends.get(config)
        if backend is None:
            backend = self._backends[config] = make_backend(config)
        return backend

    def backends(self) -> list[Backend]:
        return list(self._backends.values())

    async def aclose(self) -> None:
        backends, self._backends = list(self._backends.values()), {}
        for backend in backends:
            await backend.aclose()
