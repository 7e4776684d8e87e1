"""The async table: re-asking refused answers, recorded fallbacks, private thoughts."""

from __future__ import annotations

import asyncio

from llm_werewolf.agents.base import DecisionRequest, Reply
from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.rules import Choice, Game, GameConfig
from llm_werewolf.rules.events import ChoiceMade, GameEnded
from llm_werewolf.table import Fallback, Rejected, Table, TableSettings, Thought

NAMES = ("A", "B", "C", "D", "E", "F")


class Illegal:
    """Always answers an option that does not exist."""

    kind = "illegal"

    def __init__(self) -> None:
        self.errors: list[str | None] = []

    async def decide(self, request: DecisionRequest) -> Reply:
        self.errors.append(request.error)
        return Reply(Choice("seat:999"))


class Crashing:
    kind = "crashing"

    async def decide(self, request: DecisionRequest) -> Reply:
        raise RuntimeError("backend exploded")


class Slow:
    kind = "slow"

    async def decide(self, request: DecisionRequest) -> Reply:
        await asyncio.sleep(5)
        raise AssertionError("should have timed out")


class Thinker(HeuristicAgent):
    kind = "thinker"

    async def decide(self, request: DecisionRequest) -> Reply:
        reply = await super().decide(request)
        return Reply(reply.choice, thought=f"secret plan of seat {request.decision.seat}")


def _game() -> Game:
    """Seat 0 is the seer, so it answers the very first decision of the game."""
    roles = ("seer", "wolf", "villager", "villager", "wolf", "villager")
    return Game(GameConfig(variant="toy", names=NAMES, roles=roles, seed=4))


def test_refused_answers_are_re_asked_with_the_error_then_fall_back() -> None:
    game = _game()
    bad = Illegal()
    agents = [bad] + [HeuristicAgent(seed=i) for i in range(1, 6)]
    outcome = asyncio.run(Table(game, agents, settings=TableSettings(max_attempts=3)).play())
    assert outcome is not None and game.over
    rejected = [r.event for r in game.records if isinstance(r.event, Rejected) and r.event.seat == 0]
    fallbacks = [r.event for r in game.records if isinstance(r.event, Fallback) and r.event.seat == 0]
    asked = [r.event for r in game.records if isinstance(r.event, ChoiceMade) and r.event.seat == 0]
    assert fallbacks and len(fallbacks) == len(asked)
    assert len(rejected) == 3 * len(fallbacks)
    assert bad.errors[0] is None and bad.errors[1] is not None and "seat:999" in bad.errors[1]
    assert all(r.vis.scope == "god" for r in game.records if isinstance(r.event, (Rejected, Fallback)))


def test_a_crashing_agent_never_ends_the_game() -> None:
    game = _game()
    agents = [Crashing()] + [HeuristicAgent(seed=i) for i in range(1, 6)]
    asyncio.run(Table(game, agents).play())
    assert isinstance(game.records[-2].event, GameEnded)
    reasons = {r.event.reason for r in game.records if isinstance(r.event, Fallback)}
    assert any("backend exploded" in reason for reason in reasons)


def test_a_slow_agent_times_out_into_a_fallback() -> None:
    game = _game()
    agents = [Slow()] + [HeuristicAgent(seed=i) for i in range(1, 6)]
    settings = TableSettings(decision_timeout=0.01, max_attempts=1)
    asyncio.run(Table(game, agents, settings=settings).play())
    assert game.over
    assert any(isinstance(r.event, Fallback) and r.event.seat == 0 for r in game.records)


def test_thoughts_reach_only_their_own_seat() -> None:
    game = _game()
    agents = [Thinker(seed=i) for i in range(6)]
    asyncio.run(Table(game, agents).play())
    thoughts = [(r, r.event) for r in game.records if isinstance(r.event, Thought)]
    assert thoughts
    for record, thought in thoughts:
        assert record.vis.seats == (thought.seat,)
    for seat in range(6):
        for record in game.view(seat).records:
            if isinstance(record.event, Thought):
                assert record.event.seat == seat
    assert not any(isinstance(r.event, Thought) for r in game.view(None).records)


def test_sinks_receive_every_record_in_order() -> None:
    class Collect:
        def __init__(self) -> None:
            self.records: list[int] = []

        def write(self, records: object) -> None:
            self.records.extend(r.seq for r in records)  # type: ignore[attr-defined]

    game = _game()
    sink = Collect()
    asyncio.run(Table(game, [HeuristicAgent(seed=i) for i in range(6)], sinks=[sink]).play())
    assert sink.records == list(range(len(game.records)))
