"""One small test (or a few) per One Night role, driving real games with a fixed deal."""

from __future__ import annotations

from llm_werewolf.rules import Choice
from llm_werewolf.rules.events import ActionTaken, Cue, Info, RoleAssigned

from .test_one_night_support import Table, play

V = "villager"


def _team_info(table: Table, value: str) -> list[Info]:
    return [i for i in table.events(Info) if i.fact == "team" and i.value == value]


# -- werewolves, Mystic Wolf, Minion, Little Girl -----------------------------------


def test_two_werewolves_learn_each_other_and_nobody_views_the_center() -> None:
    t = play(["werewolf", "werewolf", "seer", V], ["robber", "troublemaker", V])
    (team,) = _team_info(t, "wolves")
    assert team.seats == (0, 1)
    (record,) = [r for r in t.records_of(Info) if isinstance(r.event, Info) and r.event.fact == "team"]
    assert record.vis.seats == (0, 1)
    assert "wolf_center" not in t.kinds_asked(0) + t.kinds_asked(1)


def test_lone_wolf_may_view_one_center_card() -> None:
    t = play(["werewolf", "seer", V, V], ["werewolf", "robber", "tanner"], {(0, "wolf_center"): ["center:2"]})
    seen = t.infos(0, "center_role")
    assert [(i.subject, i.value) for i in seen] == [(2, "tanner")]
    assert not t.infos(1, "center_role")


def test_lone_wolf_may_skip_the_center_card() -> None:
    t = play(["werewolf", "seer", V, V], ["werewolf", "robber", "tanner"], {(0, "wolf_center"): ["skip"]})
    assert t.kinds_asked(0).count("wolf_center") == 1
    assert not t.infos(0, "center_role")


def test_mystic_wolf_wakes_with_the_wolves_and_views_a_card() -> None:
    t = play(
        ["werewolf", "mystic_wolf", "seer", V],
        ["robber", V, V],
        {(1, "mystic_look"): ["seat:2"]},
    )
    (team,) = _team_info(t, "wolves")
    assert team.seats == (0, 1)
    assert [(i.subject, i.value) for i in t.infos(1, "role")] == [(2, "seer")]
    assert not t.infos(0, "role")


def test_lone_mystic_wolf_counts_as_the_lone_wolf() -> None:
    t = play(["mystic_wolf", "seer", V, V], ["werewolf", "robber", V], {(0, "wolf_center"): ["center:0"]})
    assert [i.value for i in t.infos(0, "center_role")] == ["werewolf"]


def test_minion_learns_the_wolves_who_do_not_learn_him() -> None:
    t = play(["werewolf", "minion", "werewolf", V], ["seer", V, V])
    (seen,) = t.infos(1, "wolves")
    assert seen.seats == (0, 2)
    (team,) = _team_info(t, "wolves")
    assert 1 not in team.seats


def test_minion_with_every_wolf_in_the_center_learns_nobody() -> None:
    t = play(["minion", "seer", V, V], ["werewolf", "werewolf", "robber"])
    (seen,) = t.infos(0, "wolves")
    assert seen.seats == ()


def test_little_girl_who_peeks_learns_who_woke_as_wolves() -> None:
    t = play(["werewolf", "little_girl", "werewolf", V], ["seer", V, V], {(1, "little_girl_peek"): ["peek"]})
    (seen,) = t.infos(1, "wolves")
    assert seen.seats == (0, 2)
    assert not t.infos(3, "wolves")


def test_little_girl_who_does_not_peek_learns_nothing() -> None:
    t = play(["werewolf", "little_girl", "werewolf", V], ["seer", V, V])
    assert t.kinds_asked(1) == ["little_girl_peek", "speech", "speech", "vote"]
    assert not t.infos(1, "wolves")


# -- masons -------------------------------------------------------------------------


def test_masons_see_each_other() -> None:
    t = play(["mason", "werewolf", "mason", V], ["seer", V, V])
    (team,) = _team_info(t, "masons")
    assert team.seats == (0, 2)
    assert t.infos(0, "team") and t.infos(2, "team") and not t.infos(3, "team")


def test_a_lone_mason_learns_he_is_alone() -> None:
    t = play(["mason", "werewolf", V, V], ["mason", "seer", V])
    (team,) = _team_info(t, "masons")
    assert team.seats == (0,)


# -- Seer -------------------------------------------------------------------------------


