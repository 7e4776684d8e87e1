"""City Mafia night: call order, Putana's block, the mafia's kill, checks, Doctor, Maniac, morning."""

from __future__ import annotations

import pytest

from llm_werewolf.rules import Choice
from llm_werewolf.rules.events import AnnouncedDeath, Cue, DeathsAnnounced, Died, Info, VoteCast

from .test_city_mafia_support import Table, seat

# 13 seats: every role of the seed.
FULL = ["putana", "mafia", "don", "sheriff", "doctor", "maniac", *["citizen"] * 7]
PUTANA, MAFIA, DON, SHERIFF, DOCTOR, MANIAC, CIT = 0, 1, 2, 3, 4, 5, 6
# 7 seats: no Doctor.
SMALL = ["putana", "don", "sheriff", "maniac", "mafia", "citizen", "citizen"]


def night_cues(table: Table, night: int) -> list[tuple[str, str | None]]:
    return [
        (r.event.key, r.event.role)
        for r in table.records(Cue)
        if r.phase == f"night:{night}" and r.event.key in ("wake", "sleep")
    ]


def morning(table: Table, day: int = 1) -> DeathsAnnounced:
    found = [r.event for r in table.records(DeathsAnnounced, moment="morning") if r.phase == f"day:{day}"]
    assert len(found) == 1
    event: DeathsAnnounced = found[0]
    return event


def died(table: Table) -> list[tuple[int, str]]:
    return [(e.seat, e.cause) for e in table.events(Died)]


def test_roles_are_called_in_the_seed_order() -> None:
    table = Table(FULL).run_to("day:1")
    order = ["putana", "mafia", "don", "sheriff", "doctor", "maniac"]
    assert night_cues(table, 1) == [(key, role) for role in order for key in ("wake", "sleep")]


def test_roles_missing_from_the_deck_are_not_called() -> None:
    table = Table(SMALL).run_to("day:1")
    assert ("wake", "doctor") not in night_cues(table, 1)
    assert "doctor_heal" not in table.kinds_asked()


def test_a_dead_roles_card_is_still_called_without_asking() -> None:
    # The mafia shoots the Sheriff on night 1; on night 2 he is called but not asked.
    table = Table(SMALL, {(1, "mafia_kill"): [seat(2)]})
    table.run_to("night:2").run_to("day:2")
    assert ("wake", "sheriff") in night_cues(table, 2)
    checks = [d for d, _ in table.asked if d.kind == "sheriff_check"]
    assert len(checks) == 1  # night 1 only


def test_mafia_members_learn_each_other_on_night_one_only() -> None:
    table = Table(FULL).run_to("day:2")
    team = table.records(Info, fact="team")
    assert {r.event.subject for r in team} == {MAFIA, DON}
    assert all(r.vis.seats == (MAFIA, DON) and r.phase == "night:1" for r in team)
    assert {r.event.value for r in team} == {"mafia", "don"}


def test_blocked_sheriff_gets_crossed_arms_and_no_check() -> None:
    table = Table(FULL, {(PUTANA, "putana_block"): [seat(SHERIFF)]}).run_to("day:1")
    blocked = table.records(Info, fact="blocked")
    assert [(r.event.subject, r.vis.seats) for r in blocked] == [(SHERIFF, (SHERIFF,))]
    assert "sheriff_check" not in table.kinds_asked()
    assert table.events(Info, fact="mafia") == []
    assert ("wake", "sheriff") in night_cues(table, 1)


def test_blocked_don_cannot_check_but_still_names_the_victim() -> None:
    script = {(PUTANA, "putana_block"): [seat(DON)], (DON, "mafia_kill"): [seat(CIT)]}
    table = Table(FULL, script).run_to("day:1")
    assert "don_check" not in table.kinds_asked()
    assert [e.subject for e in table.events(Info, fact="blocked")] == [DON]
    assert (CIT, "mafia") in died(table)


def test_blocked_doctor_cannot_heal() -> None:
    script = {(PUTANA, "putana_block"): [seat(DOCTOR)], (DON, "mafia_kill"): [seat(CIT)]}
    table = Table(FULL, script).run_to("day:1")
    assert "doctor_heal" not in table.kinds_asked()
    assert died(table) == [(CIT, "mafia")]


