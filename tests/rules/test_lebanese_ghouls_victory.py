"""lebanese_ghouls: who wins, checked after every death resolution."""

from __future__ import annotations

from .test_lebanese_ghouls_support import deaths, drive, idx, new_game


def test_farmers_win_when_no_ghoul_lives_and_dead_farmers_win_too() -> None:
    game = new_game("ghoul", "bassara", "farmer", "farmer", "farmer")
    drive(
        game,
        {
            "B": {"bassara_look": ["A"], "vote": ["A"]},
            "A": {"ghoul_kill": ["C"], "vote": ["B"]},
            "D": {"vote": ["A"]},
            "E": {"vote": ["A"]},
        },
    )
    assert game.outcome is not None
    assert game.outcome.sides == ("farmers",) and game.outcome.reason == "ghouls_dead"
    assert game.outcome.winners == (1, 2, 3, 4)


def test_ghouls_win_when_no_non_ghoul_lives() -> None:
    game = new_game("ghoul", "bassara", "farmer", "farmer")
    drive(
        game,
        {
            "B": {"bassara_look": ["C", "A"], "vote": ["D"]},
            "A": {"ghoul_kill": ["C", "B"], "vote": ["D"]},
            "D": {"vote": ["A"]},
        },
    )
    assert game.outcome is not None
    assert (game.outcome.sides, game.outcome.reason, game.outcome.winners) == (("ghouls",), "farmers_dead", (0,))
    assert deaths(game) == [("C", "ghouls", "day:1"), ("D", "execution", "day:1"), ("B", "ghouls", "day:2")]


def test_lovers_across_sides_win_as_the_last_two() -> None:
    # A (Umm Lhaf) links B (ghoul) and C (farmer); the ghoul eats D, the table executes A, then E is eaten.
    game = new_game("umm_lhaf", "ghoul", "farmer", "farmer", "bassara")
    drive(
        game,
        {
            "A": {"umm_lhaf_first": ["B"], "umm_lhaf_second": ["C"], "vote": ["B"]},
            "E": {"bassara_look": ["B", "C"], "vote": ["A"]},
            "B": {"ghoul_kill": ["D", "E"], "vote": ["A"]},
            "C": {"vote": ["A"]},
        },
    )
    assert game.outcome is not None
    assert (game.outcome.sides, game.outcome.reason) == (("lovers",), "lovers_last_alive")
    assert game.outcome.winners == (idx("B"), idx("C"))
    rules = game.ruleset
    assert rules.side_of(game.state, idx("B")) == "lovers" and rules.side_of(game.state, idx("C")) == "lovers"
    assert rules.side_of(game.state, idx("A")) == "farmers"


def test_mixed_lovers_do_not_share_their_card_side_s_win() -> None:
    # B (ghoul) loves C (farmer). Day 1 the table executes B (C dies of grief), day 2 the ghoul F.
    game = new_game("umm_lhaf", "ghoul", "farmer", "farmer", "bassara", "ghoul", "farmer", "farmer", "farmer")
    drive(
        game,
        {
            "A": {"umm_lhaf_first": ["B"], "umm_lhaf_second": ["C"], "vote": ["B", "F"]},
            "E": {"bassara_look": ["B", "F"], "vote": ["B", "F"]},
            "B": {"ghoul_kill": ["D"], "vote": ["A"]},
            "F": {"ghoul_kill": ["D", "G"], "vote": ["A", "A"]},
            "C": {"vote": ["B"]},
            "G": {"vote": ["B"]},
            "H": {"vote": ["B", "F"]},
            "I": {"vote": ["B", "F"]},
        },
    )
    assert game.outcome is not None
    assert game.outcome.sides == ("farmers",)
    assert set(game.outcome.winners) == {idx(x) for x in "ADEGHI"}


def test_same_side_lovers_win_with_their_side() -> None:
    # A (Umm Lhaf) links D and E, both farmers; the table executes the ghoul: the farmers win.
    game = new_game("umm_lhaf", "ghoul", "bassara", "farmer", "farmer")
    drive(
        game,
        {
            "A": {"umm_lhaf_first": ["D"], "umm_lhaf_second": ["E"], "vote": ["B"]},
            "C": {"bassara_look": ["B"], "vote": ["B"]},
            "B": {"ghoul_kill": ["A"], "vote": ["C"]},
            "D": {"vote": ["B"]},
            "E": {"vote": ["B"]},
        },
    )
    assert game.outcome is not None
    assert (game.outcome.sides, game.outcome.reason) == (("farmers",), "ghouls_dead")
    assert set(game.outcome.winners) == {idx(x) for x in "ACDE"}
    assert game.ruleset.side_of(game.state, idx("D")) == "farmers"


