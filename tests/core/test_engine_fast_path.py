"""The engine's fast path keeps its promises: handed-out states and emitted records never change,
the private copy copies every field, shared option lists, sequence numbers, value events and team
visibilities are shared (issue: engine speed and memory)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from llm_werewolf.rules import Choice, Game, GameConfig, all_rulesets
from llm_werewolf.rules.engine import _OPTION_IDS, Ctx
from llm_werewolf.rules.errors import AlreadyAnswered, NoSuchDecision, OptionNotOffered
from llm_werewolf.rules.events import ChoiceMade, Cue, PhaseStarted, Visibility, choice_made, to_seats, to_team
from llm_werewolf.rules.model import STATE_FIELDS, GameState, Seat, fast_replace
from llm_werewolf.rules.questions import questions
from llm_werewolf.rules.sharing import (
    _CUES,
    _PHASES,
    SEQ_INTS,
    SEQ_INTS_CAP,
    SHARED_EVENTS_CAP,
    seq_int,
    shared_cue,
    shared_phase_started,
)
from llm_werewolf.sim import random_policy, run_sync
from llm_werewolf.transcript.schema import dump_record

VARIANTS = sorted(r.id for r in all_rulesets())


def _fields(state: GameState[Any, Any]) -> tuple[object, ...]:
    return tuple(getattr(state, name) for name in STATE_FIELDS)


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_handed_out_state_or_emitted_record_changes_later(variant: str) -> None:
    for seed in range(3):
        names = tuple(f"P{i + 1}" for i in range(12 if variant != "one_night" else 8))
        game = Game(GameConfig(variant=variant, names=names, seed=seed))
        picker = random.Random(seed)
        states = [(game.state, _fields(game.state))]
        dumped = [dump_record(r) for r in game.records]
        while not game.over:
            for decision in game.pending:
                option = decision.options[picker.randrange(len(decision.options))]
                game.submit(decision.id, Choice(option.id))
                states.append((game.state, _fields(game.state)))
                dumped.extend(dump_record(r) for r in game.records[len(dumped) :])
        for state, fields in states:
            after = _fields(state)
            assert all(a is b for a, b in zip(after, fields, strict=True)), f"{variant} seed {seed}: a state changed"
        assert [dump_record(r) for r in game.records] == dumped, f"{variant} seed {seed}: a record changed"
        assert len({id(state) for state, _ in states}) > 1


def test_a_transition_copies_its_start_state_once_and_leaves_it_alone() -> None:
    game = Game(GameConfig(variant="chinese_werewolf", names=tuple(f"P{i}" for i in range(9)), seed=1))
    start = game.state
    before = _fields(start)
    ctx: Ctx[Any, Any] = Ctx(start)
    ctx.update(days_played=7)
    first = ctx.state
    ctx.set_seat(0, alive=False)
    assert ctx.state is first is not start  # one private copy, written in place
    assert _fields(start) == before
    assert ctx.state.days_played == 7 and not ctx.state.seats[0].alive and start.seats[0].alive
    with pytest.raises(TypeError, match="no field"):
        ctx.update(nonsense=1)


def test_clone_copies_every_field() -> None:
    game = Game(GameConfig(variant="city_mafia", names=tuple(f"P{i}" for i in range(10)), seed=2))
    copy = game.state._clone()
    assert copy is not game.state and copy == game.state
    assert [f.name for f in dataclasses.fields(GameState)] == list(STATE_FIELDS)
    assert all(getattr(copy, name) is getattr(game.state, name) for name in STATE_FIELDS)


def test_fast_replace_matches_dataclasses_replace() -> None:
    seat = Seat(index=3, name="Ann", role="seer", start_role="seer")
    assert fast_replace(seat, {"alive": False}) == dataclasses.replace(seat, alive=False)
    assert fast_replace(seat, {}) == seat and fast_replace(seat, {}) is not seat
    with pytest.raises(TypeError):
        fast_replace(seat, {"colour": "red"})


@dataclasses.dataclass(frozen=True, slots=True)
class _OneField:
    value: int = 0


@dataclasses.dataclass(frozen=True, slots=True)
class _NoInitField:
    value: int = dataclasses.field(default=7, init=False)


def test_fast_replace_of_one_init_field_or_none() -> None:
    assert fast_replace(_OneField(3), {}) == _OneField(3)
    assert fast_replace(_OneField(3), {"value": 4}) == dataclasses.replace(_OneField(3), value=4)
    assert fast_replace(_NoInitField(), {}) == dataclasses.replace(_NoInitField())


def test_voters_offered_the_same_options_share_one_tuple() -> None:
    _OPTION_IDS.clear()  # a full cache is emptied at its cap; start this game with room to spare
    game = Game(GameConfig(variant="online_mafia", names=tuple(f"P{i}" for i in range(12)), seed=4))
    picker = random.Random(4)
    while not game.over:
        for decision in game.pending:
            game.submit(decision.id, Choice(decision.options[picker.randrange(len(decision.options))].id))
    asked = questions(game.records)
    by_value: dict[tuple[str, ...], set[int]] = {}
    for event in asked:
        by_value.setdefault(event.options, set()).add(id(event.options))
    assert len(asked) > len(by_value)  # some lists repeat...
    assert all(len(ids) == 1 for ids in by_value.values())  # ...and each is kept once


def _random_game(variant: str, seed: int, players: int = 12) -> Game:
    game = Game(GameConfig(variant=variant, names=tuple(f"P{i}" for i in range(players)), seed=seed))
    picker = random.Random(seed)
    while not game.over:
        for decision in game.pending:
            game.submit(decision.id, Choice(decision.options[picker.randrange(len(decision.options))].id))
    return game


def test_sequence_numbers_are_one_int_object_per_value_across_games() -> None:
    first, second = _random_game("chinese_werewolf", 1), _random_game("chinese_werewolf", 2)
    assert len(first.records) > 300  # past CPython's own small ints (-5..256)
    assert [r.seq for r in first.records] == list(range(len(first.records)))
    for a, b in zip(first.records, second.records, strict=False):
        assert a.seq is b.seq
    asked = questions(first.records)
    assert all(event.decision_id is seq_int(event.decision_id) for event in asked)


def test_seq_int_grows_to_the_cap_and_leaves_larger_numbers_alone() -> None:
    n = len(SEQ_INTS) + 5000
    assert seq_int(n) == n and seq_int(n) is seq_int(int(str(n)))
    assert all(i == value for i, value in enumerate(SEQ_INTS))
    past = SEQ_INTS_CAP + 10
    assert seq_int(past) == past and len(SEQ_INTS) <= SEQ_INTS_CAP
    assert seq_int(-7) == -7


@pytest.mark.parametrize("variant", [v for v in VARIANTS if v != "toy"])  # the test ruleset builds its own cues
def test_cues_phase_starts_and_team_visibilities_are_one_object_per_value(variant: str) -> None:
    games = [_random_game(variant, seed, 12 if variant != "one_night" else 8) for seed in (5, 6)]
    seen: dict[object, set[int]] = {}
    kinds: set[type] = set()
    for game in games:
        for record in game.records:
            event = record.event
            if isinstance(event, (Cue, PhaseStarted)):
                seen.setdefault(event, set()).add(id(event))
                kinds.add(type(event))
            if record.vis.scope == "team" or len(record.vis.seats) > 1:
                seen.setdefault(record.vis, set()).add(id(record.vis))
    assert Cue in kinds
    assert len(seen) > 3 and all(len(ids) == 1 for ids in seen.values())  # each distinct value is one object


def test_shared_cues_keep_their_value_and_the_caches_are_bounded() -> None:
    assert shared_cue("wake", "seer") == Cue(key="wake", role="seer")
    assert shared_cue("wake", "seer") is shared_cue("wake", "seer") is not shared_cue("wake", "witch")
    assert shared_cue("dawn") == Cue(key="dawn") and shared_phase_started("night", 3) == PhaseStarted(
        phase="night", number=3
    )
    for i in range(SHARED_EVENTS_CAP + 10):
        shared_cue(f"k{i}")
        shared_phase_started("day", i)
    assert len(_CUES) <= SHARED_EVENTS_CAP and len(_PHASES) <= SHARED_EVENTS_CAP
    assert shared_phase_started("day", 2) is shared_phase_started("day", 2)


def test_team_visibility_is_shared_and_keeps_its_value() -> None:
    assert to_team("wolf", [3, 1, 3]) is to_team("wolf", (1, 3))
    assert to_team("wolf", (1, 3)) == Visibility("team", (1, 3), "wolf")
    assert to_team("wolf", (1, 3)) is not to_team("mafia", (1, 3))
    assert to_seats(4, 2) is to_seats(2, 4) and to_seats(2, 4) == Visibility("seats", (2, 4))


def test_choice_made_writes_every_field_as_the_dataclass_does() -> None:
    fast = choice_made(4, 2, "exile_vote", "seat:3", "", None, (), ("seat:1", "seat:3"), "exile_1")
    built = ChoiceMade(
        decision_id=4,
        seat=2,
        decision="exile_vote",
        option="seat:3",
        options=("seat:1", "seat:3"),
        group="exile_1",
    )
    assert fast == built
    assert all(getattr(fast, f.name) == getattr(built, f.name) for f in dataclasses.fields(ChoiceMade))


class _LoggedAsCtx(Ctx[Any, Any]):
    """A transition that logs as Ctx does: ``submit`` takes its general path for every answer."""


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_common_answer_path_logs_what_the_general_path_logs(variant: str) -> None:
    names = tuple(f"P{i + 1}" for i in range(12 if variant != "one_night" else 8))
    for seed in range(3):
        logs = []
        for transition in (None, _LoggedAsCtx):
            game = run_sync(
                Game(GameConfig(variant=variant, names=names, seed=seed, transition=transition)),
                random_policy(random.Random(seed)),
            )
            logs.append([dump_record(r) for r in game.records])
        assert logs[0] == logs[1], f"{variant} seed {seed}"


def test_an_illegal_answer_is_refused_as_before_on_the_common_path() -> None:
    game = Game(GameConfig(variant="chinese_werewolf", names=tuple(f"P{i}" for i in range(12)), seed=3))
    while len(game.pending) < 2:
        decision = game.pending[0]
        game.submit(decision.id, Choice(decision.options[0].id))
    first, second = game.pending[0], game.pending[1]
    before = game.state
    with pytest.raises(OptionNotOffered):
        game.submit(first.id, Choice("seat:99"))
    with pytest.raises(NoSuchDecision):
        game.submit(game.pending[-1].id + 1, Choice(first.options[0].id))
    game.submit(first.id, Choice(first.options[0].id))
    with pytest.raises(AlreadyAnswered):
        game.submit(first.id, Choice(first.options[0].id))
    assert game.pending[0] is second and before.answers == ()
