"""city_mafia role units: the hooks the rules ask (``unit.CityUnit``), with units made here.

The units of ``units/`` are the real ones (dealt by the scenarios and the random games); these
tests hand the hooks a unit of their own to show where the rules ask them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import pytest

from llm_werewolf.rules import (
    Answers,
    Choice,
    Game,
    GameConfig,
    GameState,
    RoleInfo,
    SetupError,
    Step,
    get_ruleset,
    seat_option,
    target_of,
)
from llm_werewolf.rules.events import Cue, Info
from llm_werewolf.rules.questions import questions
from llm_werewolf.rules.units import UnitError, roles_with_units, with_units
from llm_werewolf.rules.variants.city_mafia import ruleset as city_ruleset
from llm_werewolf.rules.variants.city_mafia.day import voters
from llm_werewolf.rules.variants.city_mafia.morning import night_departures
from llm_werewolf.rules.variants.city_mafia.night import (
    NIGHT_STEPS,
    DoctorStep,
    DonStep,
    MafiaStep,
    ManiacStep,
    PutanaStep,
    SheriffStep,
    UnitCall,
    night_steps,
)
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


@dataclass(frozen=True)
class Watcher(CityUnit):
    """Wakes after ``wakes_after``, names a living player, and marks him ``watched``."""

    def night(self, ctx: Any, seat: int) -> bool:
        ctx.ask(seat, "sheriff_check", [seat_option(i) for i in ctx.state.living() if i != seat])
        return True

    def resolve_night(self, ctx: Any, answers: Answers) -> None:
        _, choice = answers.single()
        target = target_of(choice)
        assert target is not None
        ctx.update_data(marks=ctx.data.marks | {(target, "watched")})


def _roles_called(steps: tuple[Step, ...]) -> list[str]:
    names = {PutanaStep: "putana", MafiaStep: "mafia", DonStep: "don", SheriffStep: "sheriff"}
    names |= {DoctorStep: "doctor", ManiacStep: "maniac"}
    return [s.unit.role.id if isinstance(s, UnitCall) else names.get(type(s), "nightfall") for s in steps]


def test_a_waking_unit_is_called_right_after_its_role_and_after_the_units_placed_there_before() -> None:
    units = (
        Watcher(_card("b"), wakes_after="a"),
        Watcher(_card("a"), wakes_after="sheriff"),
        Watcher(_card("c"), wakes_after="sheriff"),
        CityUnit(_card("sleeper")),
    )
    assert _roles_called(night_steps(units)) == [
        "nightfall", "putana", "mafia", "don", "sheriff", "a", "b", "c", "doctor", "maniac"
    ]  # fmt: skip
    assert night_steps(()) == NIGHT_STEPS or any(u.wakes_after for u in UNITS)
    with pytest.raises(UnitError, match="never called: x after citizen"):
        night_steps((Watcher(_card("x"), wakes_after="citizen"),))


def _night_one(monkeypatch: pytest.MonkeyPatch, unit: CityUnit, putana_visits: int | None) -> Game:
    """Night 1 with ``unit`` (its card a citizen's) called after the Sheriff; the Putana visits
    ``putana_visits`` (else the first living other seat), everyone else answers the first option."""
    monkeypatch.setattr(city_ruleset, "NIGHT_STEPS", night_steps((unit,)))
    names = tuple(f"P{i}" for i in range(len(DECK)))
    game = Game(GameConfig(variant="city_mafia", names=names, seed=3, roles=DECK))
    while not game.over and game.state.phase.kind == "night":
        for decision in game.pending:
            option = decision.options[0].id
            if decision.kind == "putana_block" and putana_visits is not None:
                option = seat_option(putana_visits).id
            game.submit(decision.id, Choice(option))
    return game


def test_a_waking_unit_asks_its_holder_and_keeps_what_he_decided_for_the_morning(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = _night_one(monkeypatch, Watcher(RoleInfo(CITIZEN, "town"), wakes_after="sheriff"), putana_visits=None)
    holder = DECK.index(CITIZEN)
    asked = questions(game.records)
    kinds = [(e.decision, e.seat) for e in asked]
    sheriff = DECK.index("sheriff")
    assert kinds.index(("sheriff_check", holder)) > kinds.index(("sheriff_check", sheriff))
    cues = [(r.event.key, r.event.role) for r in game.records if isinstance(r.event, Cue) and r.event.role]
    assert cues.index(("wake", CITIZEN)) == cues.index(("sleep", "sheriff")) + 1
    assert cues.index(("sleep", CITIZEN)) == cues.index(("wake", CITIZEN)) + 1
    assert {status for _, status in game.state.data.marks} == {"watched"}


def test_a_waking_unit_visited_by_the_putana_is_shown_crossed_arms_and_not_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    holder = DECK.index(CITIZEN)
    game = _night_one(monkeypatch, Watcher(RoleInfo(CITIZEN, "town"), wakes_after="sheriff"), putana_visits=holder)
    assert not [q for q in questions(game.records) if q.seat == holder]
    blocked = [r.event for r in game.records if isinstance(r.event, Info) and r.event.fact == "blocked"]
    assert [(e.subject, e.value) for e in blocked] == [(holder, CITIZEN)]
    assert game.state.data.marks == frozenset()
