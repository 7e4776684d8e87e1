"""Language-model backends behind one small protocol (see :mod:`.base`)."""

from .base import Backend, Completion, CompletionRequest, prompt_hash
from .errors import (
    BackendConfigError,
    LLMError,
    PermanentError,
    PreflightError,
    TransientError,
    TransportError,
)
from .factory import BACKEND_KINDS, BackendConfig, BackendPool, make_backend
from .fake import FakeBackend
from .preflight import preflight_all
from .profiles import PROFILES, Profile, get_profile
from .retry import RetrySettings

__all__ = [
    "BACKEND_KINDS",
    "PROFILES",
    "Backend",
    "BackendConfig",
    "BackendConfigError",
    "BackendPool",
    "Completion",
    "CompletionRequest",
    "FakeBackend",
    "LLMError",
    "PermanentError",
    "PreflightError",
    "Profile",
    "RetrySettings",
    "TransientError",
    "TransportError",
    "get_profile",
    "make_backend",
    "preflight_all",
    "prompt_hash",
]
