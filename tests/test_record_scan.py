"""The heuristic agents' incremental record reading (agents/heuristics/record_scan.py).

A seat's views only grow, so an agent keeps what its seats read (``ScanMemory``) and reads only
the records added since. These tests check that the memory resumes exactly where it stopped,
starts again on any view that does not continue the last one, and that the facts a policy reads
with it are the facts it reads from scratch, decision by decision, over whole games.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from types import ModuleType

import pytest

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.agents.heuristics import chinese_werewolf, city_mafia, lebanese_ghouls, online_mafia
from llm_werewolf.agents.heuristics.record_scan import ScanMemory, scan_records
from llm_werewolf.agents.heuristics.talk import heard, said_in
from llm_werewolf.rules import Choice, Decision, Game, GameConfig, SeatView, ViewBuilder
from llm_werewolf.rules.events import PUBLIC, DeathsAnnounced, Info, Record, Speech, make_record
from llm_werewolf.sim import SyncAgent, play_with_agents


@dataclasses.dataclass
class Seen:
    """Facts that remember which record indices were read, and a folded counter."""

    indices: list[int] = dataclasses.field(default_factory=list)
    count: int = 0


def _read(facts: Seen, records: Sequence[Record], start: int) -> None:
    for index in range(start, len(records)):
        facts.indices.append(index)
        facts.count += 1


def _view(game: Game, seat: int, upto: int) -> SeatView:
    builder = ViewBuilder(seat)
    builder.extend(game.records)
    full = builder.view()
    return dataclasses.replace(full, records=full.records[:upto])


def _finished(seed: int) -> Game:
    names = tuple(f"P{i + 1}" for i in range(9))
    agents: list[SyncAgent] = [HeuristicAgent(seed * 1009 + i) for i in range(9)]
    return play_with_agents(GameConfig(variant="chinese_werewolf", names=names, seed=seed), agents)


def _scan(view: SeatView, memory: ScanMemory | None) -> tuple[Seen, list[int]]:
    facts = Seen()
    scan_records(facts, view, ("indices", "count"), _read, memory)
    return facts, facts.indices


def test_the_memory_reads_only_the_records_added_since_the_last_scan() -> None:
    game = _finished(3)
    memory = ScanMemory()
    first, _ = _scan(_view(game, 2, 10), memory)
    assert first.indices == list(range(10))
    builder = ViewBuilder(2)
    builder.extend(game.records)
    grown = builder.view()
    # The same records continue: only the new ones are read, the folded fields are restored.
    facts = Seen()
    before = len(grown.records)
    assert before > 30
    reads: list[int] = []

    def counting(facts: Seen, records: Sequence[Record], start: int) -> None:
        reads.append(start)
        _read(facts, records, start)

    scan_records(facts, dataclasses.replace(grown, records=grown.records[:30]), ("indices", "count"), counting, memory)
    assert reads == [10]
    assert facts.indices == list(range(30)) and facts.count == 30
    # The restored fields are copies: changing one scan's facts leaves the memory intact.
    facts.indices.append(-1)
    again, _ = _scan(dataclasses.replace(grown, records=grown.records[:31]), memory)
    assert again.indices == list(range(31))


def test_a_view_that_does_not_continue_the_last_scan_is_read_from_the_start() -> None:
    game, other = _finished(3), _finished(4)
    memory = ScanMemory()
    _scan(_view(game, 2, 40), memory)
    shorter, _ = _scan(_view(game, 2, 20), memory)  # fewer records than last time
    assert shorter.indices == list(range(20))
    another_game, _ = _scan(_view(other, 2, 25), memory)
    assert another_game.indices == list(range(25))
    other_seat, _ = _scan(_view(game, 5, 25), memory)  # a seat the memory has not read yet
    assert other_seat.indices == list(range(25))
    empty, _ = _scan(_view(game, 2, 0), memory)
    assert empty.indices == [] and empty.count == 0


def _copied(value: object) -> object:
    return value.copy() if isinstance(value, set | dict | list) else value


def test_a_scan_takes_over_the_remembered_containers_and_remembers_copies() -> None:
    """Each scan copies the folded containers once: the restored ones are the memory's own (which it
    forgets until the scan is kept), and what it keeps is a copy that later changes leave alone."""
    game = _finished(3)
    memory = ScanMemory()
    first, _ = _scan(_view(game, 2, 10), memory)
    kept = memory._seats[2].fields[0]
    assert kept == list(range(10)) and kept is not first.indices
    second, _ = _scan(_view(game, 2, 12), memory)
    assert second.indices is kept  # handed over, not copied again
    assert memory._seats[2].fields[0] == list(range(12)) and memory._seats[2].fields[0] is not kept
    second.indices.append(-1)
    third, _ = _scan(_view(game, 2, 13), memory)
    assert third.indices == list(range(13))


def test_a_scan_read_only_after_keeps_its_containers_without_copying_them() -> None:
    game = _finished(3)
    memory = ScanMemory()
    first = Seen()
    scan_records(first, _view(game, 2, 10), ("indices", "count"), _read, memory, read_only_after=True)
    assert memory._seats[2].fields[0] is first.indices  # kept, not copied
    second = Seen()
    scan_records(second, _view(game, 2, 12), ("indices", "count"), _read, memory, read_only_after=True)
    assert second.indices is first.indices == list(range(12)) and second.count == 12


class CheckingAgent(HeuristicAgent):
    """Before each answer, compares the facts read with this agent's memory and from scratch."""

    def __init__(self, seed: int, module: ModuleType, fields: Sequence[str], resumed: list[int]) -> None:
        super().__init__(seed)
        self.module, self.fields, self.resumed = module, fields, resumed

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        probe = ScanMemory()  # a copy of the agent's memory (a scan takes over the remembered containers)
        probe._seats = {
            seat: dataclasses.replace(kept, fields=tuple(_copied(value) for value in kept.fields))
            for seat, kept in self.memory._seats.items()
        }
        probe._derived = dict(self.memory._derived)  # what a policy derived (never changed: shared as it is)
        remembered = self.module.read_facts(view, probe)
        fresh = self.module.read_facts(view)
        for name in self.fields:
            assert getattr(remembered, name) == getattr(fresh, name), name
        if self.memory._seats.get(view.seat) is not None and view.records:
            self.resumed.append(1)
        return super().choose(view, decision)


