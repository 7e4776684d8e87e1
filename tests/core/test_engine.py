"""The generic engine, exercised through the small toy ruleset (tests/toy_variant.py)."""

from __future__ import annotations

import pytest

from llm_werewolf.rules import (
    AlreadyAnswered,
    Choice,
    Game,
    GameConfig,
    GameOver,
    NoSuchDecision,
    OptionNotOffered,
    OptionsError,
    SetupError,
    SpeechTooLong,
    TextNotAllowed,
    UnknownClaim,
    UnknownVariant,
    get_ruleset,
    submit,
)
from llm_werewolf.rules.events import Died, Info, VoteTally, same_records
from llm_werewolf.sim import play_random

NAMES = ("A", "B", "C", "D", "E")
ROLES = ("wolf", "seer", "villager", "villager", "wolf")


def fixed_game(**options: object) -> Game:
    return Game(GameConfig(variant="toy", names=NAMES, roles=ROLES, options=options))


def test_first_decision_is_the_seer_check() -> None:
    game = fixed_game()
    (decision,) = game.pending
    assert decision.kind == "seer_check"
    assert decision.seat == 1
    assert "seat:1" not in decision.option_ids  # not herself


def test_illegal_option_raises_and_changes_nothing() -> None:
    game = fixed_game()
    state_before = game.state
    (decision,) = game.pending
    with pytest.raises(OptionNotOffered) as info:
        submit(game.state, decision.id, Choice("seat:1"))
    assert "seat:1" in str(info.value)
    assert game.state is state_before
    assert game.pending == (decision,)


def test_unknown_decision_and_double_answer() -> None:
    game = fixed_game()
    with pytest.raises(NoSuchDecision):
        game.submit(999, Choice("seat:0"))
    (seer,) = game.pending
    game.submit(seer.id, Choice("seat:0"))
    wolves = game.pending
    assert [d.kind for d in wolves] == ["wolf_kill", "wolf_kill"]
    game.submit(wolves[0].id, Choice("seat:2"))
    with pytest.raises(AlreadyAnswered):
        game.submit(wolves[0].id, Choice("seat:3"))


def test_text_on_a_non_speech_decision_is_refused() -> None:
    game = fixed_game()
    (decision,) = game.pending
    with pytest.raises(TextNotAllowed):
        game.submit(decision.id, Choice("seat:0", text="hello"))


def _to_first_speech(game: Game) -> None:
    (seer,) = game.pending
    game.submit(seer.id, Choice("seat:0"))
    for d in game.pending:
        game.submit(d.id, Choice("seat:2"))


def test_speech_length_cap_and_claims() -> None:
    game = fixed_game(max_speech_chars=30)
    _to_first_speech(game)
    (speech,) = game.pending
    assert speech.speech
    with pytest.raises(SpeechTooLong):
        game.submit(speech.id, Choice("speak", text="x" * 31))
    with pytest.raises(UnknownClaim):
        game.submit(speech.id, Choice("speak", text="hi", claim="dragon"))
    game.submit(speech.id, Choice("speak", text="I am the seer", claim="seer"))


def test_seer_result_is_private_and_true() -> None:
    game = fixed_game()
    (seer,) = game.pending
    game.submit(seer.id, Choice("seat:4"))
    infos = [(r, r.event) for r in game.records if isinstance(r.event, Info)]
    assert len(infos) == 1
    record, info = infos[0]
    assert info.value == "wolf"
    assert record.vis.seats == (1,)
    assert all(not isinstance(r.event, Info) for r in game.view(0).records)


def test_collective_tie_kills_nobody_and_majority_kills() -> None:
    game = fixed_game()
    _seer = game.pending[0]
    game.submit(_seer.id, Choice("seat:0"))
    a, b = game.pending
    game.submit(a.id, Choice("seat:2"))
    game.submit(b.id, Choice("seat:3"))
    assert not any(isinstance(r.event, Died) for r in game.records)
    game2 = fixed_game()
    game2.submit(game2.pending[0].id, Choice("seat:0"))
    a, b = game2.pending
    game2.submit(a.id, Choice("seat:3"))
    game2.submit(b.id, Choice("seat:3"))
    deaths = [r.event for r in game2.records if isinstance(r.event, Died)]
    assert [(d.seat, d.cause) for d in deaths] == [(3, "wolves")]
    assert not game2.state.is_alive(3)


def _quiet_night(game: Game) -> None:
    """The seer looks at A, the two wolves split their votes: nobody dies."""
    game.submit(game.pending[0].id, Choice("seat:0"))
    a, b = game.pending
    game.submit(a.id, Choice("seat:2"))
    game.submit(b.id, Choice("seat:3"))


def _speeches(game: Game) -> None:
    while game.pending and game.pending[0].kind == "speech":
        game.submit(game.pending[0].id, Choice("speak", text="..."))


def _tied_vote(game: Game) -> None:
    votes = {d.seat: d for d in game.pending}
    assert {d.kind for d in votes.values()} == {"exile_vote"}
    for voter, target in {0: "seat:1", 1: "seat:0", 2: "seat:0", 3: "seat:1", 4: "seat:2"}.items():
        game.submit(votes[voter].id, Choice(target))


def test_vote_tie_exiles_nobody_and_the_game_goes_on() -> None:
    game = fixed_game()
    _quiet_night(game)
    _speeches(game)
    _tied_vote(game)
    tallies = [r.event for r in game.records if isinstance(r.event, VoteTally)]
    assert tallies[-1].result == "tie"
    assert dict(tallies[-1].counts) == {"seat:1": 2.0, "seat:0": 2.0, "seat:2": 1.0}
    assert game.state.living() == (0, 1, 2, 3, 4)
    assert game.pending[0].kind == "seer_check"
    assert game.state.phase.label == "night:2"


def test_game_over_refuses_further_choices() -> None:
    game = play_random("toy", 6, seed=11)
    assert game.over
    with pytest.raises(GameOver):
        submit(game.state, 0, Choice("seat:0"))


def test_same_seed_same_log_and_different_seed_differs() -> None:
    a = play_random("toy", 8, seed=5)
    b = play_random("toy", 8, seed=5)
    c = play_random("toy", 8, seed=6)
    assert same_records(a.records, b.records)
    assert not same_records(a.records, c.records)


def test_setup_errors_are_precise() -> None:
    with pytest.raises(SetupError, match="3-12 players"):
        Game(GameConfig(variant="toy", names=("A", "B")))
    with pytest.raises(SetupError, match="no role 'dragon'"):
        Game(GameConfig(variant="toy", names=NAMES, roles=("dragon", "seer", "villager", "villager", "wolf")))
    with pytest.raises(OptionsError, match="nonsense"):
        Game(GameConfig(variant="toy", names=NAMES, options={"nonsense": 1}))
    with pytest.raises(SetupError, match="unique"):
        Game(GameConfig(variant="toy", names=("A", "A", "B")))
    with pytest.raises(UnknownVariant, match="known"):
        get_ruleset("nope")


def test_max_days_ends_in_a_draw() -> None:
    game = fixed_game(max_days=1)
    _quiet_night(game)
    _speeches(game)
    _tied_vote(game)
    assert not game.over
    _quiet_night(game)
    assert game.over
    assert game.outcome is not None
    assert game.outcome.reason == "day_limit"
    assert game.outcome.winners == ()
