"""Night rules of chinese_werewolf: cues, thief, cupid, guard, seer, wolves, little girl, witch."""

from __future__ import annotations

import pytest

from llm_werewolf.rules.events import ActionTaken, Cue, Info, RoleAssigned, VoteCast

from .test_chinese_werewolf_support import Table

# seat: 0 guard, 1 seer, 2 witch, 3 hunter, 4 werewolf, 5 werewolf, 6 villager, 7 villager
BASIC = ["guard", "seer", "witch", "hunter", "werewolf", "werewolf", "villager", "villager"]


def night_cues(table: Table, night: str) -> list[tuple[str, str | None]]:
    return [(r.event.key, r.event.role) for r in table.records_of(Cue) if r.phase == night and isinstance(r.event, Cue)]


def test_night_one_cues_follow_the_seed_and_fake_absent_thief_and_cupid() -> None:
    table = Table(BASIC, max_days=1)
    table.run()
    cues = night_cues(table, "night:1")
    roles_woken = [role for key, role in cues if key == "wake"]
    assert roles_woken == ["thief", "cupid", "lovers", "guard", "seer", "werewolf", "witch"]
    assert cues[:2] == [("nightfall", None), ("sleep", "lovers")]
    assert ("sleep", "thief") in cues and ("sleep", "cupid") in cues


def test_later_nights_skip_thief_cupid_lovers_and_absent_roles() -> None:
    roles = ["seer", "witch", "hunter", "werewolf", "werewolf", "villager", "villager"]
    table = Table(roles, max_days=2)
    table.run()
    woken = [role for key, role in night_cues(table, "night:2") if key == "wake"]
    assert woken == ["seer", "werewolf", "witch"]


def test_dead_roles_are_still_called() -> None:
    table = Table(BASIC, max_days=2).answer(4, "wolf_kill", 1).answer(5, "wolf_kill", 1)
    table.run()
    assert (1, "wolves") in table.deaths()
    assert ("wake", "seer") in night_cues(table, "night:2")
    assert len(table.kinds_asked("seer_check")) == 1


# -- thief ---------------------------------------------------------------------------

THIEF_TABLE = ["thief", "seer", "witch", "werewolf", "werewolf", "villager", "villager", "hunter"]


def test_thief_may_take_an_extra_card_and_learns_it_privately() -> None:
    table = Table(THIEF_TABLE, ["guard", "villager"])
    decision = table.run_to("thief_swap")
    assert decision.option_ids == ("center:0", "center:1", "skip")
    table.answer(0, "thief_swap", "center:0")
    table.run_to("seer_check")
    assert table.game.state.seat(0).role == "guard"
    assert table.game.state.seat(0).start_role == "thief"
    assert table.game.state.extra == ("thief", "villager")
    taken = [r for r in table.records_of(RoleAssigned) if getattr(r.event, "reason", "") == "thief"]
    assert len(taken) == 1 and taken[0].vis.seats == (0,)
    shown = [r for r in table.records_of(Info) if getattr(r.event, "fact", "") == "extra_card"]
    assert [r.vis.seats for r in shown] == [(0,), (0,)]
    guard = table.run_to("guard")
    assert guard.seat == 0


def test_thief_may_keep_his_card() -> None:
    table = Table(THIEF_TABLE, ["guard", "villager"]).answer(0, "thief_swap", "skip")
    table.run_to("seer_check")
    assert table.game.state.seat(0).role == "thief"


def test_thief_forced_when_both_extras_are_wolves() -> None:
    table = Table(THIEF_TABLE, ["werewolf", "werewolf"])
    decision = table.run_to("thief_swap")
    assert decision.option_ids == ("center:0", "center:1")
    table.run_to("wolf_kill")
    assert table.game.state.seat(0).role == "werewolf"
    wolves = {d.seat for d in table.game.pending if d.kind == "wolf_kill"}
    assert wolves == {0, 3, 4}
    team = [e for e in table.events(Info) if e.fact == "team"]
    assert team[0].seats == (0, 3, 4)


def test_thief_forcing_switch() -> None:
    both = Table(THIEF_TABLE, ["werewolf", "villager"]).run_to("thief_swap")
    assert both.option_ids == ("center:0", "center:1", "skip")
    anyone = Table(THIEF_TABLE, ["villager", "werewolf"], thief_must_take_wolf="if_any").run_to("thief_swap")
    assert anyone.option_ids == ("center:1",)


# -- cupid and lovers ----------------------------------------------------------------

