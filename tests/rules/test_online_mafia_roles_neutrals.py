"""Each evil and benign neutral role, one at a time (online_mafia)."""

from __future__ import annotations

from llm_werewolf.rules.events import Announcement, Info, RoleAssigned, StatusChanged, VoteCast
from llm_werewolf.rules.variants.online_mafia.asking import AskCtx
from llm_werewolf.rules.variants.online_mafia.registry import ROLES

from .test_online_mafia_support import Table, at, deaths, night, start, told, with_dead


def test_witch_forces_a_killer_onto_another_target_and_learns_his_role() -> None:
    roles = ["witch", "serial_killer", "citizen", "mafioso"]
    work = night(roles, at(0, "witch_control", 1), at(0, "witch_target", 3), at(1, "serial_killer_kill", 2))
    assert deaths(work) == {3: "serial_killer"}
    assert told(work, 0, "role")[0].value == "serial_killer"


def test_witch_makes_an_idle_player_act() -> None:
    roles = ["witch", "doctor", "citizen", "mafioso"]
    work = night(roles, at(0, "witch_control", 1), at(0, "witch_target", 2), at(3, "mafia_kill", 2))
    assert deaths(work) == {}  # the doctor was made to heal the mafia's victim


def test_witch_redirects_the_mafia_kill_through_the_godfather() -> None:
    roles = ["witch", "godfather", "mafioso", "citizen", "detective"]
    answers = (at(0, "witch_control", 1), at(0, "witch_target", 4), at(1, "mafia_kill", 3), at(2, "mafia_kill", 3))
    assert deaths(night(roles, *answers)) == {4: "mafia"}


def test_jinx_curse_makes_abilities_fail_every_night() -> None:
    roles = ["jinx", "detective", "mafioso", "escort"]
    work = night(roles, at(0, "jinx_curse", 1), at(1, "detective_check", 2))
    assert told(work, 1, "blocked") and work.jinxed == {1}
    game = start(roles)
    assert AskCtx(game.state, 1).can_act(0) and not AskCtx(game.state, 2).can_act(0)
    immune = night(roles, at(0, "jinx_curse", 3))
    assert immune.jinxed == set()
    table = Table(["jinx", "detective", "mafioso", "citizen", "citizen"]).add(0, "jinx_curse", 1)
    table.add(1, "detective_check", 2, 2).run_to("day:2")
    blocked = [r.phase for r in table.game.records if isinstance(r.event, Info) and r.event.fact == "blocked"]
    assert blocked == ["night:1", "night:2"]
    assert StatusChanged(seat=1, status="jinxed", value="on") in table.events(StatusChanged)


def test_judge_makes_a_vote_not_count_the_next_day() -> None:
    table = Table(["judge", "mafioso", "citizen", "citizen", "citizen"]).add(0, "judge_rule", 2)
    table.add(2, "nominate", 1).run_to("night:2")
    votes = {v.seat: v.weight for v in table.events(VoteCast) if v.ballot == "nominate_1"}
    assert votes[2] == 0.0 and votes[3] == 1.0
    assert StatusChanged(seat=2, status="judged", value="on") in table.events(StatusChanged)


def test_politician_votes_double_and_reads_as_a_citizen() -> None:
    roles = ["politician", "mafioso", "detective", "investigator", "consigliere"]
    answers = (at(2, "detective_check", 0), at(3, "investigator_check", 0), at(4, "consigliere_check", 0))
    work = night(roles, *answers)
    assert told(work, 2, "detective")[0].value == "innocent"
    assert told(work, 3, "investigation")[0].value == "crowd"
    assert told(work, 4, "role")[0].value == "citizen"
    table = Table(["politician", "mafioso", "citizen", "citizen", "citizen"]).add(0, "nominate", 1).run_to("night:2")
    assert {v.seat: v.weight for v in table.events(VoteCast)}[0] == 2.0


