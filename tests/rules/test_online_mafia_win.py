"""End of the game as the seed orders it: dominance, 1v1, majorities, stalemate, co-winners (online_mafia)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from llm_werewolf.rules import GameState, Outcome, Seat, get_ruleset
from llm_werewolf.rules.variants.online_mafia.data import OMState
from llm_werewolf.rules.variants.online_mafia.win import outcome_of, primary_winner, stalemate

from .test_online_mafia_support import Table, with_data


def table(roles: Sequence[str], dead: Sequence[int] = (), **options: object) -> OMState:
    """A state with these seats (no deck validation: any leftover table can be judged)."""
    ruleset = get_ruleset("online_mafia")
    parsed = ruleset.parse_options(options)
    seats = tuple(Seat(i, f"S{i}", role, role, alive=i not in dead) for i, role in enumerate(roles))
    data = ruleset.initial_data(seats, (), parsed)
    return GameState(variant="online_mafia", language="he", seats=seats, extra=(), options=parsed, data=data)


def result(state: OMState, draw: int = 0) -> Outcome | None:
    primary = primary_winner(state, lambda n: draw)
    return None if primary is None else outcome_of(state, primary)


def test_town_dominance() -> None:
    outcome = result(table(["citizen", "mafioso", "doctor"], dead=[1]))
    assert outcome == Outcome((0, 2), ("town",), "town_dominance")


def test_mafia_dominance_with_an_evil_neutral_co_winning() -> None:
    outcome = result(table(["mafioso", "citizen", "witch", "framer"], dead=[1]))
    assert outcome == Outcome((0, 2, 3), ("mafia", "witch"), "mafia_dominance")


def test_cult_dominance() -> None:
    outcome = result(table(["cult_leader", "citizen", "cult_member", "mafioso"], dead=[1, 3]))
    assert outcome == Outcome((0, 2), ("cult",), "cult_dominance")


def test_a_neutral_killer_dominates_when_no_other_killer_is_left() -> None:
    outcome = result(table(["serial_killer", "citizen", "survivor", "mafioso"], dead=[1, 3]))
    assert outcome == Outcome((0, 2), ("serial_killer", "survivor"), "killer_dominance")


def test_two_different_killers_keep_playing() -> None:
    assert result(table(["serial_killer", "butcher", "survivor", "citizen"], dead=[3])) is None


@pytest.mark.parametrize(
    ("roles", "winner_side"),
    [
        (["mafioso", "citizen"], "mafia"),
        (["cult_leader", "citizen"], "cult"),
        (["citizen", "witch"], "town"),
        (["serial_killer", "mafioso"], "serial_killer"),
        (["thief", "werewolf"], "thief"),
        (["werewolf", "serial_killer"], "werewolf"),
        (["mask_artist", "thief"], "thief"),
        (["butcher", "werewolf"], "werewolf"),
        (["mafioso", "cult_leader"], "mafia"),
        (["witch", "jinx"], "witch"),
        (["judge", "politician"], "judge"),
        (["twin_soul", "amnesiac"], "twin_soul"),
        (["amnesiac", "survivor"], "amnesiac"),
    ],
)
def test_one_on_one_the_higher_win_priority_wins(roles: list[str], winner_side: str) -> None:
    outcome = result(table(roles))
    assert outcome is not None and outcome.reason in ("duel", "town_dominance")
    assert outcome.sides[0] == winner_side


@pytest.mark.parametrize("draw", [0, 1])
def test_neutral_killers_of_one_rank_are_drawn_by_the_seeded_rng(draw: int) -> None:
    outcome = result(table(["serial_killer", "butcher", "citizen"], dead=[2]), draw=draw)
    assert outcome is not None
    assert outcome.sides == (("serial_killer", "butcher")[draw],)


def test_the_duel_draw_comes_from_the_games_rng() -> None:
    sides = set()
    for seed in range(12):
        game = Table(["serial_killer", "butcher", "citizen"], seed=seed)
        game.add(0, "serial_killer_kill", 2).run()
        outcome = game.game.outcome
        assert outcome is not None and outcome.reason == "duel"
        sides.add(outcome.sides[0])
        again = Table(["serial_killer", "butcher", "citizen"], seed=seed).add(0, "serial_killer_kill", 2).run()
        assert again.game.outcome == outcome
    assert sides == {"serial_killer", "butcher"}


def test_an_unfinished_must_complete_role_has_no_priority() -> None:
    outcome = result(table(["executioner", "survivor", "citizen"], dead=[2]))
    assert outcome is not None and outcome.sides[0] == "survivor"
    assert result(table(["jester", "executioner", "citizen"], dead=[2])) is None
    done = with_data(table(["executioner", "survivor", "citizen"], dead=[2]), completed=frozenset({0}))
    finished = result(done)
    assert finished is not None and finished.sides[0] == "executioner" and set(finished.winners) == {0, 1}


def test_cult_majority_wins_unless_someone_can_still_kill() -> None:
    roles = ["cult_leader", "cult_member", "cult_member", "citizen", "outlaw", "mafioso"]
    assert result(table(roles, dead=[5])) is None  # the outlaw still has bullets
    no_bullets = with_data(table(roles, dead=[5]), uses={4: 0})
    outcome = result(no_bullets)
    assert outcome is not None and outcome.reason == "cult_majority" and outcome.winners == (0, 1, 2)
    assert result(table(["cult_leader", "cult_member", "cult_member", "citizen", "mafioso", "doctor"])) is None


def test_mafia_parity_wins_unless_the_town_can_still_kill() -> None:
    roles = ["mafioso", "framer", "citizen", "veteran", "doctor"]
    assert result(table(roles, dead=[4])) is None  # the veteran has alerts left
    outcome = result(with_data(table(roles, dead=[4]), uses={3: 0}))
    assert outcome == Outcome((0, 1), ("mafia",), "mafia_parity")
    assert result(table(["mafioso", "framer", "citizen", "citizen", "survivor"])) is None  # a neutral lives


def test_stalemate_goes_to_the_town_if_alive_else_to_the_largest_faction() -> None:
    with_town = table(["mafioso", "framer", "citizen", "survivor"])
    assert stalemate(with_town).side == "town"
    largest = table(["mafioso", "framer", "citizen", "serial_killer"], dead=[2])
    assert stalemate(largest).side == "mafia"
    by_size = table(["mafioso", "framer", "citizen", "survivor"], stalemate_policy="largest")
    assert stalemate(by_size).side == "mafia"
    tie = table(["mafioso", "citizen", "serial_killer"], dead=[1])
    assert stalemate(tie).side == "serial_killer"  # ties go to the higher win priority


def test_three_quiet_nights_end_the_game() -> None:
    quiet = Table(["mafioso", "citizen", "citizen", "doctor", "citizen"]).run()
    outcome = quiet.game.outcome
    assert outcome is not None and outcome.reason == "stalemate" and outcome.sides == ("town",)
    assert quiet.game.state.data.night == 3


def test_co_winners() -> None:
    roles = ["mafioso", "citizen", "witch", "survivor", "survivor", "executioner", "twin_soul", "jinx", "martyr"]
    state = with_data(table(roles, dead=[1, 4, 7, 8]), completed=frozenset({5, 8}), twins={6: 0})
    outcome = result(state)
    assert outcome is not None and outcome.reason == "mafia_dominance"
    assert set(outcome.winners) == {0, 2, 3, 5, 6, 7, 8}
    town_won = with_data(table(["citizen", "mafioso", "witch", "survivor"], dead=[1, 2]), twins={})
    won = result(town_won)
    assert won is not None and set(won.winners) == {0, 3}


def test_everyone_dead_is_nobodys_win_but_completed_goals_count() -> None:
    state = with_data(table(["mafioso", "citizen", "jester"], dead=[0, 1, 2]), completed=frozenset({2}))
    outcome = result(state)
    assert outcome is not None and outcome.reason == "all_dead" and outcome.winners == (2,)
