"""Victory in chinese_werewolf: side wipe / all good, lovers, draws, and the game's determinism."""

from __future__ import annotations

from llm_werewolf.rules import get_ruleset
from llm_werewolf.rules.events import same_records
from llm_werewolf.rules.variants.chinese_werewolf.options import ChineseWerewolfOptions
from llm_werewolf.sim import play_random

from .test_chinese_werewolf_support import VARIANT, Table

# seat: 0 seer, 1 witch, 2 werewolf, 3 villager, 4 villager, 5 hunter, 6 werewolf
SMALL = ["seer", "witch", "werewolf", "villager", "villager", "hunter", "werewolf"]


def test_village_wins_when_every_wolf_is_dead_and_dead_villagers_win_too() -> None:
    table = Table(SMALL)
    table.answer(1, "witch_poison", 2)
    table.answer(2, "wolf_kill", 3).answer(6, "wolf_kill", 3)
    for voter in (0, 1, 4, 5):
        table.answer(voter, "exile_vote", 6)
    table.run()
    outcome = table.game.outcome
    assert outcome is not None
    assert (outcome.sides, outcome.reason) == (("village",), "wolves_dead")
    assert set(outcome.winners) == {0, 1, 3, 4, 5}


def test_side_wipe_wolves_win_when_all_villagers_are_dead() -> None:
    table = Table(SMALL, victory_mode="side_wipe")
    table.answer(2, "wolf_kill", 3).answer(6, "wolf_kill", 3)
    for voter in (2, 6, 0):
        table.answer(voter, "exile_vote", 4)
    table.run()
    outcome = table.game.outcome
    assert outcome is not None
    assert (outcome.sides, outcome.reason, outcome.winners) == (("wolves",), "villagers_dead", (2, 6))
    assert table.game.state.phase.label == "end"
    assert len(table.game.state.living()) == 5


def test_side_wipe_wolves_win_when_all_gods_are_dead() -> None:
    table = Table(SMALL, victory_mode="side_wipe")
    table.answer(2, "wolf_kill", 0, 5).answer(6, "wolf_kill", 0, 5)
    table.answer(1, "witch_poison", 3)  # the witch is not a target; she is exiled
    for voter in (2, 6, 3, 4):
        table.answer(voter, "exile_vote", 1)
    table.run()
    outcome = table.game.outcome
    assert outcome is not None
    assert outcome.reason == "gods_dead"


def test_all_good_is_the_default_the_seeds_victory_b() -> None:
    """遊戲結束 B: 狼人殺死所有村民 — 村民 is the whole village side (the seed's 村民目標), not the plain villagers."""
    assert ChineseWerewolfOptions().victory_mode == "all_good"
    table = Table(SMALL, max_days=1)
    table.answer(2, "wolf_kill", 3).answer(6, "wolf_kill", 3)
    for voter in (2, 6, 0):
        table.answer(voter, "exile_vote", 4)
    table.run()
    outcome = table.game.outcome
    assert outcome is not None
    assert outcome.reason == "day_limit"  # every plain villager is dead, the gods live: no win yet


def test_all_good_mode_needs_every_non_wolf_dead() -> None:
    table = Table(SMALL, victory_mode="all_good", max_days=3)
    table.answer(2, "wolf_kill", 3, 0, 1).answer(6, "wolf_kill", 3, 0, 1)
    for voter in (2, 6, 0):
        table.answer(voter, "exile_vote", 4)
    table.run()
    outcome = table.game.outcome
    assert outcome is not None
    assert outcome.reason == "day_limit"
    assert (3, "wolves") in table.deaths() and (4, "exile") in table.deaths()


def test_all_good_mode_wolves_win_when_no_good_player_lives() -> None:
    roles = ["seer", "werewolf", "villager", "villager", "werewolf", "werewolf"]
    table = Table(roles, victory_mode="all_good")
    table.answer(1, "wolf_kill", 0, 2).answer(4, "wolf_kill", 0, 2).answer(5, "wolf_kill", 0, 2)
    for wolf in (1, 4, 5):
        table.answer(wolf, "exile_vote", 3)
    table.run()
    outcome = table.game.outcome
    assert outcome is not None
    assert (outcome.reason, outcome.sides) == ("good_dead", ("wolves",))