def test_blocked_maniac_cannot_kill() -> None:
    script = {(PUTANA, "putana_block"): [seat(MANIAC)], (DON, "mafia_kill"): [seat(CIT)]}
    table = Table(FULL, script).run_to("day:1")
    assert "maniac_kill" not in table.kinds_asked()
    assert [e.subject for e in table.events(Info, fact="blocked")] == [MANIAC]
    assert died(table) == [(CIT, "mafia")]


def test_blocking_a_citizen_or_a_mafioso_shows_nothing_and_stops_no_shot() -> None:
    for client in (CIT + 1, MAFIA):
        script = {(PUTANA, "putana_block"): [seat(client)], (DON, "mafia_kill"): [seat(CIT)]}
        table = Table(FULL, script).run_to("day:1")
        assert table.events(Info, fact="blocked") == []
        assert (CIT, "mafia") in died(table)


def test_putana_cannot_visit_herself() -> None:
    table = Table(FULL).run(lambda t: bool(t.game.pending))
    decision = table.game.pending[0]
    assert decision.kind == "putana_block"
    assert seat(PUTANA) not in decision.option_ids
    assert len(decision.option_ids) == len(FULL) - 1


def test_members_suggest_then_the_don_names_the_victim() -> None:
    script = {(MAFIA, "mafia_suggest"): [seat(CIT)], (DON, "mafia_kill"): [seat(CIT + 1)]}
    table = Table(FULL, script).run_to("day:1")
    kinds = [(d.seat, d.kind) for d, _ in table.asked if d.kind.startswith("mafia")]
    assert kinds == [(MAFIA, "mafia_suggest"), (DON, "mafia_kill")]
    votes = table.records(VoteCast)
    assert [(r.event.seat, r.event.ballot, r.event.target) for r in votes] == [
        (MAFIA, "mafia_suggest", CIT),
        (DON, "mafia_kill", CIT + 1),
    ]
    assert all(r.vis.scope == "team" and r.vis.seats == (MAFIA, DON) for r in votes)
    assert died(table) == [(CIT + 1, "mafia")]


def test_the_mafia_can_never_choose_a_member() -> None:
    table = Table(FULL).run(lambda t: any(d.kind == "mafia_suggest" for d in t.game.pending))
    (decision,) = table.game.pending
    offered = set(decision.option_ids)
    assert seat(MAFIA) not in offered and seat(DON) not in offered
    assert offered == {seat(i) for i in range(len(FULL)) if i not in (MAFIA, DON)}


def test_a_lone_don_names_the_victim_directly() -> None:
    roles = ["don", "sheriff", *["citizen"] * 5]
    table = Table(roles, {(0, "mafia_kill"): [seat(3)]}).run_to("day:1")
    assert "mafia_suggest" not in table.kinds_asked()
    assert died(table) == [(3, "mafia")]


LEADERLESS = ["mafia", "mafia", "sheriff", "maniac", *["citizen"] * 6]


def test_leaderless_mafia_that_agrees_kills() -> None:
    script = {(0, "mafia_kill"): [seat(5)], (1, "mafia_kill"): [seat(5)]}
    table = Table(LEADERLESS, script).run_to("day:1")
    assert [(d.seat, d.group) for d, _ in table.asked if d.kind == "mafia_kill"] == [(0, "mafia"), (1, "mafia")]
    assert died(table) == [(5, "mafia")]


def test_leaderless_disagreement_default_the_whole_team_leaves_in_the_morning() -> None:
    script = {(0, "mafia_kill"): [seat(5)], (1, "mafia_kill"): [seat(6)], (3, "maniac_kill"): [seat(7)]}
    table = Table(LEADERLESS, script).run_to("day:1")
    assert died(table) == [(7, "maniac"), (0, "disqualified"), (1, "disqualified")]
    (gone,) = table.events(DeathsAnnounced, moment="disqualified")
    assert gone.deaths == (AnnouncedDeath(0, "disqualified", "mafia"), AnnouncedDeath(1, "disqualified", "mafia"))
    assert morning(table).deaths == (AnnouncedDeath(7, None, None),)


def test_leaderless_disagreement_no_kill_switch() -> None:
    script = {(0, "mafia_kill"): [seat(5)], (1, "mafia_kill"): [seat(6)]}
    table = Table(LEADERLESS, script, leaderless_disagreement="no_kill").run_to("day:1")
    assert died(table) == []
    assert morning(table).deaths == ()
    assert table.alive() == tuple(range(len(LEADERLESS)))


