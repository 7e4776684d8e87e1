"""The LLM agent: prompt (from the seat's view) -> backend -> parse -> Reply.

One model call per decision, plus at most one more: the *switch*, when a
public utterance came back empty or in the wrong language/script, and, for
base models, the option pick that follows a speech with several options. A
bad answer never raises: the agent returns its best parse and the table
re-asks with the error shown (the agent adds its own parse error, which is
more precise than "not a legal option"), then falls back to the heuristic
agent. Transport faults that survived the backend's retries raise
:class:`~llm_werewolf.llm.errors.TransportError`, which the table records.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..llm.base import Backend, Completion, CompletionRequest
from ..llm.errors import BackendConfigError, TransportError
from ..llm.factory import BackendConfig, BackendPool
from ..llm.profiles import get_profile
from ..prompting.answers import Parsed, parse_answer
from ..prompting.packs import pack_hash
from ..prompting.personas import Persona
from ..prompting.render import Prompt, SeatPrompter
from ..prompting.script import in_language
from ..rules import Choice, Decision, SeatView
from ..seeds import derive_seed, seat_seed
from ..table.events import ModelCall
from .base import DecisionRequest, Reply

RAW_OUTPUT_CHARS = 4000


@dataclass(frozen=True, slots=True)
class LLMAgentSettings:
    switch_language: bool = True
    """Re-ask once when a public utterance is empty or not in the game's language/script."""
    language_threshold: float = 0.6
    max_speech_chars: int = 1000
    """Hard cap on a speech sent to the rules (the profile asks for less)."""
    log_prompts: bool = False
    """Keep the full prompt in each ModelCall record (otherwise only its hash)."""
    seed: int = 0
    packs: tuple[str | Path, ...] = field(default_factory=tuple)
    """User prompt packs, searched before the built-in prompts."""


