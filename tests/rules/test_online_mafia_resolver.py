"""The generic night resolver: wake order, stages, attack against defense, visits, cues (online_mafia)."""

from __future__ import annotations

import pytest

from llm_werewolf.rules.events import Cue
from llm_werewolf.rules.variants.online_mafia.model import Level, Stage
from llm_werewolf.rules.variants.online_mafia.registry import ROLES
from llm_werewolf.rules.variants.online_mafia.units import UNITS
from llm_werewolf.rules.variants.online_mafia.wake import (
    FIRST_NIGHT_ONLY,
    SEED_FIRST_NIGHT_ONLY,
    SEED_WAKE_ORDER,
    STEP_INDEX,
    STEP_OF_ROLE,
    WAKE_ORDER,
)
from llm_werewolf.rules.variants.online_mafia.work import Action, NightWork, _order_key

from .test_online_mafia_support import Table, at, deaths, night, start, told


def test_the_wake_order_is_the_seeds() -> None:
    seed = [step for step, _ in SEED_WAKE_ORDER]
    assert seed[:5] == ["necromancer", "witch", "jinx", "escort", "mafia"]
    assert seed[-3:] == ["amnesiac", "lookout", "investigator"]
    assert len(seed) == 27
    assert SEED_FIRST_NIGHT_ONLY == {"jinx", "butler"} <= FIRST_NIGHT_ONLY
    assert set(STEP_OF_ROLE) == set(ROLES) - {spec.id for spec in ROLES.values() if spec.step is None}


def test_role_units_keep_the_seeds_order_and_add_their_steps_in_place() -> None:
    steps = [step for step, _ in WAKE_ORDER]
    assert [step for step in steps if step in dict(SEED_WAKE_ORDER)] == [step for step, _ in SEED_WAKE_ORDER]
    for unit in UNITS:
        if unit.wake_after is not None:
            assert steps.index(unit.spec.step or "") == steps.index(unit.wake_after) + 1
            assert STEP_INDEX[unit.spec.step or ""] == steps.index(unit.spec.step or "")


def test_actions_are_sorted_by_stage_then_wake_step_then_seat() -> None:
    actions = [
        Action("investigator", 1, (0,)),
        Action("doctor", 5, (0,)),
        Action("escort", 9, (0,)),
        Action("serial_killer", 2, (0,)),
        Action("framer", 3, (0,)),
        Action("doctor", 4, (0,)),
    ]
    ordered = [(a.role, a.actor) for a in sorted(actions, key=_order_key)]
    assert ordered == [
        ("escort", 9),
        ("framer", 3),
        ("doctor", 4),
        ("doctor", 5),
        ("serial_killer", 2),
        ("investigator", 1),
    ]
    assert ROLES["escort"].stage is Stage.CONTROL and ROLES["investigator"].stage is Stage.AFTER
    assert STEP_INDEX["mafia"] < STEP_INDEX["doctor"]


def test_protection_counts_even_when_it_wakes_after_the_kill() -> None:
    """The mafia (step 5) attacks before the Doctor (step 10) and the Survivor (step 20) wake."""
    assert deaths(night(["mafioso", "doctor", "citizen"], at(0, "mafia_kill", 2), at(1, "doctor_heal", 2))) == {}
    vest = at(1, "survivor_vest", "vest")
    assert deaths(night(["mafioso", "survivor", "citizen"], at(0, "mafia_kill", 1), vest)) == {}


def test_roleblocks_resolve_before_later_steps_and_blocked_players_do_not_visit() -> None:
    roles = ["escort", "mafioso", "citizen", "lookout"]
    work = night(roles, at(0, "escort_block", 1), at(1, "mafia_kill", 2), at(3, "lookout_watch", 2))
    assert deaths(work) == {}
    assert told(work, 3, "visitors")[0].seats == ()
    assert told(work, 1, "blocked")


def test_investigations_read_the_nights_framing() -> None:
    roles = ["framer", "mafioso", "detective", "citizen"]
    assert told(night(roles, at(0, "framer_frame", 3), at(2, "detective_check", 3)), 2, "detective")[0].value == (
        "suspicious"
    )
    assert told(night(roles, at(2, "detective_check", 3)), 2, "detective")[0].value == "innocent"


@pytest.mark.parametrize(
    ("attack", "defense", "dies"),
    [(a, d, a > d) for a in Level for d in Level],
)
def test_an_attack_kills_iff_it_is_stronger_than_the_defense(attack: Level, defense: Level, dies: bool) -> None:
    work = NightWork(start(["citizen", "mafioso", "citizen"]).state, 1)
    work.protect(2, defense)
    work.attack(1, 2, attack, "mafia", "mafioso")
    work.settle()
    assert (2 in work.deaths) is dies


def test_pierce_ignores_innate_defense_but_not_granted_defense() -> None:
    state = start(["serial_killer", "thief", "doctor"]).state
    work = NightWork(state, 1)
    work.attack(1, 0, Level.POWERFUL, "thief", "thief", pierce=True)
    work.settle()
    assert 0 in work.deaths
    work = NightWork(state, 1)
    work.attack(1, 0, Level.BASIC, "thief", "thief", pierce=False)
    work.settle()
    assert 0 not in work.deaths
    work = NightWork(state, 1)
    work.heal(2, 0)
    work.attack(1, 0, Level.POWERFUL, "thief", "thief", pierce=True)
    work.settle()
    assert 0 not in work.deaths


def test_attacks_are_simultaneous() -> None:
    """An attacker killed the same night still lands his own attack."""
    roles = ["mafioso", "outlaw", "citizen", "citizen"]
    work = night(roles, at(0, "mafia_kill", 1), at(1, "outlaw_shoot", 0), number=2)
    assert deaths(work) == {1: "mafia", 0: "outlaw"}


def test_a_player_dies_only_once() -> None:
    roles = ["serial_killer", "mafioso", "citizen", "butcher"]
    work = night(roles, at(0, "serial_killer_kill", 2), at(1, "mafia_kill", 2), at(3, "butcher_kill", 2))
    assert deaths(work) == {2: "mafia"}


def test_the_moderator_calls_the_deck_steps_in_order_night_one_only_steps_once() -> None:
    table = Table(["jinx", "doctor", "mafioso", "godfather", "citizen", "butler"]).run_to("day:2")
    cues = [(r.phase, r.event) for r in table.game.records if isinstance(r.event, Cue)]
    night1 = [(cue.key, cue.role) for phase, cue in cues if phase == "night:1"]
    assert night1 == [(k, s) for s in ("jinx", "mafia", "butler", "doctor") for k in ("wake", "sleep")]
    night2 = [cue.role for phase, cue in cues if phase == "night:2"]
    assert night2 == ["mafia", "mafia", "doctor", "doctor"]
