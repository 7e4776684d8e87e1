"""city_mafia role units: the hooks the rules ask (``unit.CityUnit``), with units made here.

The units of ``units/`` are the real ones (dealt by the scenarios and the random games); these
tests hand the hooks a unit of their own to show where the rules ask them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import pytest

from llm_werewolf.rules import Game, GameConfig, GameState, RoleInfo, SetupError, get_ruleset
from llm_werewolf.rules.units import UnitError, roles_with_units, with_units
from llm_werewolf.rules.variants.city_mafia.day import voters
from llm_werewolf.rules.variants.city_mafia.morning import night_departures
from llm_werewolf.rules.variants.city_mafia.roles import CITIZEN, ROLES, SEED_ROLES, UNIQUE_ROLES
from llm_werewolf.rules.variants.city_mafia.unit import CityUnit
from llm_werewolf.rules.variants.city_mafia.units import UNITS

DECK = ("don", "mafia", "sheriff", "putana", "maniac", "citizen", "citizen", "citizen", "citizen", "citizen")


@dataclass(frozen=True)
class SparesSeat(CityUnit):
    """Keeps one seat in the game against the night causes it names."""

    seat: int = 0
    causes: frozenset[str] = frozenset()

    def spares(self, state: GameState[Any, Any], seat: int, cause: str) -> bool:
        return seat == self.seat and cause in self.causes


@dataclass(frozen=True)
class BarsSeat(CityUnit):
    seat: int = 0

    def may_vote(self, state: GameState[Any, Any], seat: int) -> bool:
        return seat != self.seat


def _state(**data: Any) -> GameState[Any, Any]:
    names = tuple(f"P{i}" for i in range(len(DECK)))
    state = Game(GameConfig(variant="city_mafia", names=names, seed=1, deck=DECK)).state
    return dataclasses.replace(state, data=dataclasses.replace(state.data, **data))


def _card(role: str) -> RoleInfo:
    return RoleInfo(role, "town")


def test_the_default_unit_changes_no_departure_and_no_vote() -> None:
    state = _state(mafia_victim=5, maniac_victim=6)
    plain = CityUnit(_card("plain"))
    assert night_departures(state, (plain,)) == night_departures(state, ()) == [(5, "mafia"), (6, "maniac")]
    assert voters(state, (plain,)) == voters(state, ()) == state.living()


def test_a_unit_spares_a_night_departure_after_the_heal_and_the_putana_are_settled() -> None:
    putana = next(s.index for s in _state().seats if s.role == "putana")
    state = _state(mafia_victim=putana, maniac_victim=6, putana_client=7)
    assert night_departures(state, ()) == [(putana, "mafia"), (6, "maniac"), (7, "putana_client")]
    keeps_client = SparesSeat(_card("x"), seat=7, causes=frozenset({"putana_client"}))
    assert night_departures(state, (keeps_client,)) == [(putana, "mafia"), (6, "maniac")]
    keeps_putana = SparesSeat(_card("x"), seat=putana, causes=frozenset({"mafia"}))
    # the Putana was shot: her client leaves with her even when she herself is spared
    assert night_departures(state, (keeps_putana,)) == [(6, "maniac"), (7, "putana_client")]
    other_cause = SparesSeat(_card("x"), seat=6, causes=frozenset({"mafia"}))
    assert (6, "maniac") in night_departures(state, (other_cause,))


def test_a_unit_bars_a_living_player_from_the_votes() -> None:
    state = _state()
    assert voters(state, (BarsSeat(_card("x"), seat=3),)) == tuple(s for s in state.living() if s != 3)


def test_units_are_found_and_join_the_role_table_once() -> None:
    rules = get_ruleset("city_mafia")
    assert all(isinstance(unit, CityUnit) for unit in UNITS)
    assert set(ROLES) == set(SEED_ROLES) | {unit.role.id for unit in UNITS}
    assert set(rules.roles) == set(ROLES)
    assert {unit.role.id for unit in UNITS} <= set(UNIQUE_ROLES)
    with pytest.raises(UnitError, match="already has that role"):
        roles_with_units(SEED_ROLES, (CityUnit(_card(CITIZEN)),))
    with pytest.raises(UnitError, match="already declared"):
        with_units(
            rules.death_causes,
            (CityUnit(_card("x"), death_causes={"vote": "again"}),),
            lambda u: u.death_causes,
            "death cause",
        )


@pytest.mark.parametrize("unit", UNITS, ids=lambda u: u.role.id)
def test_an_added_role_has_one_card_at_most(unit: CityUnit) -> None:
    deck = (*DECK[:-2], unit.role.id, unit.role.id)
    names = tuple(f"P{i}" for i in range(len(deck)))
    with pytest.raises(SetupError, match="at most one card"):
        Game(GameConfig(variant="city_mafia", names=names, seed=1, deck=deck))
