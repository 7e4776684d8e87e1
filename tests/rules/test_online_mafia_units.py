"""Role units of online_mafia: a role added as one module (``units/``) reaches the role table,
the wake order and the declared vocabulary; malformed units stop the import with one clear error."""

from __future__ import annotations

import pytest

from llm_werewolf.role_texts import merge_deep
from llm_werewolf.rules.units import UnitError
from llm_werewolf.rules.variants.online_mafia.model import Faction, Nights, RoleSpec, WinRule
from llm_werewolf.rules.variants.online_mafia.unit import om_unit
from llm_werewolf.rules.variants.online_mafia.wake import SEED_WAKE_ORDER, with_units
from llm_werewolf.texts import TextDataError


def _spec(role: str, step: str | None, faction: Faction = Faction.TOWN, nights: Nights = Nights.ALL) -> RoleSpec:
    return RoleSpec(role, faction, WinRule.GROUP, 5, "watchers", step=step, nights=nights)


def _steps(order: tuple[tuple[str, tuple[str, ...]], ...]) -> list[str]:
    return [step for step, _ in order]


def test_a_unit_with_its_own_step_wakes_right_after_the_step_it_names() -> None:
    unit = om_unit(_spec("scout", "scout"), description="test", wake_after="lookout")
    order, first_only = with_units(SEED_WAKE_ORDER, [unit])
    steps = _steps(order)
    assert steps.index("scout") == steps.index("lookout") + 1
    assert len(steps) == len(SEED_WAKE_ORDER) + 1 and dict(order)["scout"] == ("scout",)
    assert first_only == frozenset()


def test_a_unit_may_join_a_seed_step_and_a_first_night_step_is_marked() -> None:
    member = om_unit(_spec("forger", "mafia", Faction.MAFIA), description="test")
    early = om_unit(_spec("herald", "herald", nights=Nights.FIRST), description="test", wake_after="necromancer")
    order, first_only = with_units(SEED_WAKE_ORDER, [member, early])
    assert dict(order)["mafia"][-1] == "forger"
    assert _steps(order)[:2] == ["necromancer", "herald"]
    assert first_only == frozenset({"herald"})


@pytest.mark.parametrize(
    ("step", "after", "message"),
    [
        ("scout", None, "no wake step 'scout'"),
        ("mafia", "lookout", "exists already"),
        ("scout", "nowhere", "wake_after 'nowhere' is not a wake step"),
    ],
)
def test_a_misplaced_unit_is_one_clear_error(step: str, after: str | None, message: str) -> None:
    unit = om_unit(_spec("scout", step), description="test", wake_after=after)
    with pytest.raises(UnitError, match=message):
        with_units(SEED_WAKE_ORDER, [unit])


def test_a_unit_is_a_town_mafia_or_cult_role_and_wakes_only_with_a_step() -> None:
    with pytest.raises(UnitError, match="needs a place in the win priority"):
        om_unit(_spec("arsonist", "arsonist", Faction.NEUTRAL_KILLER), description="test")
    with pytest.raises(UnitError, match="wake_after needs a wake step"):
        om_unit(_spec("mayor", None), description="test", wake_after="lookout")
    card = om_unit(_spec("scout", "scout"), description="a scout").role
    assert (card.id, card.side, card.description) == ("scout", "town", "a scout")


def test_role_files_merge_nested_groups_line_by_line() -> None:
    """A role file adds its own wake line to ``cues.wake`` and keeps the ruleset's others."""
    merged = {"cues": {"night": "Night falls.", "wake": {"lookout": "The Lookout wakes up."}}, "roles": {"a": "A"}}
    merge_deep(merged, {"cues": {"wake": {"scout": "The Scout wakes up."}}, "roles": {"b": "B"}}, "test")
    assert merged == {
        "cues": {"night": "Night falls.", "wake": {"lookout": "The Lookout wakes up.", "scout": "The Scout wakes up."}},
        "roles": {"a": "A", "b": "B"},
    }
    with pytest.raises(TextDataError, match="test must be a mapping"):
        merge_deep(merged, ["not", "a", "mapping"], "test")
