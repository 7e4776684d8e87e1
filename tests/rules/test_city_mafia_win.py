"""City Mafia win conditions, checked on hand-made positions and in play."""

from __future__ import annotations

from dataclasses import replace

import pytest

from llm_werewolf.rules import Game, GameConfig
from llm_werewolf.rules.variants.city_mafia.win import outcome

from .test_city_mafia_support import Table, seat

ROLES = ("don", "mafia", "maniac", "sheriff", "putana", "citizen", "citizen", "citizen", "citizen", "citizen")


def position(alive: set[int]) -> object:
    game = Game(GameConfig(variant="city_mafia", names=tuple(f"P{i}" for i in range(len(ROLES))), roles=ROLES))
    seats = tuple(replace(s, alive=s.index in alive) for s in game.state.seats)
    return replace(game.state, seats=seats)


@pytest.mark.parametrize(
    ("alive", "side", "reason"),
    [
        ({3, 4, 5}, "town", "mafia_and_maniac_gone"),
        ({2}, "maniac", "maniac_last"),
        ({2, 0}, "maniac", "maniac_one_on_one"),
        ({2, 5}, "maniac", "maniac_one_on_one"),
        ({0, 1, 5, 6}, "mafia", "mafia_parity"),
        ({0, 5}, "mafia", "mafia_parity"),
        ({1}, "mafia", "mafia_parity"),
    ],
)
def test_decided_positions(alive: set[int], side: str, reason: str) -> None:
    result = outcome(position(alive))  # type: ignore[arg-type]
    assert result is not None
    assert (result.sides, result.reason) == ((side,), reason)
    winners = {"town": set(range(3, 10)), "mafia": {0, 1}, "maniac": {2}}[side]
    assert set(result.winners) == winners


@pytest.mark.parametrize(
    "alive",
    [
        set(range(10)),
        {0, 1, 2, 5},  # mafia at parity but the Maniac lives
        {0, 5, 6},  # mafia fewer than the others
        {2, 5, 6},  # the Maniac with two others
        {0, 2, 5},  # mafia, Maniac and a citizen
    ],
)
def test_undecided_positions(alive: set[int]) -> None:
    assert outcome(position(alive)) is None  # type: ignore[arg-type]


def test_an_empty_table_is_a_draw() -> None:
    result = outcome(position(set()))  # type: ignore[arg-type]
    assert result is not None and result.winners == () and result.reason == "table_empty"


def test_town_wins_including_its_dead() -> None:
    roles = ["mafia", "sheriff", *["citizen"] * 5]
    script = {(1, "speech"): ["none", seat(0)], (0, "mafia_kill"): [seat(6), seat(5)]}
    table = Table(roles, script).run()
    out = table.game.outcome
    assert out is not None and out.sides == ("town",)
    assert set(out.winners) == {1, 2, 3, 4, 5, 6}
    assert table.game.state.phase.kind == "end"


def test_the_day_limit_is_a_draw() -> None:
    roles = ["mafia", "sheriff", "maniac", *["citizen"] * 7]
    script = {(2, "maniac_kill"): ["skip"] * 10, (0, "mafia_kill"): [seat(3), seat(4), seat(5)]}
    table = Table(roles, script, first_night_kills=False, max_days=2).run()
    out = table.game.outcome
    assert out is not None and out.winners == () and out.reason == "day_limit"