class LLMAgent:
    """A seat played by a language model."""

    kind = "llm"

    def __init__(
        self,
        backend: Backend,
        *,
        persona: Persona | None = None,
        settings: LLMAgentSettings | None = None,
    ) -> None:
        self.backend = backend
        self.persona = persona
        self.settings = settings or LLMAgentSettings()
        self.label = f"llm:{backend.name}:{backend.model}"
        self._prompter: SeatPrompter | None = None
        self._parse_errors: dict[int, str] = {}

    # -- prompt ----------------------------------------------------------------
    def prompter(self, view: SeatView) -> SeatPrompter:
        prompter = self._prompter
        if (
            prompter is None
            or prompter.seat != view.seat
            or prompter.language != view.language
            or prompter.variant != view.variant
        ):
            if view.seat is None:
                raise ValueError("an LLM agent plays a seat, not the spectators' view")
            prompter = SeatPrompter(
                language=view.language,
                variant=view.variant,
                seat=view.seat,
                profile=self.backend.profile,
                persona=self.persona,
                packs=self.settings.packs,
            )
            self._prompter = prompter
            self._parse_errors.clear()
        return prompter

    def prompt_pack_hash(self, language: str, variant: str) -> str:
        from ..prompting.packs import search_roots

        return pack_hash(search_roots(self.settings.packs), language, variant)

    # -- deciding --------------------------------------------------------------
    async def decide(self, request: DecisionRequest) -> Reply:
        view, decision = request.view, request.decision
        prompter = self.prompter(view)
        error = request.error
        own = self._parse_errors.pop(decision.id, None)
        if request.attempt > 0 and own is not None:
            error = own
        prompt = prompter.prompt(view, decision, error=error, attempt=request.attempt)
        calls: list[ModelCall] = []
        try:
            parsed = await self._ask(prompt, decision, request.attempt, calls, purpose="decision")
            if self._needs_switch(decision, parsed, view.language):
                switched = prompter.prompt(view, decision, error=error, attempt=request.attempt, switch_language=True)
                second = await self._ask(switched, decision, request.attempt, calls, purpose="language_switch")
                if second.option is not None and second.text:
                    parsed = second
        except TransportError as exc:
            exc.calls = list(calls)  # the table logs the failed calls too (cost, adherence)
            raise
        if parsed.option is None:
            self._parse_errors[decision.id] = parsed.error or "no legal option named"
            return Reply(Choice(option=""), thought=parsed.thought, meta={"calls": calls})
        if decision.speech:
            choice = Choice(parsed.option, text=parsed.text, claim=parsed.claim)
        else:
            choice = Choice(parsed.option)
        return Reply(choice, thought=parsed.thought, meta={"calls": calls})

    def _needs_switch(self, decision: Decision, parsed: Parsed, language: str) -> bool:
        if not (decision.speech and self.settings.switch_language and parsed.option is not None):
            return False
        return not parsed.text or not in_language(parsed.text, language, self.settings.language_threshold)

    async def _ask(
        self, prompt: Prompt, decision: Decision, attempt: int, calls: list[ModelCall], *, purpose: str
    ) -> Parsed:
        profile = self.backend.profile
        speech_mode = prompt.mode == "text"
        request = CompletionRequest(
            system=prompt.system,
            user=prompt.user,
            cue=prompt.cue,
            mode=prompt.mode,
            schema=prompt.schema,
            labels=prompt.labels,
            max_chars=prompt.max_chars,
            max_tokens=profile.speech_tokens if (speech_mode or prompt.speech) else profile.choice_tokens,
            stop=prompt.stop,
            temperature=profile.temperature,
            seed=self._seed(decision, attempt, purpose),
            language=prompt_language(self._prompter),
            purpose=purpose,
        )
        completion = await self._complete(request, decision, attempt, calls, purpose)
        parsed = parse_answer(prompt, decision, completion.text, max_speech_chars=self.settings.max_speech_chars)
        _annotate(calls, parsed)
        if prompt.pick_cue and parsed.option is not None:
            # A base model spoke; now it names the option, continuing after its own speech.
            spoken = parsed.text
            pick = CompletionRequest(
                system=prompt.system,
                user=prompt.user,
                cue=f"{prompt.cue}{spoken}{prompt.stop[0] if prompt.stop else ''}\n{prompt.pick_cue}",
                mode="pick",
                labels=prompt.labels,
                max_tokens=profile.choice_tokens,
                temperature=profile.temperature,
                seed=self._seed(decision, attempt, purpose + ":pick"),
                language=request.language,
                purpose=purpose + ":pick",
            )
            picked_completion = await self._complete(pick, decision, attempt, calls, purpose + ":pick")
            picked = parse_answer(
                Prompt(prompt.system, prompt.user, pick.cue, "pick", prompt.labels, prompt.claims, speech=False),
                decision,
                picked_completion.text,
                max_speech_chars=self.settings.max_speech_chars,
            )
            _annotate(calls, picked)
            if picked.option is None:
                parsed = Parsed(None, spoken, error=picked.error)
            else:
                parsed = Parsed(picked.option, spoken, None, parsed.thought, parsed.error)
        return parsed

    async def _complete(
        self, request: CompletionRequest, decision: Decision, attempt: int, calls: list[ModelCall], purpose: str
    ) -> Completion:
        backend = self.backend
        try:
            completion = await backend.complete(request)
        except TransportError as exc:
            calls.append(
                self._record(request, decision, attempt, purpose, None, error=str(exc), retries=exc.attempts - 1)
            )
            raise
        calls.append(self._record(request, decision, attempt, purpose, completion))
        return completion

    def _record(
        self,
        request: CompletionRequest,
        decision: Decision,
        attempt: int,
        purpose: str,
        completion: Completion | None,
        *,
        error: str | None = None,
        retries: int = 0,
    ) -> ModelCall:
        text = request.prompt_text()
        fields: dict[str, Any] = {
            "seat": decision.seat,
            "decision_id": decision.id,
            "purpose": purpose,
            "backend": self.backend.name,
            "model": self.backend.model,
            "attempt": attempt,
            "prompt_hash": request.prompt_hash(),
            "prompt": text if self.settings.log_prompts else None,
            "error": error,
            "retries": retries,
        }
        if completion is not None:
            fields.update(
                raw_output=completion.text[:RAW_OUTPUT_CHARS],
                prompt_tokens=completion.prompt_tokens,
                completion_tokens=completion.completion_tokens,
                latency_ms=round(completion.latency_ms, 1),
            )
            fields["retries"] = completion.retries
        return ModelCall(**fields)

    def _seed(self, decision: Decision, attempt: int, purpose: str) -> int:
        key = f"{self.settings.seed}:{decision.seat}:{decision.id}:{attempt}:{purpose}".encode()
        return int.from_bytes(hashlib.blake2b(key, digest_size=4).digest(), "big") & 0x7FFFFFFF


def prompt_language(prompter: SeatPrompter | None) -> str:
    return prompter.language if prompter is not None else "en"


def _annotate(calls: list[ModelCall], parsed: Parsed) -> None:
    """Fill the last call's parsed option and parse error (records are immutable: replace it)."""
    last = calls[-1]
    errors = [e for e in (last.error, parsed.error) if e]
    calls[-1] = replace(last, parsed=parsed.option, error="; ".join(errors) or None)


# -- building agents from seat specs -------------------------------------------------------------


@dataclass
class LLMDefaults:
    """Session-wide settings for model seats (the ``play`` command's LLM flags set these)."""

    backend: str = "local"
    model: str | None = None
    base_url: str | None = None
    profile: str | None = None
    api_key_env: str = "OPENAI_API_KEY"
    api_key: str | None = field(default=None, repr=False)
    """A key given in the table file (``api_key_file`` is the better place for it)."""
    api_key_file: str | None = None
    """A file holding the key, read when a backend is built."""
    timeout: float = 60.0
    retries: int = 4
    log_prompts: bool = False
    packs: tuple[str, ...] = ()
    personas: bool = True
    switch_language: bool = True


