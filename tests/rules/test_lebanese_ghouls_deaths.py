"""lebanese_ghouls: the lovers' grief and the Sayyad's shot, with their chains."""

from __future__ import annotations

from typing import Any

from llm_werewolf.rules import Choice, Game
from llm_werewolf.rules.events import ActionTaken, Announcement

from .test_lebanese_ghouls_support import announced, deaths, drive, events, idx, new_game, pending_kinds

# A umm_lhaf, B bassara, C ghoul, D ghoul, E sahra, F sayyad, G..J farmers (10 seats)
TABLE = ("umm_lhaf", "bassara", "ghoul", "ghoul", "sahra", "sayyad", "farmer", "farmer", "farmer", "farmer")


def night_one(
    lovers: tuple[str, str], prey: str, *, elixir: bool = False, poison: str = "skip", **options: Any
) -> Game:
    game = new_game(*TABLE, **options)
    drive(
        game,
        {
            "A": {"umm_lhaf_first": [lovers[0]], "umm_lhaf_second": [lovers[1]]},
            "B": {"bassara_look": ["C"]},
            "C": {"ghoul_kill": [prey]},
            "D": {"ghoul_kill": [prey]},
            "E": {"sahra_elixir": ["elixir" if elixir else "skip"], "sahra_poison": [poison]},
        },
    )
    return game


def vote_out(game: Game, target: str) -> None:
    for decision in list(game.pending):
        assert decision.kind == "vote", decision
        voter_target = target if decision.seat != idx(target) else ("G" if target != "G" else "H")
        game.submit(decision.id, Choice(f"seat:{idx(voter_target)}"))


def test_lover_dies_of_grief_after_a_night_kill() -> None:
    game = night_one(("G", "H"), "G")
    assert deaths(game) == [("G", "ghouls", "day:1"), ("H", "grief", "day:1")]
    assert [(d.seat, d.cause) for d in announced(game)[0][1]] == [(idx("G"), "ghouls"), (idx("H"), "grief")]


def test_lover_dies_of_grief_after_poison() -> None:
    game = night_one(("G", "H"), "I", poison="H")
    assert deaths(game) == [("I", "ghouls", "day:1"), ("H", "poison", "day:1"), ("G", "grief", "day:1")]


def test_poisoning_the_prey_s_lover_after_grief_kills_once() -> None:
    game = night_one(("G", "H"), "G", poison="H")
    assert deaths(game) == [("G", "ghouls", "day:1"), ("H", "grief", "day:1")]


def test_lovers_chain_on_execution_and_only_the_executed_card_is_shown() -> None:
    game = night_one(("G", "H"), "I")
    vote_out(game, "G")
    assert deaths(game)[-2:] == [("G", "execution", "day:1"), ("H", "grief", "day:1")]
    moment, shown = announced(game)[-1]
    assert moment == "execution"
    assert [(d.seat, d.cause, d.role) for d in shown] == [(idx("G"), "execution", "farmer"), (idx("H"), "grief", None)]


def test_sayyad_eaten_by_ghouls_shoots_during_the_day() -> None:
    game = night_one(("G", "H"), "F")
    assert pending_kinds(game) == [("F", "sayyad_shot")]
    shot = game.pending[0]
    assert shot.default == "skip" and "seat:5" not in shot.option_ids and "skip" in shot.option_ids
    cards = [a for a in events(game, Announcement) if a.key == "sayyad_card"]
    assert [(c.seats, c.value) for c in cards] == [((idx("F"),), "sayyad")]
    game.submit(shot.id, Choice("seat:2"))
    assert deaths(game) == [("F", "ghouls", "day:1"), ("C", "shot", "day:1")]
    assert [(a.seat, a.action, a.targets) for a in events(game, ActionTaken) if a.action == "shoot"] == [
        (idx("F"), "shoot", (idx("C"),))
    ]
    assert announced(game)[-1][0] == "shot"
    assert pending_kinds(game)[0][1] == "speech"


def test_sayyad_executed_shoots() -> None:
    game = night_one(("G", "H"), "I")
    vote_out(game, "F")
    assert pending_kinds(game) == [("F", "sayyad_shot")]
    game.submit(game.pending[0].id, Choice("seat:3"))
    assert deaths(game)[-2:] == [("F", "execution", "day:1"), ("D", "shot", "day:1")]


def test_sayyad_shooting_a_lover_takes_the_partner_along() -> None:
    game = night_one(("G", "H"), "F")
    game.submit(game.pending[0].id, Choice("seat:6"))
    assert deaths(game) == [("F", "ghouls", "day:1"), ("G", "shot", "day:1"), ("H", "grief", "day:1")]
    assert [(d.seat, d.cause) for d in announced(game)[-1][1]] == [(idx("G"), "shot"), (idx("H"), "grief")]


def test_sayyad_may_hold_fire() -> None:
    game = night_one(("G", "H"), "F")
    game.submit(game.pending[0].id, Choice("skip"))
    assert deaths(game) == [("F", "ghouls", "day:1")]
    assert [a.seats for a in events(game, Announcement) if a.key == "sayyad_holds_fire"] == [(idx("F"),)]


def test_sayyad_poisoned_by_the_witch_does_not_shoot() -> None:
    game = night_one(("G", "H"), "I", poison="F")
    assert ("F", "poison", "day:1") in deaths(game)
    assert all(kind != "sayyad_shot" for _, kind in pending_kinds(game))
    assert not [a for a in events(game, Announcement) if a.key == "sayyad_card"]


def test_sayyad_dying_of_grief_does_not_shoot_by_default() -> None:
    game = night_one(("F", "G"), "G")
    assert deaths(game) == [("G", "ghouls", "day:1"), ("F", "grief", "day:1")]
    assert all(kind != "sayyad_shot" for _, kind in pending_kinds(game))


def test_switch_lets_the_sayyad_shoot_after_grief_and_poison() -> None:
    game = night_one(("F", "G"), "G", hunter_shoots_on=["grief"])
    assert pending_kinds(game) == [("F", "sayyad_shot")]
    game = night_one(("G", "H"), "I", poison="F", hunter_shoots_on=["poison"])
    assert pending_kinds(game) == [("F", "sayyad_shot")]


def test_switch_can_silence_the_sayyad_on_execution() -> None:
    game = night_one(("G", "H"), "I", hunter_shoots_on=["ghouls"])
    vote_out(game, "F")
    assert all(kind != "sayyad_shot" for _, kind in pending_kinds(game))
    assert ("F", "execution", "day:1") in deaths(game)


def test_sayyad_lover_shot_chain_does_not_shoot_again() -> None:
    # the Sayyad is G's lover; he is eaten, G dies of grief, he shoots once
    game = night_one(("F", "G"), "F")
    assert deaths(game) == [("F", "ghouls", "day:1"), ("G", "grief", "day:1")]
    assert pending_kinds(game) == [("F", "sayyad_shot")]
    game.submit(game.pending[0].id, Choice("seat:3"))
    assert deaths(game)[-1] == ("D", "shot", "day:1")
    assert all(kind != "sayyad_shot" for _, kind in pending_kinds(game))


def test_saved_sayyad_does_not_shoot() -> None:
    game = night_one(("G", "H"), "F", elixir=True)
    assert deaths(game) == []
    assert all(kind != "sayyad_shot" for _, kind in pending_kinds(game))
