"""The win table, one line at a time (identities are what each card counts as at the end)."""

from __future__ import annotations

from llm_werewolf.rules.variants.one_night.win import (
    Facts,
    judge,
    minions_winning_alone,
    tanners_winning,
    village_wins,
    wolves_win,
)

V = "villager"


def test_village_wins_when_a_werewolf_dies() -> None:
    outcome = judge(["werewolf", "seer", V, "minion"], {0})
    assert outcome.sides == ("village",)
    assert outcome.winners == (1, 2)
    assert outcome.reason == "werewolf_died"


def test_village_wins_when_a_mystic_wolf_dies_even_if_a_villager_dies_too() -> None:
    outcome = judge(["mystic_wolf", "werewolf", V, "seer"], {0, 2})
    assert outcome.sides == ("village",)
    assert outcome.winners == (2, 3)


def test_village_wins_with_no_werewolf_among_players_and_nobody_dead() -> None:
    outcome = judge(["seer", V, "minion", "tanner"], set())
    assert outcome.sides == ("village",)
    assert outcome.winners == (0, 1)
    assert outcome.reason == "no_werewolf_no_death"


def test_village_loses_with_no_werewolf_among_players_when_someone_dies() -> None:
    outcome = judge(["seer", V, "robber"], {1})
    assert outcome.winners == () and outcome.sides == ()
    assert outcome.reason == "no_winner"


def test_werewolves_and_minion_win_when_no_werewolf_dies() -> None:
    outcome = judge(["werewolf", "minion", V, "seer"], {2})
    assert outcome.sides == ("wolves",)
    assert outcome.winners == (0, 1)
    assert outcome.reason == "werewolves_survived"


def test_werewolves_win_when_nobody_dies() -> None:
    outcome = judge(["werewolf", "seer", V], set())
    assert outcome.sides == ("wolves",) and outcome.winners == (0,)


def test_werewolves_win_even_if_the_minion_dies() -> None:
    outcome = judge(["werewolf", "minion", V], {1})
    assert outcome.sides == ("wolves",) and outcome.winners == (0, 1)


def test_werewolves_lose_when_the_tanner_dies_and_he_wins_alone() -> None:
    outcome = judge(["werewolf", "tanner", V, "seer"], {1})
    assert outcome.sides == ("tanner",)
    assert outcome.winners == (1,)
    assert outcome.reason == "tanner_died"


def test_tanner_and_village_both_win_when_a_tanner_and_a_werewolf_die() -> None:
    outcome = judge(["werewolf", "tanner", V], {0, 1})
    assert outcome.sides == ("village", "tanner")
    assert outcome.winners == (1, 2)


def test_a_tanner_who_survives_never_wins() -> None:
    outcome = judge(["werewolf", "tanner", V], {2})
    assert 1 not in outcome.winners
    assert tanners_winning(Facts(("werewolf", "tanner", V), frozenset({2}))) == ()


def test_minion_alone_wins_when_someone_else_dies() -> None:
    outcome = judge(["minion", "seer", V], {1})
    assert outcome.sides == ("wolves",)
    assert outcome.winners == (0,)
    assert outcome.reason == "minion_alone_death"


def test_minion_alone_loses_when_nobody_dies() -> None:
    outcome = judge(["minion", "seer", V], set())
    assert outcome.sides == ("village",) and 0 not in outcome.winners


def test_minion_alone_loses_when_the_tanner_dies() -> None:
    outcome = judge(["minion", "tanner", V], {1})
    assert outcome.sides == ("tanner",) and outcome.winners == (1,)


def test_only_the_minion_dies_without_werewolves_nobody_wins_by_default() -> None:
    outcome = judge(["minion", "seer", V], {0})
    assert outcome.winners == () and outcome.sides == ()
    assert outcome.reason == "only_minion_died"


def test_only_the_minion_dies_without_werewolves_village_wins_by_switch() -> None:
    outcome = judge(["minion", "seer", V], {0}, "village_wins")
    assert outcome.sides == ("village",) and outcome.winners == (1, 2)
    assert outcome.reason == "only_minion_died"


def test_the_predicates_agree_with_the_table() -> None:
    facts = Facts(("werewolf", "minion", "tanner", V), frozenset({2}))
    assert not village_wins(facts)
    assert not wolves_win(facts)
    assert minions_winning_alone(facts) == ()
    assert tanners_winning(facts) == (2,)
    wolfless = Facts(("minion", "seer", V), frozenset({1}))
    assert minions_winning_alone(wolfless) == (0,)
    assert not wolves_win(wolfless)