CUPID_TABLE = ["cupid", "seer", "witch", "werewolf", "werewolf", "villager", "villager", "hunter"]


def test_cupid_links_two_players_who_learn_each_others_seat_only() -> None:
    table = Table(CUPID_TABLE).answer(0, "cupid", 3, 5)
    table.run_to("cupid")
    table.game.submit(table.game.pending[0].id, table.choice_for(table.game.pending[0]))
    second = table.game.pending[0]
    assert second.kind == "cupid" and "seat:3" not in second.option_ids
    table.run_to("seer_check")
    assert table.game.state.data.lovers == (3, 5)
    lover_infos = [r for r in table.records_of(Info) if getattr(r.event, "fact", "") == "lover"]
    assert {(r.vis.seats, r.event.subject) for r in lover_infos if isinstance(r.event, Info)} == {
        ((3,), 5),
        ((5,), 3),
    }
    assert all(getattr(r.event, "value", None) is None for r in lover_infos)


def test_a_lover_killed_at_night_takes_the_other_with_him() -> None:
    table = Table(CUPID_TABLE, max_days=1).answer(0, "cupid", 1, 5)
    table.answer(3, "wolf_kill", 5).answer(4, "wolf_kill", 5)
    table.run()
    assert table.deaths() == [(5, "wolves"), (1, "grief")]


# -- guard ---------------------------------------------------------------------------


def test_guard_may_guard_himself_but_never_the_same_player_twice_running() -> None:
    table = Table(BASIC, max_days=3).answer(0, "guard", 0, "skip", 3)
    first = table.run_to("guard")
    assert "seat:0" in first.option_ids and "skip" in first.option_ids
    table.run()
    guards = table.kinds_asked("guard")
    assert "seat:0" not in guards[1].option_ids
    assert "seat:0" in guards[2].option_ids  # after a night without guarding, anyone again


def test_guarded_victim_survives() -> None:
    table = Table(BASIC, max_days=1).answer(0, "guard", 6).answer(4, "wolf_kill", 6).answer(5, "wolf_kill", 6)
    table.run()
    assert table.deaths() == []


def test_same_guard_same_save_kills_and_can_be_switched_off() -> None:
    def play(switch: bool) -> list[tuple[int, str]]:
        table = Table(BASIC, max_days=1, same_guard_same_save_dies=switch)
        table.answer(0, "guard", 6).answer(4, "wolf_kill", 6).answer(5, "wolf_kill", 6)
        table.answer(2, "witch_antidote", "antidote")
        table.run()
        return table.deaths()

    assert play(True) == [(6, "guard_and_antidote")]
    assert play(False) == []


def test_poison_ignores_the_guard() -> None:
    table = Table(BASIC, max_days=1).answer(0, "guard", 7).answer(2, "witch_poison", 7)
    table.run()
    assert table.deaths() == [(7, "poison")]


# -- seer, wolves, little girl ------------------------------------------------------


def test_seer_sees_the_card_privately() -> None:
    table = Table(BASIC, max_days=1).answer(1, "seer_check", 4)
    table.run()
    seen = [r for r in table.records_of(Info) if getattr(r.event, "fact", "") == "role"]
    assert len(seen) == 1
    assert seen[0].vis.seats == (1,)
    assert isinstance(seen[0].event, Info) and (seen[0].event.subject, seen[0].event.value) == (4, "werewolf")


def test_wolves_may_name_any_living_player_or_skip_and_see_each_others_votes() -> None:
    table = Table(BASIC, max_days=1).answer(4, "wolf_kill", 7).answer(5, "wolf_kill", 7)
    decision = table.run_to("wolf_kill")
    assert "skip" in decision.option_ids and "seat:5" in decision.option_ids
    table.run()
    votes = table.records_of(VoteCast)
    assert [r.vis.seats for r in votes if getattr(r.event, "ballot", "") == "wolf_kill"] == [(4, 5), (4, 5)]
    assert table.deaths() == [(7, "wolves")]


def test_a_tie_among_wolves_kills_nobody() -> None:
    table = Table(BASIC, max_days=1).answer(4, "wolf_kill", 6).answer(5, "wolf_kill", 7)
    table.run()
    assert table.deaths() == []


def test_wolves_may_choose_no_kill() -> None:
    roles = ["seer", "witch", "werewolf", "werewolf", "werewolf", "villager", "villager", "villager", "hunter"]
    table = Table(roles, max_days=1).answer(2, "wolf_kill", "skip").answer(3, "wolf_kill", "skip")
    table.answer(4, "wolf_kill", 0)
    table.run()
    assert table.deaths() == []