DEFAULTS = LLMDefaults()
POOL = BackendPool()

NAMED_MODEL_KINDS = ("openai", "langchain")
"""Backends whose model is a name an endpoint serves (``local`` takes a GGUF path, ``fake`` a seed)."""


def takes_session_model(kind: str, defaults: LLMDefaults) -> bool:
    """Whether a seat of ``kind`` without a model of its own uses the session's ``model``.

    Seats of the session's backend do; so does every ``openai``/``langchain`` seat
    (``--agents openai --model M``, ``agents = "openai"`` with ``[llm] model``): a
    model name means the same to both. A ``local`` or ``fake`` seat of another
    backend does not: its "model" is a file path or a seed.
    """
    return kind == defaults.backend or kind in NAMED_MODEL_KINDS


def takes_session_profile(kind: str, defaults: LLMDefaults) -> bool:
    """Whether a seat of ``kind`` without a profile of its own uses the session's ``profile``.

    Seats of the session's backend and fake seats always do; otherwise the
    profile's style decides: a chat profile (openai, vllm, llamacpp, text...) is
    for the HTTP backends, the transcript profile (``local``) for local seats.
    """
    if defaults.profile is None:
        return False
    if kind == defaults.backend or kind == "fake":
        return True
    style = get_profile(defaults.profile).style
    return kind in NAMED_MODEL_KINDS if style == "chat" else kind == "local"


def backend_config(spec: Any, defaults: LLMDefaults, seed: int = 0) -> BackendConfig:
    """The backend config for a seat spec (``kind``, ``model``, ``base_url`` attributes, and
    optionally ``profile``, ``api_key``, ``api_key_file``, as the table file's seats have).

    A value the seat gives wins; otherwise the session's value applies to every
    model seat it fits (see :func:`takes_session_model`, :func:`takes_session_profile`;
    ``base_url`` goes to every seat but ``local``).
    """
    kind = str(spec.kind)
    model = getattr(spec, "model", None) or (defaults.model if takes_session_model(kind, defaults) else None)
    profile = getattr(spec, "profile", None) or (defaults.profile if takes_session_profile(kind, defaults) else None)
    own_key, own_file = getattr(spec, "api_key", None), getattr(spec, "api_key_file", None)
    if own_key or own_file:
        api_key, api_key_file = own_key, own_file
    else:
        api_key, api_key_file = defaults.api_key, defaults.api_key_file
    return BackendConfig(
        kind=kind,
        model=model,
        base_url=getattr(spec, "base_url", None) or (defaults.base_url if kind != "local" else None),
        api_key=api_key,
        api_key_env=defaults.api_key_env,
        api_key_file=api_key_file,
        profile=profile,
        timeout=defaults.timeout,
        retries=defaults.retries,
        seed=seed if kind in ("local", "fake") else 0,
    )


def seat_persona(language: str, seat: int, seed: int, persona_id: str | None = None) -> Persona | None:
    """The seat's persona: the one named, else a seeded pick (``None`` when the language has none)."""
    from ..prompting.personas import get_persona, personas_for, pick_personas
    from ..texts import TextDataError

    if persona_id:
        return get_persona(language, persona_id)
    try:
        personas_for(language)
    except TextDataError:
        return None
    return pick_personas(language, seat + 1, seed)[seat]


def build_llm_agent(
    spec: Any,
    *,
    seat: int,
    seed: int,
    language: str,
    variant: str,
    defaults: LLMDefaults | None = None,
    pool: BackendPool | None = None,
) -> LLMAgent:
    """An LLM agent for one seat (called by :func:`llm_werewolf.table.seating.build_agent`).

    Checks up front that the prompts exist for ``variant`` × ``language`` (a clear
    error naming the missing file, before the game starts).
    """
    from ..prompting.packs import require_pack, search_roots
    from ..table.seating import SeatSpecError

    defaults = defaults or DEFAULTS
    pool = pool or POOL
    require_pack(search_roots(defaults.packs), language, variant)
    try:
        backend = pool.get(backend_config(spec, defaults, derive_seed(seed, "backend")))
    except BackendConfigError as exc:
        raise SeatSpecError(f"seat {seat + 1}: {exc}") from None
    persona = (
        seat_persona(language, seat, seed, getattr(spec, "persona", None))
        if defaults.personas or getattr(spec, "persona", None)
        else None
    )
    settings = LLMAgentSettings(
        switch_language=defaults.switch_language,
        log_prompts=defaults.log_prompts,
        seed=seat_seed(seed, seat),
        packs=tuple(defaults.packs),
    )
    return LLMAgent(backend, persona=persona, settings=settings)
