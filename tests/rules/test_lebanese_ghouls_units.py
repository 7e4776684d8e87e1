"""Role units of lebanese_ghouls: the hooks a unit may override and where its night step runs."""

from __future__ import annotations

import pytest

from llm_werewolf.rules import RoleInfo
from llm_werewolf.rules.units import UnitError
from llm_werewolf.rules.variants.lebanese_ghouls.night import BEFORE
from llm_werewolf.rules.variants.lebanese_ghouls.unit import WAKE_PLACES, LGUnit
from llm_werewolf.rules.variants.lebanese_ghouls.units import UNITS


def test_a_unit_wakes_before_one_of_the_seeds_night_turns() -> None:
    assert WAKE_PLACES == ("bassara", "ghouls", "sahra", "dawn")
    with pytest.raises(UnitError, match="wakes_before must be one of bassara, ghouls, sahra, dawn"):
        LGUnit(RoleInfo("baker", "farmers"), wakes_before="noon")


def test_the_default_hooks_change_nothing() -> None:
    unit = LGUnit(RoleInfo("baker", "farmers"))
    assert unit.night_step() is None
    assert unit.single and unit.wakes_before == "ghouls"


def test_every_waking_unit_has_its_step_in_its_place() -> None:
    assert set(BEFORE) == set(WAKE_PLACES)
    for unit in UNITS:
        step = unit.night_step()
        if step is not None:
            assert type(step) in {type(s) for s in BEFORE[unit.wakes_before]}