def test_same_side_lovers_as_last_two_win_with_their_side() -> None:
    # A (Umm Lhaf) links C and D, both farmers. The ghoul eats A; day 1 the table executes E (Sayyad),
    # who shoots the ghoul B: C and D are the last two, and all the farmers win with them.
    game = new_game("umm_lhaf", "ghoul", "farmer", "farmer", "sayyad")
    drive(
        game,
        {
            "A": {"umm_lhaf_first": ["C"], "umm_lhaf_second": ["D"]},
            "B": {"ghoul_kill": ["A"], "vote": ["E"]},
            "C": {"vote": ["E"]},
            "D": {"vote": ["E"]},
            "E": {"vote": ["B"], "sayyad_shot": ["B"]},
        },
    )
    assert game.outcome is not None
    assert game.state.living() == (idx("C"), idx("D"))
    assert (game.outcome.sides, game.outcome.reason) == (("farmers",), "ghouls_dead")
    assert set(game.outcome.winners) == {idx(x) for x in "ACDE"}


def test_nobody_wins_when_nobody_is_left_after_a_chain() -> None:
    # D (Umm Lhaf) links A (ghoul) and C (farmer); the ghoul eats D. Day 1 the table executes
    # B (Sayyad), who shoots A; C dies of grief: nobody is left, nobody wins.
    game = new_game("ghoul", "sayyad", "farmer", "umm_lhaf")
    drive(
        game,
        {
            "D": {"umm_lhaf_first": ["A"], "umm_lhaf_second": ["C"]},
            "A": {"ghoul_kill": ["D"], "vote": ["B"]},
            "C": {"vote": ["B"]},
            "B": {"vote": ["A"], "sayyad_shot": ["A"]},
        },
    )
    assert game.outcome is not None
    assert (game.outcome.winners, game.outcome.sides, game.outcome.reason) == ((), (), "nobody_alive")
    assert deaths(game) == [
        ("D", "ghouls", "day:1"),
        ("B", "execution", "day:1"),
        ("A", "shot", "day:1"),
        ("C", "grief", "day:1"),
    ]


def test_nobody_wins_when_every_tied_player_is_executed() -> None:
    game = new_game("ghoul", "farmer", "farmer", "bassara", tie_policy="all_tied_die")
    drive(
        game,
        {
            "D": {"bassara_look": ["A"]},
            "A": {"ghoul_kill": ["D"], "vote": ["B"]},
            "B": {"vote": ["C"]},
            "C": {"vote": ["A"]},
        },
    )
    assert game.outcome is not None and game.outcome.reason == "nobody_alive"
    assert game.state.living() == ()


def test_win_is_checked_after_the_whole_chain() -> None:
    # The ghoul eats the Sayyad; before any win is checked the Sayyad shoots the ghoul.
    game = new_game("ghoul", "sayyad", "farmer", "bassara", "farmer")
    drive(game, {"D": {"bassara_look": ["A"]}, "A": {"ghoul_kill": ["B"]}, "B": {"sayyad_shot": ["A"]}})
    assert game.outcome is not None and game.outcome.reason == "ghouls_dead"
    assert game.outcome.winners == (1, 2, 3, 4)
    assert deaths(game) == [("B", "ghouls", "day:1"), ("A", "shot", "day:1")]


def test_a_sayyad_s_shot_can_leave_the_mixed_lovers_as_the_last_two() -> None:
    # E (Umm Lhaf) links A (ghoul) and C (farmer). Night 1 the ghoul eats D. Day 1 the table executes
    # B (Sayyad), who shoots E: A and C are the last two alive.
    game = new_game("ghoul", "sayyad", "farmer", "bassara", "umm_lhaf")
    drive(
        game,
        {
            "E": {"umm_lhaf_first": ["A"], "umm_lhaf_second": ["C"], "vote": ["B"]},
            "D": {"bassara_look": ["A"]},
            "A": {"ghoul_kill": ["D"], "vote": ["B"]},
            "C": {"vote": ["B"]},
            "B": {"vote": ["A"], "sayyad_shot": ["E"]},
        },
    )
    assert game.outcome is not None
    assert (game.outcome.reason, game.outcome.winners) == ("lovers_last_alive", (0, 2))
