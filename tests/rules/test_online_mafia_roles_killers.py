"""Each neutral killer, one at a time (online_mafia)."""

from __future__ import annotations

from llm_werewolf.rules.events import DeathsAnnounced, Info

from .test_online_mafia_support import Table, at, deaths, night, told


def test_serial_killer_kills_with_a_basic_attack_and_has_night_immunity() -> None:
    roles = ["serial_killer", "mafioso", "citizen", "godfather"]
    work = night(roles, at(0, "serial_killer_kill", 2), at(1, "mafia_kill", 0))
    assert deaths(work) == {2: "serial_killer"}
    assert told(work, 0, "attacked")
    assert deaths(night(roles, at(0, "serial_killer_kill", 3))) == {}


def test_serial_killer_kills_a_roleblocker_who_visits_him() -> None:
    roles = ["serial_killer", "escort", "citizen", "mafioso"]
    work = night(roles, at(1, "escort_block", 0), at(0, "serial_killer_kill", 2))
    assert deaths(work) == {1: "serial_killer", 2: "serial_killer"}
    assert not told(work, 0, "blocked")


def test_werewolf_mauls_the_target_and_every_visitor_through_night_immunity() -> None:
    roles = ["werewolf", "godfather", "doctor", "detective"]
    work = night(roles, at(0, "werewolf_maul", 1), at(2, "doctor_heal", 1), at(3, "detective_check", 1))
    assert deaths(work) == {2: "werewolf", 3: "werewolf"}  # the healed Godfather lives, his visitors die
    alone = night(roles, at(0, "werewolf_maul", 1))
    assert deaths(alone) == {1: "werewolf"}


def test_werewolf_at_home_kills_his_visitors() -> None:
    roles = ["werewolf", "mafioso", "detective", "citizen"]
    work = night(roles, at(0, "werewolf_maul", 0), at(1, "mafia_kill", 0), at(2, "detective_check", 0))
    assert deaths(work) == {1: "werewolf", 2: "werewolf"}


def test_butcher_hides_the_victims_role() -> None:
    table = Table(["butcher", "mafioso", "doctor", "citizen", "citizen"]).add(0, "butcher_kill", 2).run_to("day:1")
    (morning,) = table.events(DeathsAnnounced)
    assert [(d.seat, d.cause, d.role) for d in morning.deaths] == [(2, "butcher", None)]


def test_mask_artist_takes_the_victims_appearance() -> None:
    roles = ["mask_artist", "mafioso", "doctor", "consigliere"]
    work = night(roles, at(0, "mask_artist_kill", 2), at(3, "consigliere_check", 0))
    assert deaths(work) == {2: "mask_artist"}
    assert work.masks == {0: "doctor"}
    assert told(work, 3, "role")[0].value == "doctor"  # investigations read the night as it ended
    assert told(night(roles, at(3, "consigliere_check", 0)), 3, "role")[0].value == "mask_artist"
    table = Table(["mask_artist", "mafioso", "doctor", "consigliere", "citizen", "citizen"])
    table.add(0, "mask_artist_kill", 2).add(3, "consigliere_check", 5, 0).run_to("day:2")
    seen = [(r.phase, r.event.value) for r in table.game.records if isinstance(r.event, Info) and r.event.subject == 0]
    assert ("night:2", "doctor") in seen


def test_thief_pierces_night_immunity_but_not_a_heal() -> None:
    roles = ["thief", "godfather", "doctor", "mafioso"]
    assert deaths(night(roles, at(0, "thief_kill", 1))) == {1: "thief"}
    assert deaths(night(roles, at(0, "thief_kill", 1), at(2, "doctor_heal", 1))) == {}
