"""Building a narrator from a command-line spec: ``off``, ``template``, ``llm`` or ``llm:BACKEND[:MODEL]``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..llm.errors import BackendConfigError
from ..narration.llm import LLMNarrator, LLMNarratorSettings
from ..narration.template import TemplateNarrator
from ..session import Session
from ..table.seating import MODEL_KINDS, AgentSpec, SeatSpecError

MODES = ("template", "llm", "off")


class NarratorSpecError(ValueError):
    """A narrator spec cannot be understood."""


def narrator_backend_spec(
    mode: str, seat_specs: Sequence[AgentSpec] = (), default: AgentSpec | None = None
) -> AgentSpec:
    """The backend an ``llm`` narrator uses.

    ``llm:openai:gpt-4o-mini`` names it; a bare ``llm`` takes the first model
    seat's backend (so a table of local seats shares one model in memory), else
    ``default`` (the session's ``--backend``/``--model``), else the embedded local model.
    """
    _, _, rest = mode.partition(":")
    if rest:
        try:
            spec = AgentSpec.parse(rest)
        except SeatSpecError:
            spec = AgentSpec(kind="?")
        if spec.kind not in MODEL_KINDS:
            kinds = ", ".join(MODEL_KINDS)
            raise NarratorSpecError(f"bad --narrator {mode!r}: write llm:KIND[:MODEL] with KIND one of {kinds}")
        return spec
    for spec in seat_specs:
        if spec.kind in MODEL_KINDS:
            return replace(spec, persona=None)  # the seat's backend settings (profile, key), not its persona
    return default or AgentSpec(kind="local")


def narrator_label(mode: str, seat_specs: Sequence[AgentSpec] = (), default: AgentSpec | None = None) -> str:
    """What a transcript header records: ``template``, ``off`` or ``llm:KIND[:MODEL]`` (the backend resolved;
    ``default`` is the session's backend, see :meth:`llm_werewolf.session.Session.default_model_spec`)."""
    kind = mode.split(":", 1)[0].strip().lower()
    if kind != "llm":
        return kind
    return f"llm:{narrator_backend_spec(mode, seat_specs, default).label}"


def build_narrator(
    mode: str,
    variant: str,
    language: str,
    names: Sequence[str],
    *,
    seat_specs: Sequence[AgentSpec] = (),
    seed: int = 0,
    settings: LLMNarratorSettings | None = None,
    session: Session | None = None,
) -> TemplateNarrator | LLMNarrator | None:
    """The narrator for ``--narrator MODE`` (``None`` for ``off``); an ``llm`` narrator takes its backend
    from ``session`` (shared with the seats that name the same endpoint)."""
    kind = mode.split(":", 1)[0].strip().lower()
    if kind == "off":
        return None
    if kind == "template":
        return TemplateNarrator(variant, language, names, seed=seed)
    if kind != "llm":
        raise NarratorSpecError(f"unknown narrator {mode!r} (use template, llm, llm:KIND[:MODEL] or off)")
    if session is None:
        raise NarratorSpecError("an llm narrator needs the session that owns its backend")
    spec = narrator_backend_spec(mode, seat_specs, session.default_model_spec())
    try:
        backend = session.backend(spec, seed)
    except BackendConfigError as exc:
        raise NarratorSpecError(f"narrator: {exc}") from None
    if settings is None:
        defaults = session.settings
        settings = LLMNarratorSettings(
            seed=seed,
            log_prompts=defaults.log_prompts,
            packs=tuple(defaults.packs),
            deadline=defaults.narrator_deadline,
        )
    return LLMNarrator(variant, language, names, backend, settings)