def test_twin_soul_binds_on_night_one_and_dies_with_the_bound_player() -> None:
    ask = ROLES["twin_soul"].ask
    assert ask is not None
    (decision,) = ask(AskCtx(start(["twin_soul", "mafioso", "citizen"]).state, 1), 0)
    assert decision.default is None and "skip" not in [o.id for o in decision.options]
    table = Table(["twin_soul", "mafioso", "citizen", "citizen", "citizen"])
    table.add(0, "twin_soul_bind", 2).add(1, "mafia_kill", 2).run_to("day:1")
    assert not table.game.state.seat(0).alive
    assert table.game.state.data.twins == {0: 2}


def test_martyr_dies_shielding_and_completes() -> None:
    roles = ["martyr", "mafioso", "citizen"]
    work = night(roles, at(0, "martyr_shield", 2), at(1, "mafia_kill", 2))
    assert deaths(work) == {0: "mafia"} and work.completed == {0}


def test_survivor_vest_stops_a_basic_attack_but_not_a_powerful_one() -> None:
    vest = at(0, "survivor_vest", "vest")
    assert deaths(night(["survivor", "mafioso", "citizen"], vest, at(1, "mafia_kill", 0))) == {}
    assert deaths(night(["survivor", "thief", "citizen"], vest, at(1, "thief_kill", 0))) == {0: "thief"}
    assert start(["survivor", "mafioso", "citizen"]).state.data.uses[0] == 4


def test_amnesiac_remembers_a_dead_players_role() -> None:
    state = with_dead(start(["amnesiac", "mafioso", "doctor", "citizen"]).state, 2)
    work = night(state, at(0, "amnesiac_remember", 2), number=2)
    assert work.new_roles == {0: ("doctor", "remembered")}
    table = Table(["amnesiac", "mafioso", "doctor", "citizen", "citizen"]).add(1, "mafia_kill", 2)
    table.add(0, "amnesiac_remember", 2).run_to("day:2")
    assert table.game.state.seat(0).role == "doctor"
    assert RoleAssigned(seat=0, role="doctor", reason="remembered") in table.events(RoleAssigned)
    assert Announcement(key="remembered", seats=(0,), value="doctor") in table.events(Announcement)


def test_executioner_gets_a_town_target_and_turns_jester_if_it_dies_at_night() -> None:
    table = Table(["executioner", "mafioso", "citizen", "serial_killer", "jester"])
    target = table.game.state.data.targets[0]
    assert target == 2
    assert Info(fact="executioner_target", subject=2) in table.events(Info)
    table.add(1, "mafia_kill", 2).run_to("day:1")
    assert table.game.state.seat(0).role == "jester"


def test_executioner_completes_when_his_target_is_executed() -> None:
    table = Table(["executioner", "mafioso", "citizen", "citizen", "citizen"])
    target = table.game.state.data.targets[0]
    for voter in (0, 1, 2, 3, 4):
        if voter != target:
            table.add(voter, "nominate", target).add(voter, "verdict", "guilty")
    table.run_to("night:2")
    assert 0 in table.game.state.data.completed


def test_jester_wins_at_once_when_executed_and_the_game_goes_on() -> None:
    table = Table(["jester", "mafioso", "citizen", "citizen", "citizen", "citizen"])
    for voter in (1, 2, 3, 4, 5):
        table.add(voter, "nominate", 0).add(voter, "verdict", "guilty")
    table.run_to("night:2")
    assert Announcement(key="jester_wins", seats=(0,)) in table.events(Announcement)
    assert not table.game.over
    table.run()
    outcome = table.game.outcome
    assert outcome is not None and 0 in outcome.winners


def test_volunteer_takes_the_condemned_players_place() -> None:
    table = Table(["volunteer", "mafioso", "citizen", "citizen", "citizen"])
    for voter in (0, 2, 3, 4):
        table.add(voter, "nominate", 1).add(voter, "verdict", "guilty")
    table.add(0, "volunteer_offer", "volunteer").run_to("night:2")
    state = table.game.state
    assert not state.seat(0).alive and state.seat(1).alive
    assert 0 in state.data.completed
    assert Announcement(key="volunteered", seats=(0, 1)) in table.events(Announcement)
