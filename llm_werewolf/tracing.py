"""OpenTelemetry traces of model calls, following the GenAI semantic conventions. Off by default.

Every model call a player or the narrator makes becomes one span, ``{operation} {model}``
(kind ``CLIENT``), whose start and end are the call's own (the span lasts the call's
latency) and whose attributes follow the OpenTelemetry GenAI semantic conventions:

========================================  ==========================================================
``gen_ai.operation.name``                 ``chat`` (endpoint backends) or ``text_completion`` (the
                                          in-process base model, which continues a transcript)
``gen_ai.provider.name``, ``gen_ai.system``  ``openai``, ``langchain``, ``llama_cpp``, ``fake``
``gen_ai.request.model``                  the model
``gen_ai.request.max_tokens``,            what was asked (the seed only in the god view)
``gen_ai.request.temperature``
``gen_ai.usage.input_tokens``,            the tokens used
``gen_ai.usage.output_tokens``
``error.type``                            ``transport`` when the call failed (status ``ERROR``)
``llm_werewolf.*``                        ``decision.kind`` (generic: ``decision`` for a player,
                                          ``narration`` for the narrator), ``purpose``,
                                          ``attempt``, ``retries``, ``latency_ms``, ``backend``,
                                          ``language``, ``prompt_hash``
========================================  ==========================================================

Spans carry no game secrets by default: a live span that named the seat and the decision
(``wolf_kill`` from seat 2) would tell the deal to whoever reads the traces while the game
runs. So by default a span does not name the seat, the decision's id or kind, or the
request's seed (a seat's own seed would name the seat). The god view (``god_view=True``,
``llm-werewolf --otel-god-view``, or ``LLM_WEREWOLF_OTEL_GOD_VIEW=1``) adds ``seat``,
``decision.id``, the true ``decision.kind`` (``wolf_kill``, ``exile_vote``...) and
``gen_ai.request.seed``, for debugging games nobody is playing live.

Tracing is on when :func:`setup` is called with ``enabled=True`` (``llm-werewolf --otel``)
or when the standard environment asks for it: ``OTEL_TRACES_EXPORTER`` set to anything but
``none``, or ``OTEL_EXPORTER_OTLP_ENDPOINT`` / ``OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`` set.
``OTEL_SDK_DISABLED=true`` turns it off. An application that installed its own tracer
provider keeps it; otherwise an SDK provider is built from ``OTEL_TRACES_EXPORTER``
(``otlp``, the default, over HTTP/protobuf to ``OTEL_EXPORTER_OTLP_ENDPOINT``; ``console``,
to stderr), with ``OTEL_SERVICE_NAME`` defaulting to ``llm-werewolf``.
Needs the ``otel`` extra (``opentelemetry-api``, ``-sdk``, ``-exporter-otlp-proto-http``).

The one hook is :func:`record_model_call`, called where a call's ``ModelCall`` record is made.
While tracing is off it returns at once and imports nothing.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .llm.base import CompletionRequest
    from .rules import Decision
    from .table_notes import ModelCall

TRACER_NAME = "llm_werewolf"
DEFAULT_SERVICE = "llm-werewolf"

PROVIDERS = {"local": "llama_cpp", "openai": "openai", "langchain": "langchain", "fake": "fake"}
TEXT_COMPLETION_BACKENDS = frozenset({"local"})

_tracer: Any = None
_god_view = False
"""Whether spans name seats, decisions and seeds (see the module docstring)."""
GOD_VIEW_ENV = "LLM_WEREWOLF_OTEL_GOD_VIEW"
PLAYER_DECISION = "decision"
_provider: Any = None
"""The SDK provider this module built (``None`` when the application brought its own)."""

_TRUE = ("1", "true", "yes", "on")


def env_wants_tracing(environ: Mapping[str, str] | None = None) -> bool:
    """Whether the standard ``OTEL_*`` environment asks for traces."""
    env = os.environ if environ is None else environ
    if env.get("OTEL_SDK_DISABLED", "").strip().lower() in _TRUE:
        return False
    exporter = env.get("OTEL_TRACES_EXPORTER", "").strip().lower()
    if exporter:
        return exporter != "none"
    return bool(env.get("OTEL_EXPORTER_OTLP_ENDPOINT") or env.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"))


def enabled() -> bool:
    return _tracer is not None


def setup(enabled: bool | None = None, *, provider: Any = None, god_view: bool | None = None) -> bool:
    """Turn tracing on or off; ``enabled=None`` follows the environment. Returns whether it is on.

    ``provider``: a tracer provider to use (tests pass one with an in-memory exporter);
    by default the globally installed one, or, where none is, an SDK provider built from
    the environment and installed globally. ``god_view``: spans name seats, decisions and
    seeds (``None`` follows ``LLM_WEREWOLF_OTEL_GOD_VIEW``; off by default).
    """
    global _tracer, _provider, _god_view
    if god_view is None:
        god_view = os.environ.get(GOD_VIEW_ENV, "").strip().lower() in _TRUE
    _god_view = god_view
    if os.environ.get("OTEL_SDK_DISABLED", "").strip().lower() in _TRUE:
        enabled = False
    elif enabled is None:
        enabled = env_wants_tracing()
    if not enabled:
        _tracer = None
        return False
    try:
        from opentelemetry import trace
    except ModuleNotFoundError:
        from .install import missing_module_message

        raise RuntimeError(missing_module_message("opentelemetry", "tracing needs OpenTelemetry")) from None
    from .install import version

    if provider is None:
        provider = trace.get_tracer_provider()
        if isinstance(provider, trace.ProxyTracerProvider | trace.NoOpTracerProvider):
            provider = _provider or _sdk_provider()
            _provider = provider
            trace.set_tracer_provider(provider)
    _tracer = provider.get_tracer(TRACER_NAME, version())
    return True


def _sdk_provider() -> Any:
    """An SDK tracer provider with the exporters ``OTEL_TRACES_EXPORTER`` names (default ``otlp``)."""
    from opentelemetry.sdk.resources import OTELResourceDetector, Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor, ConsoleSpanExporter, SimpleSpanProcessor

    resource = Resource.create({"service.name": os.environ.get("OTEL_SERVICE_NAME") or DEFAULT_SERVICE}).merge(
        OTELResourceDetector().detect()
    )
    provider = TracerProvider(resource=resource)
    names = [n.strip().lower() for n in os.environ.get("OTEL_TRACES_EXPORTER", "otlp").split(",") if n.strip()]
    for name in names:
        if name == "none":
            continue
        if name == "console":
            provider.add_span_processor(SimpleSpanProcessor(ConsoleSpanExporter(out=sys.stderr)))
        elif name == "otlp":
            try:
                from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
            except ModuleNotFoundError:
                from .install import install_command

                raise RuntimeError(
                    f"the OTLP exporter is not installed: {install_command('otel')} "
                    "(or set OTEL_TRACES_EXPORTER=console)"
                ) from None
            provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
        else:
            raise RuntimeError(f"OTEL_TRACES_EXPORTER={name!r} is not supported here: use otlp, console or none")
    return provider


def shutdown() -> None:
    """Flush and stop the provider this module built (spans still buffered are exported)."""
    global _tracer, _provider
    if _provider is not None:
        _provider.shutdown()
    _tracer = None
    _provider = None


def model_call_attributes(
    call: ModelCall, request: CompletionRequest | None, decision: Decision | None, *, god_view: bool | None = None
) -> dict[str, Any]:
    """The span attributes of one model call (GenAI semantic conventions plus ``llm_werewolf.*``).

    ``god_view``: name the seat, the decision and the seed (``None``: as :func:`setup` set it).
    """
    provider = PROVIDERS.get(call.backend, call.backend)
    attributes: dict[str, Any] = {
        "gen_ai.operation.name": "text_completion" if call.backend in TEXT_COMPLETION_BACKENDS else "chat",
        "gen_ai.provider.name": provider,
        "gen_ai.system": provider,
        "gen_ai.request.model": call.model,
        "gen_ai.usage.input_tokens": call.prompt_tokens,
        "gen_ai.usage.output_tokens": call.completion_tokens,
        "llm_werewolf.backend": call.backend,
        "llm_werewolf.purpose": call.purpose,
        "llm_werewolf.attempt": call.attempt,
        "llm_werewolf.retries": call.retries,
        "llm_werewolf.latency_ms": call.latency_ms,
        "llm_werewolf.prompt_hash": call.prompt_hash,
        "llm_werewolf.decision.kind": PLAYER_DECISION if call.seat is not None else call.purpose,
    }
    if request is not None:
        attributes["gen_ai.request.max_tokens"] = request.max_tokens
        attributes["gen_ai.request.temperature"] = request.temperature
        attributes["llm_werewolf.language"] = request.language
    if god_view if god_view is not None else _god_view:
        attributes["llm_werewolf.decision.kind"] = decision.kind if decision is not None else call.purpose
        if call.seat is not None:
            attributes["llm_werewolf.seat"] = call.seat
        if call.decision_id is not None:
            attributes["llm_werewolf.decision.id"] = call.decision_id
        if request is not None and request.seed is not None:
            attributes["gen_ai.request.seed"] = request.seed
    if _failed(call):
        attributes["error.type"] = "transport"
    return attributes


def _failed(call: ModelCall) -> bool:
    return call.error is not None and not call.raw_output and call.completion_tokens == 0


def record_model_call(
    call: ModelCall, request: CompletionRequest | None = None, decision: Decision | None = None
) -> None:
    """Emit the span of one finished model call (a no-op while tracing is off)."""
    tracer = _tracer
    if tracer is None:
        return
    from opentelemetry.trace import SpanKind, Status, StatusCode

    attributes = model_call_attributes(call, request, decision)
    end = time.time_ns()
    start = end - max(0, int(call.latency_ms * 1_000_000))
    span = tracer.start_span(
        f"{attributes['gen_ai.operation.name']} {call.model}",
        kind=SpanKind.CLIENT,
        attributes=attributes,
        start_time=start,
    )
    if _failed(call):
        span.set_status(Status(StatusCode.ERROR, (call.error or "")[:200]))
    span.end(end_time=end)
