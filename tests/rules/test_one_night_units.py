"""one_night role units: where the night calls them (``unit.OneNightUnit``), with units made here.

The units of ``units/`` are the real ones (dealt by the scenarios and the random games); these
tests hand the wake order units of their own.
"""

from __future__ import annotations

import pytest

from llm_werewolf.rules import RoleInfo, get_ruleset
from llm_werewolf.rules.units import UnitError
from llm_werewolf.rules.variants.one_night.actions.doppelganger import WAKING_UNITS
from llm_werewolf.rules.variants.one_night.night import CALLS, called
from llm_werewolf.rules.variants.one_night.roles import (
    NIGHT_ORDER,
    ROLES,
    SEED_NIGHT_ORDER,
    SEED_ROLES,
    wake_order,
)
from llm_werewolf.rules.variants.one_night.setups import MAX_COPIES
from llm_werewolf.rules.variants.one_night.unit import OneNightUnit
from llm_werewolf.rules.variants.one_night.units import UNITS


def _unit(role: str, after: str | None) -> OneNightUnit:
    return OneNightUnit(RoleInfo(role, "village"), wakes_after=after)


def test_a_unit_wakes_right_after_its_role_and_after_the_units_placed_there_before() -> None:
    base = ("seer", "robber", "insomniac")
    units = (_unit("a", "seer"), _unit("b", "seer"), _unit("c", "insomniac"), _unit("sleeper", None))
    assert wake_order(base, units) == ("seer", "a", "b", "robber", "insomniac", "c")


def test_a_unit_may_wake_after_another_unit_in_any_module_order() -> None:
    units = (_unit("second", "first"), _unit("first", "seer"))
    assert wake_order(("seer", "robber"), units) == ("seer", "first", "second", "robber")


def test_a_unit_after_a_role_never_called_stops_the_import() -> None:
    with pytest.raises(UnitError, match="never called: x after villager"):
        wake_order(SEED_NIGHT_ORDER, (_unit("x", "villager"),))


def test_the_real_units_join_the_role_table_the_wake_order_and_the_calls() -> None:
    assert set(ROLES) == set(SEED_ROLES) | {unit.role.id for unit in UNITS}
    assert set(get_ruleset("one_night").roles) == set(ROLES)
    assert wake_order(SEED_NIGHT_ORDER, UNITS) == NIGHT_ORDER
    for unit in UNITS:
        assert MAX_COPIES.get(unit.role.id, 1) == 1
        if unit.wakes_after is None:
            assert unit.role.id not in NIGHT_ORDER
            continue
        assert unit.role.id in CALLS and unit.role.id in WAKING_UNITS
        assert called((unit.role.id, "werewolf")) == tuple(r for r in NIGHT_ORDER if r in (unit.role.id, "werewolf"))
