"""City Mafia setups, custom card lists, registry metadata and text data."""

from __future__ import annotations

from collections import Counter

import pytest

from llm_werewolf.rules import Game, GameConfig, SetupError, get_ruleset
from llm_werewolf.rules.variants.city_mafia.roles import SEED_ROLES
from llm_werewolf.rules.variants.city_mafia.units import UNITS
from llm_werewolf.texts import load_yaml, role_name, terms

RULES = get_ruleset("city_mafia")


def names(n: int) -> tuple[str, ...]:
    return tuple(f"P{i}" for i in range(n))


@pytest.mark.parametrize("players", range(7, 21))
def test_standard_tables_follow_the_notes(players: int) -> None:
    deck = Counter(RULES.standard_deck(players, RULES.parse_options({})))
    assert sum(deck.values()) == players
    assert deck["mafia"] + deck["don"] == max(1, players // 4)
    assert deck["don"] == (1 if players >= 8 else 0)
    assert deck["sheriff"] == 1
    assert deck["putana"] == (1 if players >= 9 else 0)
    assert deck["maniac"] == (1 if players >= 10 else 0)
    assert deck["doctor"] == (1 if players >= 13 else 0)
    assert deck["citizen"] >= 4
    game = Game(GameConfig(variant="city_mafia", names=names(players), seed=players))
    assert Counter(game.state.roles()) == deck


def test_the_standard_table_for_twelve() -> None:
    deck = RULES.standard_deck(12, RULES.parse_options({}))
    assert sorted(deck) == sorted(["don", "mafia", "mafia", "sheriff", "putana", "maniac", *["citizen"] * 6])


@pytest.mark.parametrize(
    ("roles", "message"),
    [
        (["doctor", "mafia", "sheriff", *["citizen"] * 9], "Doctor plays only with 13 or more players"),
        (["don", "don", "sheriff", *["citizen"] * 6], "at most one card each of don"),
        (["mafia", "sheriff", "sheriff", *["citizen"] * 4], "at most one card each of sheriff"),
        (["maniac", "maniac", "mafia", *["citizen"] * 7], "at most one card each of maniac"),
        (["sheriff", "putana", *["citizen"] * 5], "at least one mafia card"),
        (["don", "mafia", "mafia", "mafia", "sheriff", "citizen", "citizen"], "mafia must be fewer"),
        (["don", "mafia", "sheriff", "citizen"], "7-20 players"),
        (["godfather", "sheriff", *["citizen"] * 5], "no role 'godfather'"),
    ],
)
def test_impossible_card_lists_are_refused(roles: list[str], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        Game(GameConfig(variant="city_mafia", names=names(len(roles)), roles=tuple(roles)))


def test_a_doctor_at_thirteen_is_fine() -> None:
    roles = ("doctor", "don", "mafia", "sheriff", *["citizen"] * 9)
    game = Game(GameConfig(variant="city_mafia", names=names(13), roles=roles))
    assert game.state.roles() == roles


def test_custom_decks_are_shuffled_by_the_seed() -> None:
    deck = ("maniac", "putana", "mafia", "sheriff", *["citizen"] * 3)
    deals = {Game(GameConfig(variant="city_mafia", names=names(7), seed=s, deck=deck)).state.roles() for s in range(8)}
    assert len(deals) > 1
    assert all(Counter(d) == Counter(deck) for d in deals)


def test_unknown_options_are_refused() -> None:
    with pytest.raises(SetupError, match="tie_policy"):
        Game(GameConfig(variant="city_mafia", names=names(8), options={"tie_policy": "coin"}))


def test_metadata() -> None:
    assert RULES.id == "city_mafia"
    assert RULES.languages == ("ru", "en")
    assert RULES.posthumous_kinds == frozenset({"last_words"})
    assert set(RULES.sides) == {"town", "mafia", "maniac"}
    assert {r: RULES.side_of_role(r) for r in SEED_ROLES} == {  # role units: test_city_mafia_units.py
        "putana": "town",
        "mafia": "mafia",
        "don": "mafia",
        "sheriff": "town",
        "doctor": "town",
        "maniac": "maniac",
        "citizen": "town",
    }
    defaults = RULES.parse_options({})
    assert defaults.first_night_kills is True
    assert defaults.leaderless_disagreement == "mafia_loses"
    assert defaults.tie_policy == "vote_all_or_none"
    assert defaults.night_last_words is True


@pytest.mark.parametrize("language", ["ru", "en"])
def test_every_role_side_and_cause_has_a_name(language: str) -> None:
    vocab = terms(language, "city_mafia")
    for key, ids in (("roles", RULES.roles), ("sides", RULES.sides), ("causes", RULES.death_causes)):
        assert set(vocab[key]) == set(ids), key
    assert role_name(language, "city_mafia", "putana") != "putana"
    cues = vocab["cues"]
    for role in (*SEED_ROLES, *(unit.role.id for unit in UNITS if unit.wakes_after)):  # the roles the night calls
        if role != "citizen":
            assert cues["wake"][role] and cues["sleep"][role]


def test_seed_lines_are_kept_in_russian() -> None:
    cues = terms("ru", "city_mafia")["cues"]
    assert cues["wake"]["putana"] == "Просыпается Путана."
    assert cues["sleep"]["mafia"] == "Мафия засыпает."
    assert cues["wake"]["don"] == "Просыпается Дон, ищет Шерифа."


@pytest.mark.parametrize("language", ["ru", "en"])
def test_canned_lines_cover_what_the_heuristic_says(language: str) -> None:
    canned = load_yaml("prompts", f"{language}/city_mafia/canned.yaml")
    for key in ("neutral", "accuse", "suspect", "reveal_mafia", "defend", "last_words"):
        assert canned[key], key
    assert all("$target" in line for line in canned["reveal_mafia"])
