"""Decks, player counts, options and the night's calls."""

from __future__ import annotations

from collections import Counter

import pytest

from llm_werewolf.rules import Game, GameConfig, OptionsError, SetupError, get_ruleset
from llm_werewolf.rules.events import Cue, same_records
from llm_werewolf.rules.questions import questions
from llm_werewolf.rules.variants.one_night.night import called
from llm_werewolf.rules.variants.one_night.roles import NIGHT_ORDER, ROLES, SEED_ROLES
from llm_werewolf.rules.variants.one_night.setups import standard_deck

from .test_one_night_support import play

RULES = get_ruleset("one_night")
V = "villager"


def _names(n: int) -> tuple[str, ...]:
    return tuple(f"P{i}" for i in range(n))


@pytest.mark.parametrize("players", range(3, 13))
def test_standard_deck_has_three_more_cards_than_players_and_is_legal(players: int) -> None:
    deck = standard_deck(players)
    assert len(deck) == players + 3
    RULES.check_deck(deck, players, RULES.parse_options({}))
    game = Game(GameConfig(variant="one_night", names=_names(players), seed=players))
    assert len(game.state.extra) == 3
    assert Counter(game.state.roles()) + Counter(game.state.extra) == Counter(deck)


@pytest.mark.parametrize("players", [2, 13])
def test_player_counts_outside_3_to_12_are_refused(players: int) -> None:
    with pytest.raises(SetupError):
        Game(GameConfig(variant="one_night", names=_names(players)))


def test_a_deck_without_a_wolf_card_is_refused() -> None:
    with pytest.raises(SetupError, match="Werewolf"):
        play(["seer", V, V], ["robber", "minion", "tanner"])


def test_a_mystic_wolf_alone_is_enough_wolf() -> None:
    t = play(["mystic_wolf", V, V], ["robber", "seer", "tanner"])
    assert t.game.over


@pytest.mark.parametrize(
    "center",
    [["robber", V], ["robber", V, V, V]],
)
def test_the_center_must_hold_exactly_three_cards(center: list[str]) -> None:
    with pytest.raises(SetupError, match="cards"):
        play(["werewolf", V, V], center)


def test_a_deck_of_the_wrong_size_is_refused() -> None:
    with pytest.raises(SetupError):
        Game(GameConfig(variant="one_night", names=_names(4), deck=("werewolf", V, V, V, V, V)))


def test_at_most_two_masons() -> None:
    with pytest.raises(SetupError, match="mason"):
        play(["mason", "mason", "werewolf", V], ["mason", V, V])


@pytest.mark.parametrize("role", ["doppelganger", "seer", "paranormal_investigator", "tanner", "hunter"])
def test_single_card_roles_appear_once(role: str) -> None:
    with pytest.raises(SetupError, match=role):
        play([role, role, "werewolf", V], [V, V, V])


def test_unknown_roles_and_options_are_refused() -> None:
    with pytest.raises(SetupError, match="wolfe"):
        play(["wolfe", V, V], [V, V, "werewolf"])
    with pytest.raises(OptionsError):
        play(["werewolf", V, V], [V, V, "seer"], discussion_round=1)
    with pytest.raises(OptionsError):
        play(["werewolf", V, V], [V, V, "seer"], minion_only_death_wolfless="wolves_win")


def test_every_role_has_a_side_and_the_metadata_is_complete() -> None:
    assert len(SEED_ROLES) == 15  # the seed's cards; role units add theirs (test_one_night_units.py)
    assert set(RULES.sides) == {r.side for r in ROLES.values()}
    assert RULES.source_language == "ar" and RULES.languages == ("ar", "en")
    assert RULES.posthumous_kinds == frozenset()


def test_every_role_in_the_deck_is_called_even_from_the_center() -> None:
    t = play(["werewolf", V, V], ["seer", "robber", "insomniac"])
    wakes = [c.role for c in t.events(Cue) if c.key == "wake"]
    sleeps = [c.role for c in t.events(Cue) if c.key == "sleep"]
    assert wakes == sleeps == ["werewolf", "seer", "robber", "insomniac"]
    asked = {a.decision for a in questions(t.game.records)} - {"speech", "vote", "wolf_center"}
    assert asked == set()


def test_calls_follow_the_seed_order() -> None:
    deck = tuple(ROLES)
    assert called(deck) == NIGHT_ORDER
    assert called(("mystic_wolf", V)) == ("werewolf", "mystic_wolf")


def test_the_full_night_order_with_every_role() -> None:
    roles = [
        "doppelganger",
        "werewolf",
        "mystic_wolf",
        "minion",
        "mason",
        "mason",
        "seer",
        "paranormal_investigator",
        "robber",
        "troublemaker",
        "drunk",
        "insomniac",
    ]
    woken = [role for role in NIGHT_ORDER if role not in SEED_ROLES]  # role units that wake: in the center
    assert len(woken) <= 3, "room for three role units in the center"
    center = [*woken, "tanner", "hunter", "little_girl"][:3]
    t = play(roles, center, {(0, "doppel_copy"): ["seat:11"]})
    wakes = [(c.key, c.role) for c in t.events(Cue) if c.key.endswith("wake")]
    assert wakes == [("wake", r) for r in NIGHT_ORDER] + [("doppel_wake", "insomniac")]


def test_the_same_seed_and_choices_give_the_same_log() -> None:
    one = Game(GameConfig(variant="one_night", names=_names(7), seed=42))
    two = Game(GameConfig(variant="one_night", names=_names(7), seed=42))
    assert same_records(one.records, two.records)
    deals = {Game(GameConfig(variant="one_night", names=_names(7), seed=s)).state.roles() for s in range(10)}
    assert len(deals) > 1
