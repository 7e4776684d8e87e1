"""Role units of online_mafia: a role added as one module (``units/``) reaches the role table,
the wake order and the declared vocabulary; malformed units stop the import with one clear error."""

from __future__ import annotations

import pytest

from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.prompting.packs import builtin_root
from llm_werewolf.prompting.render import Phrasebook, SeatPrompter
from llm_werewolf.role_texts import merge_deep
from llm_werewolf.rules import Game, GameConfig, ViewBuilder, get_ruleset
from llm_werewolf.rules.units import UnitError
from llm_werewolf.rules.variants.online_mafia.model import Faction, Nights, RoleSpec, WinRule
from llm_werewolf.rules.variants.online_mafia.registry import ROLES
from llm_werewolf.rules.variants.online_mafia.unit import om_unit
from llm_werewolf.rules.variants.online_mafia.units import UNITS
from llm_werewolf.rules.variants.online_mafia.wake import SEED_WAKE_ORDER, STEP_INDEX, WAKE_ORDER, with_units
from llm_werewolf.texts import TextDataError, terms

from .test_online_mafia_support import at, deaths, night, told


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


# -- the Tracker, the real unit (units/tracker.py, prompts/<lang>/online_mafia/roles/tracker.yaml) ----------


def test_the_tracker_unit_reaches_the_role_table_the_wake_order_and_the_vocabulary() -> None:
    ruleset = get_ruleset("online_mafia")
    assert [unit.role.id for unit in UNITS] == ["tracker"]
    assert ruleset.roles["tracker"].side == "town" and ruleset.roles["tracker"].power
    assert "tracker_track" in ruleset.decision_kinds
    assert WAKE_ORDER[-1] == ("tracker", ("tracker",)) and STEP_INDEX["tracker"] == len(SEED_WAKE_ORDER)
    assert ROLES["tracker"].group == "watchers", "a unit joins one of the seed's Investigator groups"


def test_the_tracker_learns_whom_his_target_visited() -> None:
    roles = ["tracker", "mafioso", "doctor", "citizen", "detective"]
    answers = (at(0, "tracker_track", 2), at(1, "mafia_kill", 3), at(2, "doctor_heal", 3), at(4, "detective_check", 1))
    (info,) = told(night(roles, *answers), 0, "tracked")
    assert (info.subject, info.seats) == (2, (3,))
    (quiet,) = told(night(roles, at(0, "tracker_track", 3), at(1, "mafia_kill", 2)), 0, "tracked")
    assert (quiet.subject, quiet.seats) == (3, ()), "a citizen visits nobody"


def test_the_tracker_reads_the_night_as_it_ended() -> None:
    """A Godfather whose kill the Mafioso carries out visited nobody; a Veteran on alert stays home and
    shoots the Tracker, who still learns his night's result (as every investigation here)."""
    roles = ["tracker", "godfather", "mafioso", "citizen", "veteran"]
    work = night(roles, at(0, "tracker_track", 1), at(1, "mafia_kill", 3), at(2, "mafia_kill", 3))
    assert [i.seats for i in told(work, 0, "tracked")] == [()]
    assert deaths(work) == {3: "mafia"}
    alert = night(roles, at(0, "tracker_track", 4), at(4, "veteran_alert", "alert"))
    assert deaths(alert) == {0: "veteran"}
    assert [i.seats for i in told(alert, 0, "tracked")] == [()]


def test_a_blocked_tracker_learns_nothing_and_a_blocked_target_went_nowhere() -> None:
    roles = ["tracker", "mafioso", "escort", "citizen", "citizen"]
    blocked = night(roles, at(0, "tracker_track", 1), at(1, "mafia_kill", 3), at(2, "escort_block", 0))
    assert told(blocked, 0, "tracked") == [] and told(blocked, 0, "blocked")
    target_blocked = night(roles, at(0, "tracker_track", 1), at(1, "mafia_kill", 3), at(2, "escort_block", 1))
    assert [i.seats for i in told(target_blocked, 0, "tracked")] == [()]


@pytest.mark.parametrize(
    ("language", "name", "sentence"),
    [("he", "גשש", "הגשש (העיירה) עוקב"), ("en", "Tracker", "The Tracker (Town) follows")],
)
def test_the_trackers_role_file_reaches_every_loader(language: str, name: str, sentence: str) -> None:
    words = terms(language, "online_mafia")
    assert words["roles"]["tracker"] == name and words["roles"]["lookout"], "the ruleset's own names are kept"
    assert set(words["cues"]["wake"]) == {step for step, _ in WAKE_ORDER}, "one wake line per step, the seed's kept"
    assert name in words["groups"]["watchers"]
    book = Phrasebook((builtin_root(),), language, "online_mafia")
    assert book.term("roles", "tracker") == name
    tip = book.tip("tracker", {"roles": words["roles"]})
    assert tip and "{{" not in tip
    with_tracker = _rules_text(["tracker", "mafioso", "doctor", "citizen", "citizen"], language)
    without = _rules_text(["lookout", "mafioso", "doctor", "citizen", "citizen"], language)
    assert sentence in with_tracker and sentence not in without


def _rules_text(roles: list[str], language: str) -> str:
    game = Game(
        GameConfig(
            variant="online_mafia",
            names=tuple(f"S{i}" for i in range(len(roles))),
            roles=tuple(roles),
            seed=1,
            language=language,
        )
    )
    decision = game.pending[0]
    view = ViewBuilder(decision.seat)
    view.extend(game.records)
    prompter = SeatPrompter(
        language=language, variant="online_mafia", seat=decision.seat, profile=get_profile("openai")
    )
    return prompter.prompt(view.view(), decision).system