# seat: 0 cupid, 1 seer, 2 witch, 3 werewolf, 4 werewolf, 5 villager, 6 villager, 7 hunter
CUPID = ["cupid", "seer", "witch", "werewolf", "werewolf", "villager", "villager", "hunter"]


def test_a_mixed_couple_last_alive_wins_alone() -> None:
    table = Table(CUPID, victory_mode="all_good").answer(0, "cupid", 3, 5)
    # night 1: the witch poisons wolf 4; the wolves (3 alone counts: 4 votes too) kill 7
    table.answer(3, "wolf_kill", 7, 6, 1).answer(4, "wolf_kill", 7)
    table.answer(2, "witch_poison", 4)
    table.answer(7, "hunter_shot", 0)
    for voter in (3, 5, 6):
        table.answer(voter, "exile_vote", 2)
    for voter in (3, 5):
        table.answer(voter, "exile_vote", 1)
    table.run()
    outcome = table.game.outcome
    assert outcome is not None
    assert (outcome.sides, outcome.reason, outcome.winners) == (("lovers",), "lovers_last_two", (3, 5))
    rules = get_ruleset(VARIANT)
    assert rules.side_of(table.game.state, 3) == rules.side_of(table.game.state, 5) == "lovers"


def test_a_wolf_lover_keeps_the_village_from_winning() -> None:
    table = Table(CUPID, max_days=1).answer(0, "cupid", 3, 5)
    table.answer(2, "witch_poison", 4)
    table.run()
    outcome = table.game.outcome
    assert outcome is not None and outcome.reason == "day_limit"


def test_a_same_side_couple_wins_with_its_side() -> None:
    table = Table(CUPID).answer(0, "cupid", 5, 6)
    table.answer(2, "witch_poison", 4)
    for voter in (0, 1, 2, 5, 6, 7):
        table.answer(voter, "exile_vote", 3)
    table.run()
    outcome = table.game.outcome
    assert outcome is not None
    assert outcome.sides == ("village",) and {5, 6} <= set(outcome.winners)


def test_hunter_shooting_a_lover_kills_the_other_of_grief() -> None:
    table = Table(CUPID, max_days=1).answer(0, "cupid", 5, 6)
    table.answer(3, "wolf_kill", 7).answer(4, "wolf_kill", 7).answer(7, "hunter_shot", 5)
    table.run()
    assert table.deaths() == [(7, "wolves"), (5, "hunter"), (6, "grief")]


def test_a_grieving_hunter_cannot_shoot() -> None:
    table = Table(CUPID, max_days=1).answer(0, "cupid", 6, 7)
    table.answer(3, "wolf_kill", 6).answer(4, "wolf_kill", 6)
    table.run()
    assert table.deaths() == [(6, "wolves"), (7, "grief")]
    assert not table.kinds_asked("hunter_shot")


def test_a_game_over_asks_no_more_questions() -> None:
    table = Table(SMALL).answer(1, "witch_poison", 2)
    table.answer(2, "wolf_kill", 3).answer(6, "wolf_kill", 3)
    for voter in (0, 1, 4, 5):
        table.answer(voter, "exile_vote", 6)
    table.run()
    assert table.game.over and not table.game.pending
    # the night's dead speak; the exiled last wolf ends the game at once, without last words
    assert [d.seat for d in table.kinds_asked("last_words")] == [2, 3]


def test_random_games_end_and_are_deterministic() -> None:
    reasons = set()
    for seed in range(40):
        options = {"with_cupid": True, "with_thief": seed % 2 == 0, "with_little_girl": seed % 3 == 0}
        first = play_random(VARIANT, 12, seed, **options)
        second = play_random(VARIANT, 12, seed, **options)
        assert same_records(first.records, second.records)
        assert first.outcome is not None
        reasons.add(first.outcome.reason)
    assert {"wolves_dead"} < reasons
