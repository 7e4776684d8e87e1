"""lebanese_ghouls: decks, deck checks, options, metadata and text data."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from llm_werewolf.rules import Game, GameConfig, OptionsError, SetupError, get_ruleset
from llm_werewolf.rules.variants.lebanese_ghouls.options import GhoulsOptions
from llm_werewolf.rules.variants.lebanese_ghouls.roles import SEED_ROLES
from llm_werewolf.rules.variants.lebanese_ghouls.units import UNITS
from llm_werewolf.texts import load_yaml, role_name, terms

from .test_lebanese_ghouls_support import new_game

RULES = get_ruleset("lebanese_ghouls")


@pytest.mark.parametrize("players", range(4, 19))
def test_standard_deck_follows_the_notes(players: int) -> None:
    deck = Counter(RULES.standard_deck(players, GhoulsOptions()))
    assert sum(deck.values()) == players
    assert deck["ghoul"] == max(1, players // 4)
    assert deck["bassara"] == 1
    assert deck["sahra"] == (1 if players >= 7 else 0)
    assert deck["sayyad"] == deck["umm_lhaf"] == (1 if players >= 8 else 0)
    assert deck["jara"] == (1 if players >= 9 else 0)
    RULES.check_deck(tuple(deck.elements()), players, GhoulsOptions())


@pytest.mark.parametrize("players", [3, 19])
def test_player_count_limits(players: int) -> None:
    names = tuple(f"P{i}" for i in range(players))
    with pytest.raises(SetupError, match="4-18 players"):
        Game(GameConfig(variant="lebanese_ghouls", names=names))


@pytest.mark.parametrize(
    ("roles", "message"),
    [
        (("farmer", "farmer", "bassara", "farmer"), "at least one ghoul"),
        (("ghoul", "ghoul", "farmer", "bassara"), "2 ghouls need more players"),
        (("ghoul", "sahra", "sahra", "farmer", "farmer"), "at most one card each of sahra"),
        (("ghoul", "jara", "jara", "sayyad", "sayyad"), "jara, sayyad"),
        (("ghoul", "werewolf", "farmer", "farmer"), "no role 'werewolf'"),
    ],
)
def test_bad_custom_decks_are_refused(roles: tuple[str, ...], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        new_game(*roles)


def test_custom_deck_without_specials_is_fine() -> None:
    game = new_game("ghoul", "farmer", "farmer", "farmer")
    assert [d.kind for d in game.pending] == ["ghoul_kill"]


@pytest.mark.parametrize(
    "options",
    [
        {"tie_policy": "coin"},
        {"jara_caught_probability": 1.5},
        {"jara_caught_probability": -0.1},
        {"hunter_shoots_on": ["drowning"]},
        {"no_such_switch": True},
    ],
)
def test_bad_options_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(OptionsError):
        new_game("ghoul", "bassara", "farmer", "farmer", **options)


def test_option_defaults() -> None:
    options = GhoulsOptions()
    assert options.tie_policy == "revote_tied_then_none"
    assert options.jara_caught_probability == 0.0
    assert set(options.hunter_shoots_on) == {"execution", "ghouls"}
    assert options.call_inactive_roles is True
    assert GhoulsOptions.model_validate({"hunter_shoots_on": ["poison"]}).hunter_shoots_on == ("poison",)


def test_metadata() -> None:
    assert RULES.source_language == "ar-LB"
    assert RULES.languages == ("ar-LB", "en")
    assert set(SEED_ROLES) == {"umm_lhaf", "bassara", "ghoul", "sahra", "jara", "sayyad", "farmer"}
    assert set(RULES.roles) == set(SEED_ROLES) | {unit.role.id for unit in UNITS}
    assert RULES.roles["ghoul"].side == "ghouls"
    assert all(info.side == "farmers" for role, info in RULES.roles.items() if role != "ghoul")
    assert RULES.posthumous_kinds == frozenset({"sayyad_shot"}).union(*(u.posthumous_kinds for u in UNITS))
    assert "ghouls" in RULES.sides and "lovers" in RULES.sides


def test_language_choice() -> None:
    assert new_game("ghoul", "farmer", "farmer", "farmer", language="en").state.language == "en"
    assert new_game("ghoul", "farmer", "farmer", "farmer").state.language == "ar-LB"
    with pytest.raises(SetupError):
        new_game("ghoul", "farmer", "farmer", "farmer", language="ru")


@pytest.mark.parametrize("language", ["ar-LB", "en"])
def test_terms_name_every_role_side_and_cause(language: str) -> None:
    data = terms(language, "lebanese_ghouls")  # terms.yaml with the role units' role files laid over it
    assert set(data["roles"]) == set(RULES.roles)
    assert set(data["sides"]) == set(RULES.sides)
    assert set(data["causes"]) == set(RULES.death_causes)
    for role in RULES.roles:
        assert role_name(language, "lebanese_ghouls", role) != role


@pytest.mark.parametrize("language", ["ar-LB", "en"])
def test_canned_lines_exist(language: str) -> None:
    data = load_yaml("prompts", f"{language}/lebanese_ghouls/canned.yaml")
    for key in ("neutral", "reveal_ghoul", "jara_saw", "accuse", "defend"):
        assert data[key], key
    assert all("$target" in line for line in data["reveal_ghoul"] + data["jara_saw"])


def test_random_deal_uses_the_standard_deck() -> None:
    names = tuple(f"P{i}" for i in range(12))
    game = Game(GameConfig(variant="lebanese_ghouls", names=names, seed=5))
    assert Counter(s.role for s in game.state.seats) == Counter(RULES.standard_deck(12, GhoulsOptions()))
