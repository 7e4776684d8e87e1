"""Who sits where: turning seat specs (``heuristic``, ``random``, ``local``, ``openai:MODEL``...) into agents."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..agents.base import Agent
from ..agents.heuristic import HeuristicAgent
from ..agents.random_agent import RandomAgent
from ..seeds import seat_seed

SCRIPTLESS_KINDS = ("random", "heuristic")
MODEL_KINDS = ("local", "openai", "langchain", "fake")
NAMED_MODEL_KINDS = ("openai", "langchain")
"""Model seats whose model is a name an endpoint serves, called with the user's key (``local`` takes a
GGUF path, ``fake`` a seed)."""
HUMAN_KINDS = ("human",)
"""Seats a person plays; the front end seats them (``play --human N``, ``serve``), not :func:`scriptless_agent`."""


class SeatSpecError(ValueError):
    """A seat spec cannot be understood."""


@dataclass(frozen=True, slots=True)
class AgentSpec:
    """The one seat specification: what plays a seat, from a flag, the table file, a tournament
    config, the browser table or a transcript header.

    ``kind`` is one of random, heuristic, human, local, openai, langchain, fake. The other fields
    are a model seat's own settings; what a seat leaves out comes from the session
    (:func:`llm_werewolf.session.resolve_backend`).
    """

    kind: str
    model: str | None = None
    base_url: str | None = None
    persona: str | None = None
    profile: str | None = None
    api_key: str | None = field(default=None, repr=False)
    api_key_file: str | None = None

    @staticmethod
    def parse(text: str, *, persona: str | None = None, base_url: str | None = None) -> AgentSpec:
        """``heuristic``, ``random``, ``local``, ``local:/path.gguf``, ``openai:MODEL``, ``fake``...; with the
        seat's own ``persona`` and endpoint (a tournament entry, a browser table's seat, a transcript header)."""
        kind, _, model = text.strip().partition(":")
        kind = kind.lower()
        known = SCRIPTLESS_KINDS + MODEL_KINDS + HUMAN_KINDS
        if kind not in known:
            raise SeatSpecError(f"unknown player kind {kind!r} in {text!r} (use one of: {', '.join(known)})")
        return AgentSpec(kind=kind, model=model or None, base_url=base_url, persona=persona)

    @property
    def label(self) -> str:
        return f"{self.kind}:{self.model}" if self.model else self.kind


def parse_seat_overrides(items: list[str], players: int) -> dict[int, AgentSpec]:
    """``3=openai:gpt-4o-mini`` (seat numbers start at 1) -> {2: AgentSpec(...)}."""
    out: dict[int, AgentSpec] = {}
    for item in items:
        number, sep, spec = item.partition("=")
        if not sep or not number.strip().isdigit():
            raise SeatSpecError(f"bad --seat {item!r}: write SEAT=KIND[:MODEL], e.g. 3=openai:gpt-4o-mini")
        seat = int(number) - 1
        if not 0 <= seat < players:
            raise SeatSpecError(f"bad --seat {item!r}: seats are numbered 1 to {players}")
        out[seat] = AgentSpec.parse(spec)
    return out


def scriptless_agent(spec: AgentSpec, *, seat: int, seed: int) -> Agent:
    """The agent of a seat no model plays (``random``, ``heuristic``); a model seat is seated by the
    session that owns its backend (:meth:`llm_werewolf.session.Session.agent`)."""
    if spec.kind == "random":
        return RandomAgent(seed=seat_seed(seed, seat))
    if spec.kind == "heuristic":
        return HeuristicAgent(seed=seat_seed(seed, seat))
    if spec.kind in HUMAN_KINDS:
        raise SeatSpecError("a human seat is seated by its front end: `play --human N` or `serve`")
    raise SeatSpecError(f"seat {seat + 1}: a model seat ({spec.label}) needs the session that owns its backend")
