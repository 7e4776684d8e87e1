"""A record is its event: one object per record, stamped once, and the stamp survives pickling.

``Ctx.emit`` stamps ``seq``, ``phase`` and ``vis`` into the event it is handed without checking
it (a check on the hot path cost 8-19% more instructions per decision), so every event a ruleset
emits must be a fresh object. These tests check it on whole games of every ruleset, and that the
stamp crosses the real process pools (``sim.parallel_map``, ``safety.games.map_jobs``).
"""

from __future__ import annotations

import pickle
import random

import pytest

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.rules import Game, GameConfig
from llm_werewolf.rules.engine import note
from llm_werewolf.rules.events import (
    GOD,
    PUBLIC,
    Cue,
    PhaseStarted,
    Record,
    SharedEventRecord,
    Speech,
    make_record,
    record_key,
    same_records,
    to_seats,
)
from llm_werewolf.sim import SyncAgent, parallel_map, play_with_agents, random_policy, run_sync
from llm_werewolf.table_notes import Narration
from llm_werewolf.testing.conformance import fresh_records
from llm_werewolf.transcript.schema import dump_record, load_record
from tests.battery.games import map_jobs

TABLES = (
    ("chinese_werewolf", 12),
    ("city_mafia", 12),
    ("lebanese_ghouls", 12),
    ("one_night", 12),
    ("online_mafia", 12),
    ("online_mafia", 20),
)


def random_game(variant: str, players: int, seed: int) -> Game:
    names = tuple(f"P{i + 1}" for i in range(players))
    return run_sync(Game(GameConfig(variant=variant, names=names, seed=seed)), random_policy(random.Random(seed)))


def heuristic_game(variant: str, players: int, seed: int) -> Game:
    names = tuple(f"P{i + 1}" for i in range(players))
    agents: list[SyncAgent] = [HeuristicAgent(seed=seed * 1009 + i) for i in range(players)]
    return play_with_agents(GameConfig(variant=variant, names=names, seed=seed), agents)


def check_log(records: list[Record]) -> None:
    """Each record one object, numbered by its place; wrappers only around unstamped shared events."""
    fresh_records(records)  # one object each, ``seq`` matching its place
    stamped = {id(r) for r in records if not isinstance(r, SharedEventRecord)}
    assert not any(id(r.event) in stamped for r in records if isinstance(r, SharedEventRecord))
    for record in records:
        assert isinstance(record.phase, str) and record.vis is not None
        if isinstance(record, SharedEventRecord):
            assert isinstance(record.event, (Cue, PhaseStarted))
            assert not hasattr(record.event, "seq")  # a shared event is never stamped
        else:
            assert record.event is record


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_every_record_is_one_object_numbered_by_its_place(variant: str, players: int) -> None:
    games = [random_game(variant, players, seed) for seed in range(3)]
    games.append(heuristic_game(variant, players, 0))
    for game in games:
        check_log(game.records)
        kinds = {getattr(r.event, "kind", "") for r in game.records}
        assert {"game_started", "choice", "game_ended"} <= kinds
    # a later game stamps nothing of an earlier one's records
    first = games[0].records
    assert [r.seq for r in first] == list(range(len(first)))


def test_a_transcript_line_loads_as_one_record_and_dumps_the_same() -> None:
    game = random_game("city_mafia", 12, 1)
    loaded = [load_record(dump_record(r)) for r in game.records]
    check_log(loaded)
    assert same_records(loaded, game.records)
    assert [dump_record(r) for r in loaded] == [dump_record(r) for r in game.records]


def test_make_record_stamps_a_fresh_event_and_wraps_a_recorded_one() -> None:
    speech = Speech(seat=2, text="hi")
    record = make_record(4, "day 1", PUBLIC, speech)
    assert record is speech and (record.seq, record.phase, record.vis) == (4, "day 1", PUBLIC)
    again = make_record(9, "day 2", GOD, speech)  # recorded already: held, not re-stamped
    assert isinstance(again, SharedEventRecord) and again.event is speech
    assert (speech.seq, speech.phase, speech.vis) == (4, "day 1", PUBLIC)
    assert (again.seq, again.phase, again.vis) == (9, "day 2", GOD)
    rewrapped = make_record(10, "day 3", GOD, again)
    assert isinstance(rewrapped, SharedEventRecord) and rewrapped.event is speech
    start = PhaseStarted(phase="night", number=1)  # its field ``phase`` is not the record's
    wrapped = make_record(0, "night 1", PUBLIC, start)
    assert isinstance(wrapped, SharedEventRecord) and wrapped.phase == "night 1" and start.phase == "night"
    narration = Narration(key="k", text="t", about=3)  # frozen table event
    stamped = make_record(5, "night 1", PUBLIC, narration)
    assert stamped is narration and stamped.seq == 5


def test_record_equality_includes_the_stamp_only_through_record_key() -> None:
    a = make_record(1, "day 1", PUBLIC, Speech(seat=1, text="x"))
    b = make_record(2, "day 1", PUBLIC, Speech(seat=1, text="x"))
    assert a == b  # events compare by their fields
    assert record_key(a) != record_key(b) and not same_records([a], [b])
    c = make_record(1, "day 1", to_seats(1), Speech(seat=1, text="x"))
    assert not same_records([a], [c])
    assert same_records([a], [make_record(1, "day 1", PUBLIC, Speech(seat=1, text="x"))])
    cue = Cue(key="wake")
    assert SharedEventRecord(1, "night 1", PUBLIC, cue) == SharedEventRecord(1, "night 1", PUBLIC, Cue(key="wake"))
    assert SharedEventRecord(1, "night 1", PUBLIC, cue) != SharedEventRecord(2, "night 1", PUBLIC, cue)


def test_records_pickle_with_their_stamp() -> None:
    game = random_game("chinese_werewolf", 12, 2)
    _, noted = note(game.state, Narration(key="dawn", text="Dawn.", about=1), PUBLIC)
    records = [*game.records, noted]
    back = pickle.loads(pickle.dumps(records))
    assert same_records(back, records)
    assert [dump_record(r) for r in back] == [dump_record(r) for r in records]
    check_log(back[:-1])
    assert back[-1].seq == len(game.records) and isinstance(back[-1], Narration)
    assert [type(r) for r in back] == [type(r) for r in records]


def play_records(job: tuple[str, int, int]) -> list[Record]:
    """A pool task: one random game's records (they come back pickled)."""
    variant, players, seed = job
    return random_game(variant, players, seed).records


def play_records_args(variant: str, players: int, seed: int) -> list[Record]:
    return play_records((variant, players, seed))


JOBS = [("chinese_werewolf", 12, 0), ("one_night", 12, 1), ("online_mafia", 20, 2)]


def test_records_cross_the_simulation_pool_with_their_stamp() -> None:
    here = [play_records(job) for job in JOBS]
    there = list(parallel_map(play_records, JOBS, workers=2))
    for local, pooled in zip(here, there, strict=True):
        check_log(pooled)
        assert same_records(pooled, local)
        assert [dump_record(r) for r in pooled] == [dump_record(r) for r in local]


def test_records_cross_the_safety_pool_with_their_stamp() -> None:
    here = [play_records(job) for job in JOBS]
    there = map_jobs(play_records_args, JOBS, workers=2)
    for local, pooled in zip(here, there, strict=True):
        check_log(pooled)
        assert same_records(pooled, local)