@pytest.mark.parametrize(
    ("variant", "module", "fields"),
    [
        ("chinese_werewolf", chinese_werewolf, (*chinese_werewolf._SCANNED, "intents")),
        ("lebanese_ghouls", lebanese_ghouls, (*lebanese_ghouls._SCANNED, "intents")),
        ("city_mafia", city_mafia, (*city_mafia._SCANNED, "reports", "first_reports")),
        ("online_mafia", online_mafia, (*online_mafia._SCANNED, "exposed", "contested", "liars")),
    ],
)
def test_remembered_facts_equal_facts_read_from_scratch(
    variant: str, module: ModuleType, fields: Sequence[str]
) -> None:
    resumed: list[int] = []
    for seed in range(3):
        names = tuple(f"P{i + 1}" for i in range(12))
        agents: list[SyncAgent] = [CheckingAgent(seed * 1009 + i, module, fields, resumed) for i in range(12)]
        play_with_agents(GameConfig(variant=variant, names=names, seed=seed), agents)
    assert len(resumed) > 50  # the memory was in use for most decisions


def test_every_agent_holds_its_own_memory() -> None:
    assert HeuristicAgent(1).memory is not HeuristicAgent(1).memory


def test_a_derived_value_is_recalled_only_for_the_records_it_came_from() -> None:
    game, other = _finished(3), _finished(4)
    memory = ScanMemory()
    memory.derive(2, "weighed", _view(game, 2, 10).records, "value")
    grown = _view(game, 2, 12).records
    assert memory.derived(2, "weighed", grown, 10) == "value"  # a scan that resumed where the value was derived
    assert memory.recall(2, "weighed", grown) == (10, "value")
    assert memory.derived(2, "weighed", grown, 9) is None  # resumed elsewhere
    assert memory.derived(2, "weighed", grown, 0) is None  # read from the start
    assert memory.derived(2, "other", grown, 10) is None  # another name
    assert memory.derived(5, "weighed", _view(game, 5, 12).records, 10) is None  # another seat
    assert memory.derived(2, "weighed", _view(other, 2, 12).records, 10) is None  # another game
    assert memory.recall(2, "weighed", _view(game, 2, 9).records) == (0, None)  # fewer records than then
    memory.derive(2, "weighed", (), "nothing read")
    assert memory.derived(2, "weighed", grown, 10) is None


