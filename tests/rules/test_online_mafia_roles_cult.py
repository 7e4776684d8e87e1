"""Each cult role, one at a time (online_mafia)."""

from __future__ import annotations

from llm_werewolf.rules.events import Info, RoleAssigned, StatusChanged

from .test_online_mafia_support import Table, at, night, start, told


def test_mimic_appears_as_the_copied_players_role() -> None:
    roles = ["mimic", "cult_leader", "consigliere", "mafioso", "doctor", "investigator"]
    answers = (at(0, "mimic_copy", 4), at(2, "consigliere_check", 0), at(5, "investigator_check", 0))
    work = night(roles, *answers)
    assert told(work, 2, "role")[0].value == "doctor"
    assert told(work, 5, "investigation")[0].value == "guards"
    plain = night(roles, at(2, "consigliere_check", 0))
    assert told(plain, 2, "role")[0].value == "mimic"


def test_cult_leader_converts_a_town_player() -> None:
    work = night(["cult_leader", "citizen", "mafioso"], at(0, "cult_convert", 1))
    assert work.new_roles == {1: ("cult_member", "conversion")}
    table = Table(["cult_leader", "citizen", "mafioso", "citizen", "citizen"]).add(0, "cult_convert", 1)
    table.run_to("day:1")
    assert table.game.state.seat(1).role == "cult_member"
    assert RoleAssigned(seat=1, role="cult_member", reason="conversion") in table.events(RoleAssigned)
    assert StatusChanged(seat=1, status="converted", value="on") in table.events(StatusChanged)
    assert Info(fact="team", value="cult", seats=(0, 1)) in table.events(Info)


def test_mafia_and_neutral_killers_cannot_be_converted() -> None:
    for role in ("mafioso", "serial_killer"):
        work = night(["cult_leader", role, "citizen"], at(0, "cult_convert", 1))
        assert work.new_roles == {}


def test_a_target_killed_the_same_night_is_not_converted() -> None:
    work = night(["cult_leader", "mafioso", "citizen"], at(0, "cult_convert", 2), at(1, "mafia_kill", 2))
    assert work.new_roles == {} and 2 in work.deaths


def test_cult_members_know_the_cult_and_one_leads_when_the_leader_dies() -> None:
    game = start(["cult_leader", "cult_member", "mafioso", "citizen", "citizen"])
    team = [r for r in game.records if isinstance(r.event, Info) and r.event.fact == "team"]
    assert any(r.event.seats == (0, 1) and r.vis.seats == (0, 1) for r in team)  # type: ignore[attr-defined]
    table = Table(["cult_leader", "cult_member", "mafioso", "citizen", "citizen"]).add(2, "mafia_kill", 0)
    table.run_to("day:1")
    assert table.game.state.seat(1).role == "cult_leader"
