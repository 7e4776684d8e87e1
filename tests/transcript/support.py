"""Shared helpers for the transcript tests: play games through the async table into files."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path

from llm_werewolf.agents.base import Agent, DecisionRequest, Reply
from llm_werewolf.agents.heuristic import HeuristicAgent, decision_rng
from llm_werewolf.narration import TemplateNarrator
from llm_werewolf.rules import Choice, Game, GameConfig, all_rulesets, get_ruleset
from llm_werewolf.seeds import derive_seed, seat_seed
from llm_werewolf.table import ModelCall, Table
from llm_werewolf.texts import default_names
from llm_werewolf.transcript import SeatInfo, TranscriptWriter, header_for

RULESETS = sorted({r.id for r in all_rulesets()} | {"toy"})


def players_for(variant: str, wanted: int = 8) -> int:
    ruleset = get_ruleset(variant)
    return min(max(wanted, ruleset.min_players), ruleset.max_players)


class NoisyAgent:
    """A heuristic player that also leaves table records: a model call and a private thought per
    decision, and now and then an illegal first answer (a ``Rejected`` record, then a re-ask).
    Deterministic per decision, like every agent, so a resumed game repeats it exactly."""

    kind = "noisy"

    def __init__(self, seed: int, marker: str = "") -> None:
        self.seed = seed
        self.inner = HeuristicAgent(seed)
        self.marker = marker

    async def decide(self, request: DecisionRequest) -> Reply:
        decision = request.decision
        rng = decision_rng(self.seed + 7, decision)
        choice = self.inner.choose(request.view, decision)
        if request.attempt == 0 and rng.random() < 0.2:
            choice = Choice("not-an-option")
        call = ModelCall(
            seat=decision.seat,
            decision_id=decision.id,
            purpose="decision",
            backend="fake",
            model="noisy-1",
            attempt=request.attempt,
            raw_output=f'{{"option": "{choice.option}"}} <script>alert(1)</script>',
            parsed=choice.option,
            prompt_tokens=10 + decision.id,
            completion_tokens=3,
        )
        thought = f"{self.marker} seat {decision.seat} thinks about {decision.kind} #{decision.id}"
        return Reply(choice, thought=thought, calls=(call,))


def seat_marker(marker: str, seat: int) -> str:
    """A string unique to one seat (no seat's marker is a prefix of another's)."""
    return f"{marker}{seat:02d}X"


def agents_for(kind: str, seed: int, players: int, marker: str = "") -> list[Agent]:
    if kind == "noisy":
        return [NoisyAgent(seat_seed(seed, i), seat_marker(marker, i) if marker else "") for i in range(players)]
    return [HeuristicAgent(seed=seat_seed(seed, i)) for i in range(players)]


def play_to_file(
    path: Path,
    variant: str,
    seed: int,
    *,
    agents: str = "heuristic",
    players: int | None = None,
    names: Sequence[str] | None = None,
    personas: Sequence[str | None] | None = None,
    marker: str = "",
    narrator: bool = False,
) -> Game:
    """Play one game through the async table, writing its transcript to ``path``."""
    ruleset = get_ruleset(variant)
    count = players or players_for(variant)
    seat_list = tuple(names) if names is not None else default_names(ruleset.source_language, count)
    config = GameConfig(variant=variant, names=seat_list, seed=seed)
    game = Game(config)
    seats = [
        SeatInfo(name=name, agent=agents, persona_name=(personas[i] if personas else None))
        for i, name in enumerate(seat_list)
    ]
    header = header_for(config, game.state.language, seats, narrator="template" if narrator else "off")
    seated = agents_for(agents, seed, count, marker)
    narrator_seed = derive_seed(seed, "narrator")  # as `play` seeds it
    voice = TemplateNarrator(variant, game.state.language, seat_list, seed=narrator_seed) if narrator else None
    with TranscriptWriter(path, header) as writer:
        asyncio.run(Table(game, seated, sinks=[writer], narrator=voice).play())
    return game
