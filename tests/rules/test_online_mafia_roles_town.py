"""Each town role, one at a time (online_mafia)."""

from __future__ import annotations

from llm_werewolf.rules.variants.online_mafia.asking import AskCtx
from llm_werewolf.rules.variants.online_mafia.registry import ROLES

from .test_online_mafia_support import at, deaths, night, start, told, with_data


def test_citizen_has_no_night_decision_and_plays_for_the_town() -> None:
    game = start(["citizen", "mafioso", "citizen"])
    assert all(d.seat != 0 for d in game.pending)
    assert game.ruleset.side_of(game.state, 0) == "town"


def test_escort_blocks_her_target_who_is_told() -> None:
    work = night(["escort", "detective", "mafioso"], at(0, "escort_block", 1), at(1, "detective_check", 2))
    assert told(work, 1, "blocked")
    assert not told(work, 1, "detective")


def test_escort_is_immune_to_the_femme_fatale() -> None:
    roles = ["escort", "femme_fatale", "mafioso", "detective"]
    work = night(roles, at(1, "femme_fatale_block", 0), at(0, "escort_block", 3), at(3, "detective_check", 2))
    assert not told(work, 0, "blocked")
    assert told(work, 3, "blocked")


def test_butler_learns_an_exact_role_on_night_one_only() -> None:
    game = start(["butler", "mafioso", "citizen"])
    work = night(game.state, at(0, "butler_check", 1))
    assert [i.value for i in told(work, 0, "role")] == ["mafioso"]
    assert AskCtx(game.state, 1).can_act(0)
    assert not AskCtx(game.state, 2).can_act(0)


def test_spy_learns_where_the_mafia_went_and_nothing_else() -> None:
    roles = ["spy", "mafioso", "framer", "citizen", "citizen", "doctor"]
    work = night(roles, at(1, "mafia_kill", 3), at(2, "framer_frame", 4), at(5, "doctor_heal", 0))
    (info,) = told(work, 0, "mafia_visits")
    assert info.seats == (3, 4)


def test_guild_members_learn_the_guild_on_night_one() -> None:
    roles = ["guild_member", "guild_member", "mafioso", "citizen"]
    work = night(roles)
    assert [i.seats for i in told(work, 0, "guild")] == [(0, 1)]
    assert [i.seats for i in told(work, 1, "guild")] == [(0, 1)]
    assert not told(night(roles, number=2), 0, "guild")


def test_detective_reads_suspicious_or_innocent() -> None:
    roles = ["detective", "mafioso", "godfather", "citizen"]
    assert told(night(roles, at(0, "detective_check", 1)), 0, "detective")[0].value == "suspicious"
    assert told(night(roles, at(0, "detective_check", 2)), 0, "detective")[0].value == "innocent"
    assert told(night(roles, at(0, "detective_check", 3)), 0, "detective")[0].value == "innocent"


def test_doctor_heal_saves_from_a_basic_attack() -> None:
    work = night(["doctor", "mafioso", "citizen"], at(0, "doctor_heal", 2), at(1, "mafia_kill", 2))
    assert deaths(work) == {}
    assert told(work, 2, "attacked") and told(work, 0, "patient_attacked")


def test_doctor_heals_himself_once_per_game() -> None:
    game = start(["doctor", "mafioso", "citizen"])
    (ask,) = ROLES["doctor"].ask(AskCtx(game.state, 1), 0)  # type: ignore[misc]
    assert "seat:0" in [o.id for o in ask.options]
    work = night(game.state, at(0, "doctor_heal", 0))
    assert 0 in work.self_healed
    used = with_data(game.state, self_healed=frozenset({0}))
    (ask,) = ROLES["doctor"].ask(AskCtx(used, 2), 0)  # type: ignore[misc]
    assert "seat:0" not in [o.id for o in ask.options]


def test_bodyguard_dies_in_place_and_kills_the_attacker() -> None:
    roles = ["bodyguard", "mafioso", "citizen", "godfather"]
    work = night(roles, at(0, "bodyguard_guard", 2), at(1, "mafia_kill", 2), at(3, "mafia_kill", 2))
    assert deaths(work) == {0: "mafia", 1: "bodyguard"}
    assert told(work, 2, "protected")


def test_outlaw_cannot_shoot_on_night_one_and_has_three_bullets() -> None:
    game = start(["outlaw", "mafioso", "citizen"])
    assert not AskCtx(game.state, 1).can_act(0)
    assert AskCtx(game.state, 2).can_act(0)
    assert game.state.data.uses[0] == 3
    assert not AskCtx(with_data(game.state, uses={0: 0}), 2).can_act(0)


def test_outlaw_kills_and_dies_of_guilt_after_killing_a_town_player() -> None:
    state = start(["outlaw", "mafioso", "citizen", "citizen"]).state
    mafia = night(state, at(0, "outlaw_shoot", 1), number=2)
    assert deaths(mafia) == {1: "outlaw"} and not mafia.guilty
    town = night(state, at(0, "outlaw_shoot", 2), number=2)
    assert deaths(town) == {2: "outlaw"} and town.guilty == {0}
    next_night = night(with_data(state, guilty=frozenset({0})), number=3)
    assert deaths(next_night) == {0: "guilt"}
    assert not AskCtx(with_data(state, guilty=frozenset({0})), 3).can_act(0)


def test_veteran_on_alert_survives_and_kills_every_visitor() -> None:
    roles = ["veteran", "mafioso", "doctor", "citizen"]
    work = night(roles, at(0, "veteran_alert", "alert"), at(1, "mafia_kill", 0), at(2, "doctor_heal", 0))
    assert deaths(work) == {1: "veteran", 2: "veteran"}
    quiet = night(roles, at(1, "mafia_kill", 0))
    assert deaths(quiet) == {0: "mafia"}


def test_undertaker_learns_a_cleaned_corpses_true_role() -> None:
    state = start(["undertaker", "mafioso", "detective", "citizen"]).state
    work = night(state, at(0, "undertaker_exhume", 2), dead=[2], number=2)
    assert [(i.subject, i.value) for i in told(work, 0, "role")] == [(2, "detective")]


def test_lookout_sees_every_visitor_of_the_watched_player() -> None:
    roles = ["lookout", "mafioso", "doctor", "citizen", "detective"]
    answers = (at(0, "lookout_watch", 3), at(1, "mafia_kill", 3), at(2, "doctor_heal", 3), at(4, "detective_check", 1))
    (info,) = told(night(roles, *answers), 0, "visitors")
    assert info.subject == 3 and info.seats == (1, 2)


def test_investigator_learns_the_role_group() -> None:
    roles = ["investigator", "mafioso", "citizen", "framer"]
    assert told(night(roles, at(0, "investigator_check", 1)), 0, "investigation")[0].value == "killers"
    framed = night(roles, at(0, "investigator_check", 2), at(3, "framer_frame", 2))
    assert told(framed, 0, "investigation")[0].value == "faces"