def test_seer_views_one_player() -> None:
    t = play(["seer", "werewolf", V, V], ["robber", V, V], {(0, "seer_look"): ["seat:1"]})
    assert [(i.subject, i.value) for i in t.infos(0, "role")] == [(1, "werewolf")]
    assert t.kinds_asked(0).count("seer_look") == 1


def test_seer_views_two_center_cards_one_at_a_time() -> None:
    table = Table(
        ["seer", "werewolf", V, V], ["robber", "tanner", "drunk"], {(0, "seer_look"): ["center:1", "center:2"]}
    )
    table.run()
    seen = [(i.subject, i.value) for i in table.infos(0, "center_role")]
    assert seen == [(1, "tanner"), (2, "drunk")]
    asked = [d for d in table.asked if d.kind == "seer_look"]
    assert len(asked) == 2
    assert asked[1].option_ids == ("center:0", "center:2")


def test_seer_cannot_view_herself_and_may_skip() -> None:
    table = Table(["seer", "werewolf", V, V], ["robber", V, V])
    decision = table.run_until("seer_look")
    assert "seat:0" not in decision.option_ids
    assert decision.default == "skip"
    table.run()
    assert not table.infos(0, "role") and not table.infos(0, "center_role")


# -- Paranormal Investigator -------------------------------------------------------------


def test_investigator_views_two_village_cards_and_stays_village() -> None:
    t = play(
        ["paranormal_investigator", "seer", V, "werewolf"],
        ["robber", V, V],
        {(0, "pi_look"): ["seat:1", "seat:2"]},
    )
    assert [(i.subject, i.value) for i in t.infos(0, "role")] == [(1, "seer"), (2, V)]
    assert not t.infos(0, "converted")
    assert t.game.ruleset.side_of(t.game.state, 0) == "village"


def test_investigator_who_sees_a_wolf_stops_and_becomes_a_werewolf() -> None:
    t = play(
        ["paranormal_investigator", "werewolf", V, V],
        ["robber", V, V],
        {(0, "pi_look"): ["seat:1", "seat:2"]},
    )
    assert t.kinds_asked(0).count("pi_look") == 1
    (converted,) = t.infos(0, "converted")
    assert converted.value == "werewolf"
    assert t.game.ruleset.side_of(t.game.state, 0) == "wolves"


def test_investigator_who_sees_the_tanner_becomes_a_tanner() -> None:
    t = play(
        ["paranormal_investigator", V, "tanner", "werewolf"],
        ["robber", V, V],
        {(0, "pi_look"): ["seat:1", "seat:2"]},
        votes=[3, 0, 0, 0],
    )
    (converted,) = t.infos(0, "converted")
    assert converted.value == "tanner"
    assert t.dead == {0}
    assert t.winners == {0} and t.sides == ("tanner",)


def test_investigator_second_look_excludes_the_first_seat() -> None:
    table = Table(["paranormal_investigator", V, V, "werewolf"], ["robber", V, V])
    first = table.run_until("pi_look")
    table.game.submit(first.id, Choice("seat:1"))
    second = table.run_until("pi_look")
    assert second.option_ids == ("seat:2", "seat:3", "skip")


def test_investigator_may_skip_at_once() -> None:
    t = play(["paranormal_investigator", V, V, "werewolf"], ["robber", V, V], {(0, "pi_look"): ["skip"]})
    assert t.kinds_asked(0).count("pi_look") == 1
    assert not t.infos(0, "role")


# -- Robber, Troublemaker, Drunk, Insomniac -----------------------------------------------


def test_robber_swaps_and_sees_his_new_card() -> None:
    t = play(["robber", "seer", "werewolf", V], ["tanner", V, V], {(0, "robber_swap"): ["seat:2"]})
    assert t.cards[:3] == ("werewolf", "seer", "robber")
    (assigned,) = [r for r in t.events(RoleAssigned) if r.reason == "robbery"]
    assert (assigned.seat, assigned.role) == (0, "werewolf")
    rec = next(
        r for r in t.records_of(RoleAssigned) if isinstance(r.event, RoleAssigned) and r.event.reason == "robbery"
    )
    assert rec.vis.seats == (0,)
    assert t.game.ruleset.side_of(t.game.state, 0) == "wolves"
    assert t.game.ruleset.side_of(t.game.state, 2) == "village"


