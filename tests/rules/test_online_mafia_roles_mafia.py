"""Each mafia role, one at a time (online_mafia)."""

from __future__ import annotations

from llm_werewolf.rules.events import DeathsAnnounced, RoleAssigned, Speech, StatusChanged
from llm_werewolf.rules.variants.online_mafia.asking import AskCtx
from llm_werewolf.rules.variants.online_mafia.registry import ROLES

from .test_online_mafia_support import Table, at, deaths, night, start, told, with_data, with_dead


def test_necromancer_uses_a_corpses_ability_once_and_the_corpse_visits() -> None:
    state = with_dead(start(["necromancer", "mafioso", "detective", "citizen", "lookout"]).state, 2)
    work = night(
        state,
        at(0, "necromancer_corpse", 2),
        at(0, "necromancer_target", 3),
        at(4, "lookout_watch", 3),
        number=2,
    )
    assert [(i.subject, i.value) for i in told(work, 0, "detective")] == [(3, "innocent")]
    assert told(work, 4, "visitors")[0].seats == (2,)
    ask = ROLES["necromancer"].ask
    assert ask is not None
    assert ask(AskCtx(state, 2), 0)
    assert not ask(AskCtx(with_data(state, raised=frozenset({2})), 3), 0)


def test_necromancer_raising_a_killer_makes_a_basic_attack() -> None:
    state = with_dead(start(["necromancer", "mafioso", "serial_killer", "citizen", "godfather"]).state, 2)
    work = night(state, at(0, "necromancer_corpse", 2), at(0, "necromancer_target", 3), number=2)
    assert deaths(work) == {3: "necromancer"}
    shielded = night(state, at(0, "necromancer_corpse", 2), at(0, "necromancer_target", 4), number=2)
    assert deaths(shielded) == {}


def test_femme_fatale_roleblocks() -> None:
    roles = ["femme_fatale", "mafioso", "detective"]
    work = night(roles, at(0, "femme_fatale_block", 2), at(2, "detective_check", 1))
    assert told(work, 2, "blocked") and not told(work, 2, "detective")


def test_framer_makes_an_innocent_read_suspicious() -> None:
    roles = ["framer", "mafioso", "detective", "citizen"]
    work = night(roles, at(0, "framer_frame", 3), at(2, "detective_check", 3))
    assert told(work, 2, "detective")[0].value == "suspicious"


def test_blackmailer_silences_the_target_for_one_day() -> None:
    table = Table(["blackmailer", "mafioso", "citizen", "citizen", "citizen"]).add(0, "blackmailer_silence", 2)
    table.run_to("night:2")
    assert "speech" not in table.kinds(2)
    assert "speech" in table.kinds(3)
    assert not [s for s in table.events(Speech) if s.seat == 2]
    statuses = [(e.seat, e.status, e.value) for e in table.events(StatusChanged)]
    assert (2, "blackmailed", "on") in statuses and (2, "blackmailed", "off") in statuses


def test_disguiser_dresses_a_mafia_member_as_another_players_role() -> None:
    roles = ["disguiser", "mafioso", "detective", "doctor", "consigliere"]
    answers = (at(0, "disguiser_member", 1), at(0, "disguiser_as", 3), at(2, "detective_check", 1))
    work = night(roles, *answers)
    assert told(work, 2, "detective")[0].value == "innocent"
    plain = night(roles, at(2, "detective_check", 1))
    assert told(plain, 2, "detective")[0].value == "suspicious"


def test_accomplice_dies_in_the_guarded_members_place() -> None:
    roles = ["accomplice", "mafioso", "serial_killer", "citizen"]
    work = night(roles, at(0, "accomplice_guard", 1), at(2, "serial_killer_kill", 1))
    assert deaths(work) == {0: "serial_killer"}
    ask = ROLES["accomplice"].ask
    assert ask is not None
    (decision,) = ask(AskCtx(start(roles).state, 1), 0)
    assert [o.id for o in decision.options] == ["seat:1", "skip"]


def test_consigliere_learns_the_exact_role() -> None:
    work = night(["consigliere", "mafioso", "bodyguard"], at(0, "consigliere_check", 2))
    assert told(work, 0, "role")[0].value == "bodyguard"


def test_janitor_hides_the_victims_role_and_learns_it() -> None:
    table = Table(["janitor", "mafioso", "doctor", "citizen", "citizen"])
    table.add(0, "janitor_clean", 2).add(1, "mafia_kill", 2).run_to("day:1")
    (morning,) = table.events(DeathsAnnounced)
    assert [(d.seat, d.role) for d in morning.deaths] == [(2, None)]
    assert table.game.state.data.uses[0] == 2
    work = night(["janitor", "mafioso", "doctor"], at(0, "janitor_clean", 2), at(1, "mafia_kill", 2))
    assert told(work, 0, "role")[0].value == "doctor"


def test_godfather_orders_the_kill_and_has_basic_defense() -> None:
    roles = ["godfather", "mafioso", "citizen", "citizen", "serial_killer"]
    work = night(roles, at(0, "mafia_kill", 2), at(1, "mafia_kill", 3), at(4, "serial_killer_kill", 0))
    assert deaths(work) == {2: "mafia"}
    assert told(work, 0, "attacked")


def test_mafioso_carries_out_the_kill_and_the_godfather_steps_in_if_he_is_blocked() -> None:
    roles = ["godfather", "mafioso", "citizen", "lookout", "escort"]
    answers = (at(0, "mafia_kill", 2), at(1, "mafia_kill", 2), at(3, "lookout_watch", 2))
    assert told(night(roles, *answers), 3, "visitors")[0].seats == (1,)
    blocked = night(roles, *answers, at(4, "escort_block", 1))
    assert deaths(blocked) == {2: "mafia"}
    assert told(blocked, 3, "visitors")[0].seats == (0,)


def test_mafioso_becomes_godfather_when_the_godfather_dies() -> None:
    table = Table(["godfather", "mafioso", "citizen", "citizen", "serial_killer", "citizen"])
    table.add(4, "serial_killer_kill", 0).add(1, "mafia_kill", 4)
    table.add(0, "mafia_kill", 4)
    table.run_to("day:1")
    assert table.game.state.seat(0).alive  # basic defense
    table.add(4, "serial_killer_kill", 0)
    table.add(5, "nominate", 0).add(2, "nominate", 0).add(3, "nominate", 0).add(4, "nominate", 0)
    table.add(2, "verdict", "guilty").add(3, "verdict", "guilty")
    table.run_to("night:2")
    assert table.game.state.seat(1).role == "godfather"
    assert RoleAssigned(seat=1, role="godfather", reason="promotion") in table.events(RoleAssigned)


def test_infiltrator_passes_for_a_guild_member() -> None:
    roles = ["infiltrator", "mafioso", "guild_member", "guild_member"]
    work = night(roles)
    assert told(work, 2, "guild")[0].seats == (0, 2, 3)
    assert told(work, 0, "guild")[0].seats == (0, 2, 3)