def _weighed(facts: online_mafia.Facts) -> tuple[set[int], set[int], set[int]]:
    return facts.exposed, facts.contested, facts.liars


@pytest.mark.parametrize("seed", [5, 6])  # games in which a death changes the weighing
def test_online_mafia_weighs_the_claims_again_after_every_record_that_can_change_them(seed: int) -> None:
    """The weighing of investigative claims (``exposed``, ``contested``, ``liars``) is recalled from a seat's
    last decision only when no record since can change it: checked just before and just after every
    private result, death and claiming speech of whole 15-seat games, for every seat."""
    names = tuple(f"P{i + 1}" for i in range(15))
    agents: list[SyncAgent] = [HeuristicAgent(seed * 1009 + i) for i in range(15)]
    game = play_with_agents(GameConfig(variant="online_mafia", names=names, seed=seed), agents)
    recalled = 0
    for seat in range(15):
        full = _view(game, seat, len(game.records))
        ends = sorted({end for index in _evidence(full.records) for end in (index, index + 1, index + 2)} - {0})
        memory = ScanMemory()
        for end in ends:
            view = dataclasses.replace(full, records=full.records[:end])
            kept = memory.derived(
                seat, "weighed", view.records, memory._seats[seat].count if seat in memory._seats else 0
            )
            remembered = online_mafia.gather(view, memory)
            assert _weighed(remembered) == _weighed(online_mafia.gather(view)), (seat, end)
            recalled += kept is not None
    assert recalled > 100  # most checks followed a record that changes nothing weighed


def test_online_mafia_weighs_the_claims_again_after_a_private_result() -> None:
    names = tuple(f"P{i + 1}" for i in range(15))
    agents: list[SyncAgent] = [HeuristicAgent(5 * 1009 + i) for i in range(15)]
    game = play_with_agents(GameConfig(variant="online_mafia", names=names, seed=5), agents)
    for seat in range(15):
        view = _view(game, seat, len(game.records))
        before = online_mafia.gather(view)
        claimants = [c for c in before.exposures if c != seat and c not in before.liars and c not in before.evil]
        if not claimants:
            continue
        memory = ScanMemory()
        online_mafia.gather(view, memory)
        result = Info(fact="detective", subject=claimants[0], value="suspicious")  # a check: the claimant lies
        grown = (*view.records, make_record(len(game.records), view.records[-1].phase, PUBLIC, result))
        after = online_mafia.gather(dataclasses.replace(view, records=grown), memory)
        assert claimants[0] in after.liars
        assert _weighed(after) == _weighed(online_mafia.gather(dataclasses.replace(view, records=grown)))
        return
    pytest.fail("no seat heard a claimant it does not already take for a liar")


def _evidence(records: Sequence[Record]) -> list[int]:
    return [
        index
        for index, record in enumerate(records)
        if isinstance(record.event, Info | DeathsAnnounced) or (isinstance(record.event, Speech) and record.event.claim)
    ]