def test_don_learns_whether_a_player_is_the_sheriff() -> None:
    script = {(DON, "don_check"): [seat(SHERIFF), seat(CIT)], (DON, "mafia_kill"): [seat(CIT + 2), seat(CIT + 3)]}
    table = Table(FULL, script).run_to("day:2")
    results = table.records(Info, fact="sheriff")
    assert [(r.event.subject, r.event.value, r.vis.seats) for r in results] == [
        (SHERIFF, "yes", (DON,)),
        (CIT, "no", (DON,)),
    ]


def test_don_check_never_offers_a_mafia_member() -> None:
    table = Table(FULL).run(lambda t: any(d.kind == "don_check" for d in t.game.pending))
    (decision,) = table.game.pending
    assert seat(MAFIA) not in decision.option_ids and seat(DON) not in decision.option_ids


@pytest.mark.parametrize(
    ("target", "answer"),
    [(MAFIA, "yes"), (DON, "yes"), (MANIAC, "no"), (PUTANA, "no"), (DOCTOR, "no"), (CIT, "no")],
)
def test_sheriff_check_reads_only_mafia_and_don_as_mafia(target: int, answer: str) -> None:
    table = Table(FULL, {(SHERIFF, "sheriff_check"): [seat(target)]}).run_to("day:1")
    (record,) = table.records(Info, fact="mafia")
    assert (record.event.subject, record.event.value, record.vis.seats) == (target, answer, (SHERIFF,))


@pytest.mark.parametrize("shooter", ["mafia", "maniac"])
def test_the_doctors_heal_cancels_a_shot(shooter: str) -> None:
    script: dict[tuple[int, str], list[str | Choice]] = {(DOCTOR, "doctor_heal"): [seat(CIT)]}
    if shooter == "mafia":
        script[(DON, "mafia_kill")] = [seat(CIT)]
    else:
        script[(MANIAC, "maniac_kill")] = [seat(CIT)]
        script[(DON, "mafia_kill")] = [seat(CIT + 1)]
    table = Table(FULL, script).run_to("day:1")
    assert CIT in table.alive()
    assert all(s != CIT for s, _ in died(table))


def test_the_doctor_cannot_heal_the_same_player_two_nights_running() -> None:
    table = Table(FULL, {(DOCTOR, "doctor_heal"): [seat(CIT)]})
    table.run(lambda t: t.game.state.phase.label == "night:2" and any(d.kind == "doctor_heal" for d in t.game.pending))
    (decision,) = table.game.pending
    assert seat(CIT) not in decision.option_ids
    assert seat(DOCTOR) in decision.option_ids


def test_the_doctor_heals_himself_only_once_per_game() -> None:
    table = Table(FULL, {(DOCTOR, "doctor_heal"): [seat(DOCTOR), seat(CIT)]})
    table.run(lambda t: t.game.state.phase.label == "night:3" and any(d.kind == "doctor_heal" for d in t.game.pending))
    (decision,) = table.game.pending
    assert seat(DOCTOR) not in decision.option_ids
    assert seat(CIT) not in decision.option_ids  # healed last night
    nights = [d.option_ids for d, _ in table.asked if d.kind == "doctor_heal"]
    assert seat(DOCTOR) in nights[0] and seat(DOCTOR) not in nights[1]  # night 2: yesterday's target


def test_a_blocked_night_frees_the_doctors_last_target() -> None:
    script = {(DOCTOR, "doctor_heal"): [seat(CIT)], (PUTANA, "putana_block"): [seat(CIT + 1), seat(DOCTOR)]}
    table = Table(FULL, script)
    table.run(lambda t: t.game.state.phase.label == "night:3" and any(d.kind == "doctor_heal" for d in t.game.pending))
    assert seat(CIT) in table.game.pending[0].option_ids


def test_maniac_may_refuse() -> None:
    script = {(MANIAC, "maniac_kill"): ["skip"], (DON, "mafia_kill"): [seat(CIT)]}
    table = Table(FULL, script).run_to("day:1")
    (decision,) = [d for d, _ in table.asked if d.kind == "maniac_kill"]
    assert decision.default == "skip" and seat(MANIAC) not in decision.option_ids
    assert died(table) == [(CIT, "mafia")]


