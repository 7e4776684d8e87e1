"""lebanese_ghouls: the heuristic agent plays legal, sensible moves from its view only."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from llm_werewolf.agents.heuristic import HeuristicAgent, policy_for
from llm_werewolf.agents.heuristics import lebanese_ghouls as policy
from llm_werewolf.rules import Choice, Game, GameConfig, ViewBuilder
from llm_werewolf.rules.events import Speech, VoteCast

from .test_lebanese_ghouls_support import drive, idx, new_game


def play_heuristic(game: Game, seed: int = 0) -> Game:
    players = len(game.state.seats)
    builders = [ViewBuilder(i) for i in range(players)]
    for builder in builders:
        builder.extend(game.records)
    agents = [HeuristicAgent(seed * 100 + i) for i in range(players)]
    while not game.over:
        decision = game.pending[0]
        choice = agents[decision.seat].choose(builders[decision.seat].view(), decision)
        new = game.submit(decision.id, choice)  # raises if the choice were illegal
        for builder in builders:
            builder.extend(new)
    return game


def test_the_policy_is_registered() -> None:
    assert policy_for("lebanese_ghouls") is policy.decide


@pytest.mark.parametrize("language", ["ar-LB", "en"])
def test_heuristic_games_end_legally_in_both_languages(language: str) -> None:
    reasons: Counter[str] = Counter()
    for seed in range(60):
        players = 4 + seed % 15
        names = tuple(f"P{i + 1}" for i in range(players))
        options: dict[str, Any] = {"jara_caught_probability": 0.3} if seed % 3 == 0 else {}
        game = Game(GameConfig("lebanese_ghouls", names, seed=seed, language=language, options=options))
        play_heuristic(game, seed)
        assert game.outcome is not None
        reasons[game.outcome.reason] += 1
    assert reasons["ghouls_dead"] > 0 and reasons["farmers_dead"] > 0


def view_after(game: Game, seat: str) -> Any:
    return game.view(idx(seat))


TABLE = ("umm_lhaf", "bassara", "ghoul", "ghoul", "sahra", "jara", "sayyad", "farmer", "farmer")


def test_bassara_reveals_the_ghoul_she_found_and_everyone_votes_for_it() -> None:
    game = new_game(*TABLE, language="en", people=True)
    drive(
        game,
        {
            "A": {"umm_lhaf_first": ["H"], "umm_lhaf_second": ["I"]},
            "B": {"bassara_look": ["C"]},
            "C": {"ghoul_kill": ["G"]},
            "D": {"ghoul_kill": ["G"]},
            "F": {"jara_peek": ["sleep"]},
            "E": {"sahra_elixir": ["elixir"], "sahra_poison": ["skip"]},
        },
        speeches=False,
    )
    rng = random.Random(0)
    decision = game.pending[0]
    assert (decision.kind, decision.seat) == ("speech", idx("A"))
    game.submit(decision.id, policy.decide(game.view(idx("A")), decision, rng))
    decision = game.pending[0]
    choice = policy.decide(game.view(idx("B")), decision, rng)
    assert choice.claim == "bassara" and "Samir" in choice.text
    game.submit(decision.id, choice)
    while game.pending[0].kind == "speech":
        d = game.pending[0]
        game.submit(d.id, policy.decide(game.view(d.seat), d, rng))
    for d in list(game.pending):
        choice = policy.decide(game.view(d.seat), d, rng)
        if d.seat not in (idx("C"), idx("D")):
            assert choice.option == "seat:2", (d.seat, choice)
        else:  # the ghouls never vote for each other, but D may bus C, whom Bassara exposed (BUS_CHANCE)
            assert choice.option != "seat:3", (d.seat, choice)
            assert choice.option != "seat:2" or d.seat == idx("D"), (d.seat, choice)
        game.submit(d.id, choice)
    cast = [v for v in (r.event for r in game.records) if isinstance(v, VoteCast) and v.ballot == "execution"]
    assert Counter(v.target for v in cast).most_common(1)[0][0] == idx("C")


def test_ghouls_agree_on_one_prey_and_avoid_each_other() -> None:
    for seed in range(20):
        game = new_game(*TABLE, seed=seed)
        drive(game, {"A": {"umm_lhaf_first": ["H"], "umm_lhaf_second": ["I"]}, "B": {"bassara_look": ["C"]}})
        rng = random.Random(seed)
        kills = [d for d in game.pending if d.kind == "ghoul_kill"]
        picks = {policy.decide(game.view(d.seat), d, rng).option for d in kills}
        assert len(picks) == 1
        assert picks.isdisjoint({"seat:2", "seat:3"})


def test_a_ghoul_in_love_never_names_his_lover() -> None:
    game = new_game(*TABLE)
    drive(game, {"A": {"umm_lhaf_first": ["C"], "umm_lhaf_second": ["H"]}, "B": {"bassara_look": ["C"]}})
    rng = random.Random(1)
    for _ in range(5):
        kill = next(d for d in game.pending if d.kind == "ghoul_kill" and d.seat == idx("C"))
        assert policy.decide(game.view(idx("C")), kill, rng).option != "seat:7"


def test_sahra_saves_the_first_prey_and_jara_peeks() -> None:
    game = new_game(*TABLE)
    drive(
        game,
        {
            "A": {"umm_lhaf_first": ["H"], "umm_lhaf_second": ["I"]},
            "B": {"bassara_look": ["C"]},
            "C": {"ghoul_kill": ["G"]},
            "D": {"ghoul_kill": ["G"]},
        },
    )
    rng = random.Random(0)
    jara = next(d for d in game.pending if d.kind == "jara_peek")
    assert policy.decide(game.view(jara.seat), jara, rng) == Choice("peek")
    game.submit(jara.id, Choice("peek"))
    elixir = game.pending[0]
    assert elixir.kind == "sahra_elixir"
    assert policy.decide(game.view(elixir.seat), elixir, rng) == Choice("elixir")
    game.submit(elixir.id, Choice("elixir"))
    poison = game.pending[0]
    assert policy.decide(game.view(poison.seat), poison, rng) == Choice("skip")  # nobody exposed yet


def test_jara_accuses_a_ghoul_she_saw_and_sahra_poisons_the_exposed_ghoul() -> None:
    game = new_game(*TABLE, language="en", people=True)
    drive(
        game,
        {
            "A": {"umm_lhaf_first": ["H"], "umm_lhaf_second": ["I"], "vote": ["H"]},
            "B": {"bassara_look": ["E", "E"], "vote": ["H"]},
            "C": {"ghoul_kill": ["G", "B"], "vote": ["H"]},
            "D": {"ghoul_kill": ["G", "B"], "vote": ["H"]},
            "F": {"jara_peek": ["peek", "sleep"], "vote": ["H"]},
            "E": {"sahra_elixir": ["skip"], "sahra_poison": ["skip"], "vote": ["H"]},
            "G": {"sayyad_shot": ["skip"]},
            "H": {"vote": ["A"]},
        },
        speeches=False,
    )
    rng = random.Random(0)
    while game.pending and game.pending[0].kind == "speech":
        d = game.pending[0]
        if d.seat in (idx("C"), idx("D")):  # the ghouls keep quiet here (no counter-claim)
            game.submit(d.id, Choice(d.options[0].id, text="..."))
            continue
        game.submit(d.id, policy.decide(game.view(d.seat), d, rng))
    jara_speech = next(s for s in (r.event for r in game.records) if isinstance(s, Speech) and s.seat == idx("F"))
    assert jara_speech.claim == "jara" and "Samir" in jara_speech.text
    drive(game, {x: {"vote": ["H"]} for x in "ABCDEFI"} | {"H": {"vote": ["A"]}})
    drive(
        game,
        {
            "B": {"bassara_look": ["E"]},
            "C": {"ghoul_kill": ["B"]},
            "D": {"ghoul_kill": ["B"]},
            "F": {"jara_peek": ["sleep"]},
        },
    )
    poison = game.pending[0]
    assert poison.kind == "sahra_elixir"
    game.submit(poison.id, Choice("skip"))
    poison = game.pending[0]
    assert poison.kind == "sahra_poison"
    assert policy.decide(game.view(poison.seat), poison, rng).option == "seat:2"


def test_sayyad_shoots_an_exposed_ghoul() -> None:
    game = new_game(*TABLE, language="en", people=True)
    drive(
        game,
        {
            "A": {"umm_lhaf_first": ["H"], "umm_lhaf_second": ["I"], "vote": ["G"]},
            "B": {"bassara_look": ["D"], "vote": ["G"]},
            "C": {"ghoul_kill": ["I"], "vote": ["G"]},
            "D": {"ghoul_kill": ["I"], "vote": ["G"]},
            "F": {"jara_peek": ["sleep"], "vote": ["G"]},
            "E": {"sahra_elixir": ["elixir"], "sahra_poison": ["skip"], "vote": ["G"]},
            "G": {"vote": ["A"]},
            "H": {"vote": ["G"]},
            "I": {"vote": ["G"]},
        },
        speeches=False,
    )
    rng = random.Random(0)
    while game.pending[0].kind == "speech":
        d = game.pending[0]
        game.submit(d.id, policy.decide(game.view(d.seat), d, rng))
    drive(game, {x: {"vote": ["G"]} for x in "ABCDEFHI"} | {"G": {"vote": ["A"]}})
    shot = game.pending[0]
    assert (shot.kind, shot.seat) == ("sayyad_shot", idx("G"))
    assert policy.decide(game.view(shot.seat), shot, rng).option == "seat:3"


def test_umm_lhaf_sometimes_picks_herself_and_always_two_distinct_players() -> None:
    picked_self = 0
    for seed in range(30):
        game = new_game(*TABLE, seed=seed)
        rng = random.Random(seed)
        first = game.pending[0]
        choice = policy.decide(game.view(0), first, rng)
        picked_self += choice.option == "seat:0"
        game.submit(first.id, choice)
        second = game.pending[0]
        game.submit(second.id, policy.decide(game.view(0), second, rng))
        assert len(set(game.state.data.lovers)) == 2
    assert 0 < picked_self < 30