def test_robber_may_skip() -> None:
    t = play(["robber", "seer", "werewolf", V], ["tanner", V, V], {(0, "robber_swap"): ["skip"]})
    assert t.cards[:3] == ("robber", "seer", "werewolf")
    assert not [r for r in t.events(RoleAssigned) if r.reason == "robbery"]


def test_troublemaker_swaps_two_other_players_unseen() -> None:
    t = play(
        ["troublemaker", "seer", "werewolf", V],
        ["tanner", V, V],
        {(0, "troublemaker_swap"): ["seat:1", "seat:2"]},
    )
    assert t.cards[:3] == ("troublemaker", "werewolf", "seer")
    assert not [r for r in t.events(RoleAssigned) if r.reason != "deal"]
    (action,) = [a for a in t.events(ActionTaken) if a.action == "swap"]
    assert action.targets == (1, 2)


def test_troublemaker_options_exclude_herself_and_the_first_pick() -> None:
    table = Table(["troublemaker", "seer", "werewolf", V], ["tanner", V, V], {(0, "troublemaker_swap"): ["seat:2"]})
    first = table.run_until("troublemaker_swap")
    assert first.option_ids == ("seat:1", "seat:2", "seat:3", "skip")
    table.asked.append(first)
    table.game.submit(first.id, Choice("seat:2"))
    second = table.run_until("troublemaker_swap")
    assert second.option_ids == ("seat:1", "seat:3")


def test_troublemaker_may_skip() -> None:
    t = play(["troublemaker", "seer", "werewolf", V], ["tanner", V, V], {(0, "troublemaker_swap"): ["skip"]})
    assert t.cards == ("troublemaker", "seer", "werewolf", V)
    assert t.kinds_asked(0).count("troublemaker_swap") == 1


def test_drunk_swaps_with_a_center_card_without_looking() -> None:
    t = play(["drunk", "seer", "werewolf", V], ["tanner", "robber", V], {(0, "drunk_swap"): ["center:1"]})
    assert t.cards[0] == "robber"
    assert t.center == ("tanner", "drunk", V)
    assert not [r for r in t.events(RoleAssigned) if r.seat == 0 and r.reason != "deal"]
    assert not t.infos(0, "role") and not t.infos(0, "center_role")


def test_drunk_must_swap() -> None:
    table = Table(["drunk", "seer", "werewolf", V], ["tanner", "robber", V])
    decision = table.run_until("drunk_swap")
    assert decision.option_ids == ("center:0", "center:1", "center:2")
    assert decision.default is None


def test_insomniac_sees_her_card_after_it_was_robbed() -> None:
    t = play(["robber", "insomniac", "werewolf", V], ["tanner", V, V], {(0, "robber_swap"): ["seat:1"]})
    (seen,) = t.infos(1, "role")
    assert (seen.subject, seen.value) == (1, "robber")
    assert [(r.role, r.reason) for r in t.events(RoleAssigned) if r.seat == 1] == [
        ("insomniac", "deal"),
        ("robber", "insomniac"),
    ]


def test_insomniac_with_her_own_card_gets_no_new_assignment() -> None:
    t = play(["insomniac", "werewolf", V, V], ["tanner", V, V])
    (seen,) = t.infos(0, "role")
    assert seen.value == "insomniac"
    assert [r.reason for r in t.events(RoleAssigned) if r.seat == 0] == ["deal"]


# -- Doppelganger ------------------------------------------------------------------------


def _doppel(copy_seat: int, roles: list[str], center: list[str], more: dict[str, list[str]] | None = None) -> Table:
    script: dict[tuple[int, str], list[str]] = {(0, "doppel_copy"): [f"seat:{copy_seat}"]}
    for kind, answers in (more or {}).items():
        script[(0, kind)] = answers
    return play(["doppelganger", *roles], center, script)


def test_doppelganger_learns_the_copied_card() -> None:
    t = _doppel(2, ["seer", V, "werewolf"], ["robber", V, V])
    (copied,) = t.infos(0, "copied")
    assert (copied.subject, copied.value) == (2, V)
    assert t.game.state.data.doppel_copy == V


def test_doppel_seer_looks_at_once_before_the_seer() -> None:
    t = _doppel(1, ["seer", V, "werewolf"], ["robber", V, V], {"seer_look": ["seat:3"]})
    assert [(i.subject, i.value) for i in t.infos(0, "role")] == [(3, "werewolf")]
    first_seer_ask = next(i for i, d in enumerate(t.asked) if d.kind == "seer_look")
    assert t.asked[first_seer_ask].seat == 0


