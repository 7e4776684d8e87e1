"""Boards, deck checks and options of chinese_werewolf."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from llm_werewolf.rules import Game, GameConfig, OptionsError, SetupError, get_ruleset
from llm_werewolf.rules.variants.chinese_werewolf import ChineseWerewolfOptions
from llm_werewolf.rules.variants.chinese_werewolf.roles import GODS

from .test_chinese_werewolf_support import VARIANT, Table

RULES = get_ruleset(VARIANT)


def deck(players: int, **options: object) -> Counter[str]:
    return Counter(RULES.standard_deck(players, RULES.parse_options(options)))


def test_registered_with_languages_and_switches() -> None:
    assert RULES.id == VARIANT
    assert RULES.languages == ("zh-Hant", "en")
    fields = ChineseWerewolfOptions.model_fields
    for switch, default in {
        "thief_must_take_wolf": "if_both",
        "same_guard_same_save_dies": True,
        "witch_self_save": "never",
        "witch_told_victim": "always",
        "tie_policy": "none",
        "victory_mode": "all_good",
        "exile_abstain": True,
        "exile_self_vote": False,
        "hunter_shot_timing": "before_win_check",
        "wolf_self_destruct": False,
    }.items():
        assert fields[switch].default == default
        assert fields[switch].description
    assert all(field.description for field in fields.values())


def test_the_boards_of_the_rules_notes() -> None:
    assert deck(9) == Counter(werewolf=3, seer=1, witch=1, hunter=1, villager=3)
    assert deck(12) == Counter(werewolf=4, seer=1, witch=1, hunter=1, guard=1, villager=4)


@pytest.mark.parametrize("players", range(6, 19))
def test_every_board_is_playable(players: int) -> None:
    cards = deck(players)
    assert sum(cards.values()) == players
    assert cards["werewolf"] == players // 3
    assert cards["seer"] == cards["witch"] == 1
    assert cards["hunter"] == (1 if players >= 7 else 0)
    assert cards["guard"] == (1 if players >= 11 else 0)
    assert cards["villager"] >= 1
    RULES.check_deck(tuple(cards.elements()), players, RULES.parse_options({}))


def test_options_add_roles_in_place_of_villagers() -> None:
    base = deck(12)
    more = deck(12, with_cupid=True, with_little_girl=True)
    assert more["cupid"] == more["little_girl"] == 1
    assert more["villager"] == base["villager"] - 2
    assert deck(9, with_guard=True)["guard"] == 1
    assert deck(12, with_guard=False)["guard"] == 0


def test_the_thief_brings_two_extra_cards() -> None:
    cards = deck(10, with_thief=True)
    assert cards["thief"] == 1
    assert sum(cards.values()) == 12
    game = Game(GameConfig(VARIANT, tuple(f"P{i}" for i in range(10)), seed=3, options={"with_thief": True}))
    assert len(game.state.seats) == 10
    assert len(game.state.extra) == 2


@pytest.mark.parametrize(
    ("roles", "extra", "options", "message"),
    [
        (["seer", "witch", "villager", "villager", "villager", "hunter"], [], {}, "werewolf"),
        (["werewolf", "witch", "villager", "villager", "villager", "hunter"], [], {}, "seer"),
        (["werewolf", "seer", "seer", "villager", "villager", "hunter"], [], {}, "at most one"),
        (["werewolf", "seer", "witch", "hunter", "guard", "cupid"], [], {}, "villager"),
        (["werewolf", "werewolf", "seer", "thief", "villager", "hunter"], ["villager"], {}, "8 cards"),
        (["werewolf", "seer", "thief", "villager", "villager", "hunter"], ["villager", "villager"], {}, "two"),
        (["werewolf", "seer", "villager", "villager", "villager"], [], {}, "6-18"),
    ],
)
def test_impossible_setups_are_refused(
    roles: list[str], extra: list[str], options: dict[str, Any], message: str
) -> None:
    with pytest.raises(SetupError, match=message):
        Table(roles, extra, **options)


def test_the_seer_requirement_is_a_switch() -> None:
    roles = ["werewolf", "witch", "villager", "villager", "villager", "hunter"]
    table = Table(roles, require_seer=False)
    assert not table.game.over


def test_a_crowded_small_board_is_refused_clearly() -> None:
    with pytest.raises(SetupError, match="no villager card left"):
        deck(6, with_cupid=True, with_little_girl=True, with_thief=True)


def test_bad_option_values_are_refused() -> None:
    with pytest.raises(OptionsError):
        RULES.parse_options({"witch_self_save": "sometimes"})
    with pytest.raises(OptionsError):
        RULES.parse_options({"little_girl_caught_probability": 2})


def test_gods_are_the_power_roles_of_the_village() -> None:
    assert {r.id for r in RULES.roles.values() if r.power} == set(GODS)
    assert RULES.roles["werewolf"].side == "wolves"
    assert {"village", "wolves", "lovers"} == set(RULES.sides)


def test_presets_are_valid_switch_sets_of_every_ruleset() -> None:
    from llm_werewolf.rules import all_rulesets

    for ruleset in all_rulesets():
        for name, preset in ruleset.presets.items():
            assert name == preset.name and preset.description
            ruleset.parse_options(ruleset.options_with_preset(name, {}))


def test_the_tencent_preset_sets_the_platform_rules_and_options_override_it() -> None:
    from llm_werewolf.rules import OptionsError

    options = RULES.parse_options(RULES.options_with_preset("tencent", {"sheriff": True}))
    assert (options.victory_mode, options.witch_self_save, options.tie_policy) == (
        "side_wipe",
        "first_night_only",
        "pk_revote_then_none",
    )
    assert options.exile_self_vote and options.wolf_self_destruct and options.sheriff
    assert options.hunter_shot_timing == "after_win_check"
    assert RULES.options_with_preset(None, {"sheriff": False}) == {"sheriff": False}
    with pytest.raises(OptionsError, match=r"no preset 'tencnt' \(presets: seed, tencent\)"):
        RULES.options_with_preset("tencnt", {})


def test_a_never_forced_thief_needs_three_werewolves_in_the_deck() -> None:
    from llm_werewolf.rules import SetupError
    from llm_werewolf.rules.variants.chinese_werewolf.roles import check_roles

    deck = ["werewolf"] * 2 + ["seer", "witch", "thief"] + ["villager"] * 6
    check_roles(deck, 9, ChineseWerewolfOptions())
    with pytest.raises(SetupError, match="at least three werewolves"):
        check_roles(deck, 9, ChineseWerewolfOptions(thief_must_take_wolf="never"))
