"""Discussion, whispers, the vote, the Hunter's shot and the end of the game."""

from __future__ import annotations

import pytest

from llm_werewolf.rules import Choice, OptionNotOffered
from llm_werewolf.rules.events import (
    Announcement,
    DeathsAnnounced,
    Died,
    RolesRevealed,
    Speech,
    VoteTally,
    WhisperNoticed,
)
from llm_werewolf.rules.views import build_view

from .test_one_night_support import Table, play

V = "villager"
ROLES = ["werewolf", "seer", V, V, "robber"]
CENTER = ["troublemaker", V, "tanner"]


def test_discussion_has_the_configured_rounds_in_seat_order() -> None:
    t = play(ROLES, CENTER, discussion_rounds=3)
    speakers = [s.seat for s in t.events(Speech)]
    assert speakers == [0, 1, 2, 3, 4] * 3


def test_zero_rounds_goes_straight_to_the_vote() -> None:
    t = play(ROLES, CENTER, discussion_rounds=0)
    assert not t.events(Speech)
    assert "vote" in t.kinds_asked(0)


def test_vote_options_are_every_other_player() -> None:
    table = Table(ROLES, CENTER)
    decision = table.run_until("vote")
    assert decision.option_ids == ("seat:1", "seat:2", "seat:3", "seat:4")
    with pytest.raises(OptionNotOffered):
        table.game.submit(decision.id, Choice("skip"))


def test_one_vote_each_kills_nobody() -> None:
    t = play(ROLES, CENTER, votes=[1, 2, 3, 4, 0])
    assert t.dead == set()
    (tally,) = t.events(VoteTally)
    assert tally.result == "nobody"
    assert t.events(DeathsAnnounced)[0].deaths == ()
    assert t.sides == ("wolves",)


def test_the_top_count_with_two_votes_dies() -> None:
    t = play(ROLES, CENTER, votes=[1, 0, 0, 4, 3])
    assert t.dead == {0}
    assert [(d.seat, d.cause) for d in t.events(Died)] == [(0, "vote")]
    assert t.sides == ("village",)


def test_all_tied_at_the_top_die() -> None:
    t = play(ROLES, CENTER, votes=[1, 0, 1, 0, 2])
    assert t.dead == {0, 1}
    (tally,) = t.events(VoteTally)
    assert tally.targets == (0, 1)


def test_a_lower_count_does_not_die() -> None:
    t = play(ROLES, CENTER, votes=[1, 0, 0, 0, 1])
    assert t.dead == {0}


def test_dead_hunter_takes_his_vote_target() -> None:
    t = play(["hunter", "werewolf", V, V], CENTER, votes=[1, 0, 0, 0])
    assert [(d.seat, d.cause) for d in t.events(Died)] == [(0, "vote"), (1, "hunter")]
    assert t.sides == ("village",)
    hunter_deaths = [a for a in t.events(DeathsAnnounced) if a.moment == "hunter"]
    assert [d.seat for d in hunter_deaths[0].deaths] == [1]


def test_hunters_shoot_to_a_fixed_point() -> None:
    t = play(
        ["doppelganger", "hunter", "werewolf", V, V],
        ["seer", "tanner", V],
        {(0, "doppel_copy"): ["seat:1"]},
        votes=[1, 2, 0, 0, 0],
    )
    assert [(d.seat, d.cause) for d in t.events(Died)] == [(0, "vote"), (1, "hunter"), (2, "hunter")]


def test_hunter_is_judged_by_his_current_card() -> None:
    t = play(
        ["robber", "hunter", "werewolf", V],
        CENTER,
        {(0, "robber_swap"): ["seat:1"]},
        votes=[2, 0, 0, 0],
    )
    assert [(d.seat, d.cause) for d in t.events(Died)] == [(0, "vote"), (2, "hunter")]


def test_hunter_whose_target_already_died_shoots_nobody() -> None:
    t = play(["hunter", "werewolf", V, V], CENTER, votes=[1, 0, 1, 0])
    assert [(d.seat, d.cause) for d in t.events(Died)] == [(0, "vote"), (1, "vote")]


def test_whispers_off_offers_only_speak() -> None:
    table = Table(ROLES, CENTER)
    assert table.run_until("speech").option_ids == ("speak",)


def test_a_whisper_reaches_the_two_seats_and_the_table_notices() -> None:
    t = play(ROLES, CENTER, {(1, "speech"): [Choice("seat:3", text="psst")]}, whispers=True)
    records = [r for r in t.game.records if isinstance(r.event, Speech) and r.event.stage == "whisper"]
    assert len(records) == 1
    assert records[0].vis.seats == (1, 3)
    whisper = records[0].event
    assert isinstance(whisper, Speech) and whisper.to == 3
    (noticed,) = t.events(WhisperNoticed)
    assert (noticed.seat, noticed.to) == (1, 3)
    for seat in (0, 2, 4, None):
        view = build_view(t.game.records, seat)
        assert not any(isinstance(r.event, Speech) and r.event.text == "psst" for r in view.records)
    for seat in (1, 3):
        view = build_view(t.game.records, seat)
        assert any(isinstance(r.event, Speech) and r.event.text == "psst" for r in view.records)


def test_whisper_options_name_every_other_seat() -> None:
    table = Table(ROLES, CENTER, whispers=True)
    decision = table.run_until("speech")
    assert decision.option_ids == ("speak", "seat:1", "seat:2", "seat:3", "seat:4")
    assert decision.default == "speak"


def test_the_end_reveals_current_cards_start_roles_and_the_center() -> None:
    t = play(ROLES, CENTER, {(4, "robber_swap"): ["seat:0"]}, votes=[1, 0, 0, 4, 3])
    (revealed,) = t.events(RolesRevealed)
    assert revealed.start_roles == tuple(ROLES)
    assert revealed.roles == ("robber", "seer", V, V, "werewolf")
    assert revealed.extra == tuple(CENTER)
    assert t.sides == ("wolves",)


def test_the_end_announces_what_the_doppelganger_copied() -> None:
    t = play(["doppelganger", "werewolf", V, "tanner"], ["seer", V, V], {(0, "doppel_copy"): ["seat:3"]})
    (copied,) = [a for a in t.events(Announcement) if a.key == "doppelganger_copied"]
    assert copied.value == "tanner"


def test_doppel_tanner_who_dies_wins_as_a_tanner() -> None:
    t = play(
        ["doppelganger", "werewolf", V, "tanner"],
        ["seer", V, V],
        {(0, "doppel_copy"): ["seat:3"]},
        votes=[1, 0, 0, 0],
    )
    assert t.dead == {0}
    assert t.sides == ("tanner",) and t.winners == {0}


def test_doppel_werewolf_card_dying_makes_the_village_win() -> None:
    t = play(
        ["doppelganger", "werewolf", V, "seer"],
        ["robber", V, V],
        {(0, "doppel_copy"): ["seat:1"]},
        votes=[2, 0, 0, 0],
    )
    assert t.dead == {0}
    assert t.sides == ("village",)
    assert t.winners == {2, 3}


def test_seats_are_all_alive_during_the_vote() -> None:
    table = Table(ROLES, CENTER)
    decision = table.run_until("vote")
    assert decision.group == "vote"
    assert len(table.game.pending) == len(ROLES)