@pytest.mark.parametrize("seed", [5, 6])
def test_online_mafia_read_reports_evidence_exactly_when_the_records_hold_some(seed: int) -> None:
    """``_read`` says whether the records it folded hold a private result, a death or a claiming speech
    (what lets a seat recall its last weighing): checked from every start to the end of whole games."""
    names = tuple(f"P{i + 1}" for i in range(15))
    agents: list[SyncAgent] = [HeuristicAgent(seed * 1009 + i) for i in range(15)]
    game = play_with_agents(GameConfig(variant="online_mafia", names=names, seed=seed), agents)
    seen = {True: 0, False: 0}
    for seat in (0, 7, 14):
        full = _view(game, seat, len(game.records))
        evidence = _evidence(full.records)
        for start in range(len(full.records)):
            for end in (start + 1, start + 3, len(full.records)):
                records = full.records[:end]
                facts = online_mafia.Facts(me=seat, role=full.role, living=full.living(), single=frozenset())
                facts.names = full.names
                found = online_mafia._read(facts, records, start)
                expected = any(start <= index < end for index in evidence)
                assert found is expected, (seat, start, end)
                seen[expected] += 1
    assert seen[True] > 100 and seen[False] > 100


def test_the_compiled_getter_reads_every_field_in_order_and_takes_only_names() -> None:
    from llm_werewolf.agents.heuristics.record_scan import _getter

    facts = online_mafia.Facts(me=3, role="doctor", living=(1, 3))
    facts.claims = {1: "sheriff"}
    assert _getter(online_mafia._SCANNED)(facts) == tuple(getattr(facts, name) for name in online_mafia._SCANNED)
    assert _getter(("claims",))(facts) == ({1: "sheriff"},)  # one field: still a tuple
    assert _getter(("claims",))(facts)[0] is facts.claims
    with pytest.raises(ValueError):
        _getter(("me", "me) or __import__('os') or (x"))


class IntentsCheckingAgent(HeuristicAgent):
    """Checks before every answer that the announced votes a policy read (``Facts.intents``) are those of
    today's trailing statements, as ``talk.said_in`` gives them."""

    def __init__(self, seed: int, module: ModuleType, counted: list[int]) -> None:
        super().__init__(seed)
        self.module = module
        self.counted = counted

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        facts = self.module.read_facts(view, self.memory)
        expected: dict[int, int] = {}
        for said in said_in(heard(view), view.phase):
            if said.target is not None and self.module._announces_vote(said):
                expected[said.speaker] = said.target
        assert list(facts.intents.items()) == list(expected.items())
        self.counted.append(len(expected))
        return super().choose(view, decision)


@pytest.mark.parametrize("module", [chinese_werewolf, lebanese_ghouls])
def test_the_announced_votes_are_those_of_todays_statements(module: ModuleType) -> None:
    counted: list[int] = []
    variant = module.__name__.rsplit(".", 1)[-1]
    for seed in range(2):
        names = tuple(f"P{i + 1}" for i in range(12))
        agents: list[SyncAgent] = [IntentsCheckingAgent(seed * 1009 + i, module, counted) for i in range(12)]
        play_with_agents(GameConfig(variant=variant, names=names, seed=seed), agents)
    assert sum(1 for n in counted if n) > 20  # votes were announced before many decisions


def test_an_intents_run_keeps_each_speakers_latest_vote_of_the_latest_phase() -> None:
    from llm_werewolf.agents.heuristics.talk import Said, intents_run

    def vote(speaker: int, target: int | None, phase: str, key: str = "accuse") -> Said:
        return Said(speaker, key, target, phase=phase)

    def announces(said: Said) -> bool:
        return said.key == "accuse"

    kept: dict[int, int] = {}
    run = intents_run(("", kept), [vote(1, 4, "day:1"), vote(2, 5, "day:1"), vote(1, 6, "day:1")], announces)
    assert run == ("day:1", {1: 6, 2: 5}) and list(run[1]) == [1, 2]  # the latest target, in first-spoken order
    assert kept == {}  # the dict a memory kept is replaced, never changed
    later = intents_run(run, [vote(3, 1, "day:1", key="neutral"), vote(4, None, "day:1")], announces)
    assert later == run  # no target, or no announced vote: nothing changes
    assert intents_run(run, [vote(2, 7, "day:1")], announces) == ("day:1", {1: 6, 2: 7})
    assert run == ("day:1", {1: 6, 2: 5})
    assert intents_run(run, [vote(3, 2, "day:2")], announces) == ("day:2", {3: 2})  # a new phase starts over