GIRL_TABLE = ["little_girl", "seer", "witch", "werewolf", "werewolf", "villager", "villager", "hunter"]


def test_little_girl_peek_reveals_the_wolves_to_her_only() -> None:
    table = Table(GIRL_TABLE, max_days=1).answer(0, "little_girl_peek", "peek")
    table.run()
    seen = [r for r in table.records_of(Info) if getattr(r.event, "fact", "") == "role"]
    peeked = {r.event.subject for r in seen if r.vis.seats == (0,) and isinstance(r.event, Info)}
    assert peeked == {3, 4}


def test_little_girl_who_sleeps_learns_nothing() -> None:
    table = Table(GIRL_TABLE, max_days=1)
    table.run()
    assert not [r for r in table.records_of(Info) if r.vis.seats == (0,)]


def test_a_caught_little_girl_dies_instead_of_the_victim() -> None:
    table = Table(GIRL_TABLE, max_days=1, little_girl_caught_probability=1.0)
    table.answer(0, "little_girl_peek", "peek").answer(3, "wolf_kill", 6).answer(4, "wolf_kill", 6)
    table.run()
    assert table.deaths() == [(0, "wolves")]
    told = [r for r in table.records_of(Info) if r.vis.seats == (3, 4) and getattr(r.event, "fact", "") == "role"]
    assert [(getattr(r.event, "subject", None), getattr(r.event, "value", None)) for r in told] == [(0, "little_girl")]


# -- witch ---------------------------------------------------------------------------


def test_witch_is_shown_the_victim_and_may_save() -> None:
    table = Table(BASIC, max_days=1).answer(4, "wolf_kill", 6).answer(5, "wolf_kill", 6)
    table.answer(2, "witch_antidote", "antidote")
    decision = table.run_to("witch_antidote")
    shown = [r for r in table.records_of(Info) if getattr(r.event, "fact", "") == "wolf_victim"]
    assert shown[-1].vis.seats == (2,) and getattr(shown[-1].event, "subject", None) == 6
    assert decision.option_ids == ("antidote", "skip")
    table.run()
    assert table.deaths() == []
    assert not table.kinds_asked("witch_poison")  # one potion a night


@pytest.mark.parametrize(("told", "shown_nights"), [("while_antidote", 1), ("always", 2)])
def test_witch_told_the_victim_every_night_or_only_while_she_has_the_antidote(told: str, shown_nights: int) -> None:
    table = Table(BASIC, max_days=2, witch_told_victim=told)
    for night in range(2):
        table.answer(4, "wolf_kill", 6 + night).answer(5, "wolf_kill", 6 + night)
    table.answer(2, "witch_antidote", "antidote")
    table.run()
    shown = [e for e in table.events(Info) if e.fact == "wolf_victim"]
    assert [e.subject for e in shown] == [6, 7][:shown_nights]
    assert len(table.kinds_asked("witch_antidote")) == 1
    assert len(table.kinds_asked("witch_poison")) == 1  # night 2: only the poison
    assert table.deaths() == [(7, "wolves")]


def test_witch_told_when_nobody_was_attacked() -> None:
    table = Table(BASIC, max_days=1)
    table.run()
    shown = [e for e in table.events(Info) if e.fact == "wolf_victim"]
    assert [(e.subject, e.value) for e in shown] == [(None, "none")]
    assert not table.kinds_asked("witch_antidote")


def self_save_offered(policy: str, night: int) -> bool:
    table = Table(BASIC, max_days=night, witch_self_save=policy)
    for _ in range(night):
        table.answer(4, "wolf_kill", 2 if _ == night - 1 else "skip")
        table.answer(5, "wolf_kill", 2 if _ == night - 1 else "skip")
    table.run()
    return bool(table.kinds_asked("witch_antidote"))


def test_witch_self_save_switch() -> None:
    assert not self_save_offered("never", 1)
    assert self_save_offered("first_night_only", 1)
    assert not self_save_offered("first_night_only", 2)
    assert self_save_offered("always", 2)


def test_witch_does_not_poison_herself_and_may_decline() -> None:
    decision = Table(BASIC).run_to("witch_poison")
    assert "seat:2" not in decision.option_ids
    assert decision.default == "skip"


def test_night_actions_are_god_only() -> None:
    table = Table(BASIC, max_days=1).answer(0, "guard", 6).answer(2, "witch_poison", 7)
    table.run()
    assert all(r.vis.scope == "god" for r in table.records_of(ActionTaken))