def test_three_victims_are_announced_in_the_seeds_order_without_causes() -> None:
    script = {
        (PUTANA, "putana_block"): [seat(CIT + 3)],
        (DON, "mafia_kill"): [seat(CIT)],
        (MANIAC, "maniac_kill"): [seat(PUTANA)],
        (DOCTOR, "doctor_heal"): [seat(DOCTOR)],
    }
    table = Table(FULL, script).run_to("day:1")
    assert died(table) == [(CIT, "mafia"), (PUTANA, "maniac"), (CIT + 3, "putana_client")]
    assert morning(table).deaths == (
        AnnouncedDeath(CIT),
        AnnouncedDeath(PUTANA),
        AnnouncedDeath(CIT + 3),
    )


def test_a_healed_putana_keeps_her_client() -> None:
    script = {
        (PUTANA, "putana_block"): [seat(CIT)],
        (DON, "mafia_kill"): [seat(PUTANA)],
        (DOCTOR, "doctor_heal"): [seat(PUTANA)],
    }
    table = Table(FULL, script).run_to("day:1")
    assert died(table) == []
    assert morning(table).deaths == ()


def test_the_heal_does_not_save_the_putanas_client() -> None:
    script = {
        (PUTANA, "putana_block"): [seat(CIT)],
        (DON, "mafia_kill"): [seat(PUTANA)],
        (DOCTOR, "doctor_heal"): [seat(CIT)],
    }
    table = Table(FULL, script).run_to("day:1")
    assert died(table) == [(PUTANA, "mafia"), (CIT, "putana_client")]


def test_one_victim_is_announced_without_the_killer() -> None:
    script = {(MANIAC, "maniac_kill"): [seat(CIT)], (DON, "mafia_kill"): [seat(CIT + 1)]}
    script[(DOCTOR, "doctor_heal")] = [seat(CIT + 1)]
    table = Table(FULL, script).run_to("day:1")
    assert died(table) == [(CIT, "maniac")]
    assert morning(table).deaths == (AnnouncedDeath(CIT, None, None),)


def test_two_shots_at_one_player_make_one_death() -> None:
    script = {(MANIAC, "maniac_kill"): [seat(CIT)], (DON, "mafia_kill"): [seat(CIT)]}
    table = Table(FULL, script).run_to("day:1")
    assert died(table) == [(CIT, "mafia")]
    assert morning(table).deaths == (AnnouncedDeath(CIT, None, None),)


def test_only_the_maniacs_role_is_announced() -> None:
    script = {(DON, "mafia_kill"): [seat(MANIAC)], (MANIAC, "maniac_kill"): [seat(SHERIFF)]}
    table = Table(FULL, script).run_to("day:1")
    assert morning(table).deaths == (AnnouncedDeath(MANIAC, role="maniac"), AnnouncedDeath(SHERIFF))


def test_the_putana_shot_while_visiting_a_mafioso_takes_him_along() -> None:
    script = {
        (PUTANA, "putana_block"): [seat(MAFIA)],
        (DON, "mafia_kill"): [seat(PUTANA)],
        (DOCTOR, "doctor_heal"): [seat(DOCTOR)],
    }
    table = Table(FULL, script).run_to("day:1")
    assert died(table) == [(PUTANA, "mafia"), (MAFIA, "putana_client")]


def test_peaceful_night_announces_nobody() -> None:
    script = {(DON, "mafia_kill"): [seat(CIT)], (DOCTOR, "doctor_heal"): [seat(CIT)]}
    table = Table(FULL, script).run_to("day:1")
    assert morning(table).deaths == ()


def test_first_night_without_kills() -> None:
    table = Table(FULL, first_night_kills=False).run_to("day:1")
    asked = table.kinds_asked()
    assert "mafia_kill" not in asked and "mafia_suggest" not in asked
    assert "maniac_kill" not in asked and "doctor_heal" not in asked
    assert {"putana_block", "don_check", "sheriff_check"} <= set(asked)
    assert table.events(Info, fact="team")
    assert night_cues(table, 1)[2:4] == [("wake", "mafia"), ("sleep", "mafia")]
    assert morning(table).deaths == ()
    table.run_to("day:2")
    assert {"mafia_suggest", "mafia_kill", "maniac_kill", "doctor_heal"} <= set(table.kinds_asked())


def test_first_night_kills_by_default() -> None:
    table = Table(FULL, {(DON, "mafia_kill"): [seat(CIT)]}).run_to("day:1")
    assert died(table) == [(CIT, "mafia")]
