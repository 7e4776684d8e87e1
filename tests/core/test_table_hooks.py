"""The table's public hooks: seat wrappers, observers, and a game that starts from records already out."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from llm_werewolf.agents.base import DecisionRequest, Reply
from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.rules import Choice, Game, GameConfig, Record
from llm_werewolf.rules.events import GOD, ChoiceMade, Info
from llm_werewolf.table import Fallback, Rejected, Table
from llm_werewolf.table.seat_wrappers import Asked, Attempt, Retried, Validated, WithFallback

NAMES = ("A", "B", "C", "D", "E", "F")


def _game() -> Game:
    roles = ("seer", "wolf", "villager", "villager", "wolf", "villager")
    return Game(GameConfig(variant="toy", names=NAMES, roles=roles, seed=4))


def _agents() -> list[HeuristicAgent]:
    return [HeuristicAgent(seed=i) for i in range(len(NAMES))]


class Scripted:
    """Answers the options it is given, in turn (the last one again once they run out)."""

    kind = "scripted"

    def __init__(self, *options: str) -> None:
        self.options = list(options)
        self.asked: list[tuple[int, str | None]] = []

    async def decide(self, request: DecisionRequest) -> Reply:
        self.asked.append((request.attempt, request.error))
        option = self.options.pop(0) if len(self.options) > 1 else self.options[0]
        return Reply(Choice(option), thought="mine")


def _request(game: Game, table: Table) -> DecisionRequest:
    decision = game.pending[0]
    return DecisionRequest(decision=decision, view=table.builders[decision.seat].view())


def test_each_wrapper_does_its_one_job() -> None:
    game = _game()
    table = Table(game, _agents())
    asyncio.run(table._publish())
    request = _request(game, table)
    legal = request.decision.options[0].id
    agent = Scripted("seat:999", legal)

    refused = asyncio.run(Validated(Asked(agent), game).answer(request))
    assert refused.choice is None and refused.error and not refused.final
    assert [type(body) for body, _ in refused.notes] == [Rejected]

    again = Scripted("seat:999", legal)
    retried = asyncio.run(Retried(Validated(Asked(again), game), 2).answer(request))
    assert retried.choice == Choice(legal) and retried.thought == "mine"
    assert again.asked == [(0, None), (1, refused.error)]  # the re-ask shows the error
    assert [type(body) for body, _ in retried.notes] == [Rejected]

    stand_in = HeuristicAgent(seed=1)
    answered = asyncio.run(
        WithFallback(Retried(Validated(Asked(Scripted("seat:999")), game), 2), stand_in, game).answer(request)
    )
    assert answered.choice is not None and answered.choice.option != "seat:999"
    assert [type(body) for body, _ in answered.notes] == [Rejected, Rejected, Fallback]


def test_a_seat_can_be_replaced_by_another_wrapper_stack() -> None:
    class Always:
        """A seat that answers the decision's first option without asking anyone."""

        async def answer(self, request: DecisionRequest) -> Attempt:
            return Attempt(Choice(request.decision.options[0].id))

    game = _game()
    agents = _agents()
    unasked = Scripted("skip")
    table = Table(game, [unasked, *agents[1:]])
    table.seats[0] = Always()
    asyncio.run(table.play())
    chosen = [r.event for r in game.records if isinstance(r.event, ChoiceMade) and r.event.seat == 0]
    assert chosen and not unasked.asked  # the seat answered without its agent


def test_observers_see_every_batch_once_and_what_they_note_is_sent_next() -> None:
    class Collect:
        def __init__(self) -> None:
            self.seqs: list[int] = []

        def write(self, records: Sequence[Record]) -> None:
            self.seqs.extend(r.seq for r in records)

    class Planter:
        def __init__(self) -> None:
            self.seen: list[int] = []

        async def observe(self, table: Table, records: Sequence[Record]) -> None:
            self.seen.extend(r.seq for r in records)
            for record in records:
                if isinstance(record.event, ChoiceMade):
                    table.game.note(Info(fact="seen", value=str(record.seq)), GOD)

    game = _game()
    sink = Collect()
    table = Table(game, _agents(), sinks=[sink])
    planter = Planter()
    table.observers.append(planter)
    asyncio.run(table.play())
    everything = list(range(len(game.records)))
    assert planter.seen == everything and sink.seqs == everything
    choices = [r.seq for r in game.records if isinstance(r.event, ChoiceMade)]
    notes = [r for r in game.records if isinstance(r.event, Info) and r.event.fact == "seen"]
    assert [int(r.event.value) for r in notes] == choices  # type: ignore[attr-defined]


def test_a_game_played_from_records_already_out_sends_only_the_rest() -> None:
    class Collect:
        def __init__(self) -> None:
            self.seqs: list[int] = []

        def write(self, records: Sequence[Record]) -> None:
            self.seqs.extend(r.seq for r in records)

    played = _game()
    whole = Table(played, _agents())
    asyncio.run(whole.play())

    game = _game()
    asyncio.run(Table(game, _agents())._publish())  # the records a first run already sent out
    start = len(game.records)
    sink = Collect()
    again = Table(game, _agents(), sinks=[sink])
    asyncio.run(again.play(published=start))
    assert start > 0 and sink.seqs == list(range(start, len(game.records)))
    assert game.records == played.records  # the same game as one played in one go
    for seat in range(len(NAMES)):  # and every seat saw all of it, the records sent before included
        assert again.builders[seat].view().records == whole.builders[seat].view().records
