"""Two design decisions written down in docs/rules/online_mafia.md ("Design decisions"), pinned here.

* the Werewolf is asked and kills every night (Town of Salem: full-moon nights only);
* the Janitor spends a clean when he chooses a target, even if that target survives the night.
"""

from __future__ import annotations

from llm_werewolf.rules.events import DeathsAnnounced, Info, PhaseStarted

from .test_online_mafia_support import Table, at, night


def test_the_werewolf_is_asked_and_kills_on_every_night() -> None:
    roles = ["werewolf", "citizen", "citizen", "citizen", "citizen", "citizen", "citizen", "doctor"]
    table = Table(roles).add(0, "werewolf_maul", 1, 2, 3).run_to("day:3")
    assert [e.number for e in table.events(PhaseStarted) if e.phase == "night"] == [1, 2, 3]
    assert table.kinds(0).count("werewolf_maul") == 3
    dead = [(d.seat, d.cause) for e in table.events(DeathsAnnounced) for d in e.deaths]
    assert dead == [(1, "werewolf"), (2, "werewolf"), (3, "werewolf")]


def test_the_werewolf_kills_on_night_one_and_night_two_alike() -> None:
    roles = ["werewolf", "citizen", "citizen", "doctor"]
    for number in (1, 2):
        work = night(roles, at(0, "werewolf_maul", 1), number=number)
        assert {seat: death.cause for seat, death in work.deaths.items()} == {1: "werewolf"}


def test_a_clean_is_spent_even_when_the_target_survives() -> None:
    roles = ["janitor", "mafioso", "doctor", "citizen", "citizen", "citizen", "citizen", "citizen", "citizen"]
    work = night(roles, at(0, "janitor_clean", 3), at(1, "mafia_kill", 3), at(2, "doctor_heal", 3))
    assert work.deaths == {}
    assert work.spent == [0]
    table = (
        Table(roles)
        .add(0, "janitor_clean", 3, 3, 3)  # nobody attacks S3 on these nights: he survives every clean
        .add(1, "mafia_kill", 4, 5, 6, 7)
        .run_to("day:4")
    )
    assert table.kinds(0).count("janitor_clean") == 3  # not asked on night 4: no clean left
    assert table.game.state.data.uses[0] == 0
    assert table.game.state.seats[3].alive
    told_roles = [e for r in table.game.records if isinstance(e := r.event, Info) and e.fact == "role"]
    assert not [e for e in told_roles if e.subject == 3]
    announced = [d for e in table.events(DeathsAnnounced) for d in e.deaths]
    assert [(d.seat, d.role) for d in announced] == [(4, "citizen"), (5, "citizen"), (6, "citizen"), (7, "citizen")]