def test_doppel_robber_gives_away_the_doppelganger_card_which_stays_a_robber() -> None:
    t = _doppel(1, ["robber", "werewolf", V], ["seer", V, V], {"robber_swap": ["seat:2"]})
    assert t.cards[0] == "werewolf" and t.cards[2] == "doppelganger"
    rules, state = t.game.ruleset, t.game.state
    assert rules.side_of(state, 0) == "wolves"
    assert rules.side_of(state, 2) == "village"


def test_doppel_troublemaker_swaps_at_once() -> None:
    t = _doppel(1, ["troublemaker", "werewolf", V], ["seer", V, V], {"troublemaker_swap": ["seat:2", "seat:3"]})
    assert t.cards[2:] == (V, "werewolf")


def test_doppel_drunk_puts_the_doppelganger_card_in_the_center() -> None:
    t = _doppel(1, ["drunk", "werewolf", V], ["seer", "tanner", V], {"drunk_swap": ["center:1"]})
    assert t.cards[0] == "tanner"
    assert t.center[1] == "doppelganger"


def test_doppel_mystic_wolf_views_a_card_and_wakes_with_the_wolves() -> None:
    t = _doppel(1, ["mystic_wolf", "seer", V], ["robber", V, V], {"mystic_look": ["seat:2"]})
    assert [(i.subject, i.value) for i in t.infos(0, "role")] == [(2, "seer")]
    (team,) = _team_info(t, "wolves")
    assert team.seats == (0, 1)
    assert t.game.ruleset.side_of(t.game.state, 0) == "wolves"


def test_doppel_werewolf_wakes_with_the_wolves_so_nobody_is_a_lone_wolf() -> None:
    t = _doppel(1, ["werewolf", "seer", V], ["robber", V, V])
    (team,) = _team_info(t, "wolves")
    assert team.seats == (0, 1)
    assert "wolf_center" not in t.kinds_asked(0) + t.kinds_asked(1)


def test_doppel_mason_wakes_with_the_masons() -> None:
    t = _doppel(1, ["mason", "werewolf", V], ["mason", V, V])
    (team,) = _team_info(t, "masons")
    assert team.seats == (0, 1)


def test_doppel_minion_learns_the_wolves() -> None:
    t = _doppel(1, ["minion", "werewolf", V], ["seer", V, V])
    (seen,) = t.infos(0, "wolves")
    assert seen.seats == (2,)
    assert t.game.ruleset.side_of(t.game.state, 0) == "wolves"


def test_doppel_insomniac_wakes_after_the_insomniac() -> None:
    t = _doppel(1, ["insomniac", "robber", "werewolf"], ["seer", V, V])
    keys = [(c.key, c.role) for c in t.events(Cue)]
    at = keys.index(("sleep", "insomniac"))
    assert keys[at + 1 : at + 3] == [("doppel_wake", "insomniac"), ("doppel_sleep", "insomniac")]
    views = [(i.subject, i.value) for i in t.infos(0, "role")]
    assert views == [(0, "doppelganger")]


def test_doppel_paranormal_investigator_converts_herself_not_the_card() -> None:
    t = _doppel(1, ["paranormal_investigator", "werewolf", V], ["seer", V, V], {"pi_look": ["seat:2"]})
    data = t.game.state.data
    assert (data.doppel_copy, data.doppel_as, data.converted) == (
        "paranormal_investigator",
        "paranormal_investigator",
        ((0, "werewolf"),),
    )
    assert t.game.ruleset.side_of(t.game.state, 0) == "wolves"


def test_doppel_little_girl_may_peek() -> None:
    t = _doppel(1, ["little_girl", "werewolf", V], ["seer", V, V], {"little_girl_peek": ["peek"]})
    (seen,) = t.infos(0, "wolves")
    assert seen.seats == (2,)


def test_doppel_tanner_has_no_night_action_and_counts_as_a_tanner() -> None:
    t = _doppel(1, ["tanner", "werewolf", V], ["seer", V, V])
    assert t.kinds_asked(0) == ["doppel_copy", "speech", "speech", "vote"]
    assert t.game.ruleset.side_of(t.game.state, 0) == "tanner"


def test_doppelganger_cannot_copy_herself() -> None:
    table = Table(["doppelganger", "werewolf", V], ["seer", V, V])
    decision = table.run_until("doppel_copy")
    assert decision.option_ids == ("seat:1", "seat:2")
