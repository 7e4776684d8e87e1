"""Day rules of chinese_werewolf: sheriff, badge, speaking order, exile, hunter, last words."""

from __future__ import annotations

import itertools

from llm_werewolf.rules.events import Announcement, DeathsAnnounced, Speech, StatusChanged, VoteCast, VoteTally
from llm_werewolf.rules.variants.chinese_werewolf.data import ballot_options
from llm_werewolf.rules.variants.chinese_werewolf.units import SPEECH_ACTION_UNITS, VOTE_RULING_UNITS

from .test_chinese_werewolf_support import Table

# seat: 0 guard, 1 seer, 2 witch, 3 hunter, 4 werewolf, 5 werewolf, 6 villager, 7 villager, 8 villager
NINE = ["guard", "seer", "witch", "hunter", "werewolf", "werewolf", "villager", "villager", "villager"]


def keys(table: Table) -> list[str]:
    return [e.key for e in table.events(Announcement)]


def sheriff_of(table: Table) -> int | None:
    sheriff: int | None = table.game.state.data.sheriff
    return sheriff


# -- sheriff election ------------------------------------------------------------------


def test_election_comes_before_the_deaths_and_the_night_victim_takes_part() -> None:
    table = Table(NINE, max_days=1).answer(4, "wolf_kill", 6).answer(5, "wolf_kill", 6)
    table.answer(6, "sheriff_run", "run")
    table.run()
    runs = table.kinds_asked("sheriff_run")
    assert 6 in {d.seat for d in runs}
    assert sheriff_of(table) is None  # the victim was elected, then died and tore the badge by default
    elected = table.index_of(lambda r: isinstance(r.event, Announcement) and r.event.key == "sheriff_elected")
    announced = table.index_of(lambda r: isinstance(r.event, DeathsAnnounced))
    assert elected < announced
    assert "badge_torn" in keys(table)


def test_nobody_runs_means_no_sheriff() -> None:
    table = Table(NINE, max_days=1)
    table.run()
    assert sheriff_of(table) is None
    assert "no_sheriff" in keys(table)
    assert not table.kinds_asked("sheriff_vote")


def test_everyone_running_leaves_no_voter_and_no_sheriff() -> None:
    table = Table(NINE, max_days=1)
    for seat in range(9):
        table.answer(seat, "sheriff_run", "run")
    table.run()
    assert len(table.kinds_asked("campaign")) == 9
    assert not table.kinds_asked("sheriff_vote")
    assert [e.value for e in table.events(Announcement) if e.key == "no_sheriff"] == ["no_voters"]


def test_a_single_candidate_left_is_elected_unopposed() -> None:
    table = Table(NINE, max_days=1)
    for seat in range(9):
        table.answer(seat, "sheriff_run", "run")
    for seat in range(8):
        table.answer(seat, "sheriff_withdraw", "withdraw")
    table.run()
    assert sheriff_of(table) == 8
    assert [e.seat for e in table.events(StatusChanged) if e.status == "sheriff"] == [8]


def test_voters_elect_the_candidate_with_most_votes_and_withdrawn_players_do_not_vote() -> None:
    table = Table(NINE, max_days=1)
    for seat in (1, 2, 3):
        table.answer(seat, "sheriff_run", "run")
    table.answer(3, "sheriff_withdraw", "withdraw")
    for voter, pick in ((0, 1), (4, 2), (5, 2), (6, 1), (7, 1), (8, "skip")):
        table.answer(voter, "sheriff_vote", pick)
    table.run()
    voters = {d.seat for d in table.kinds_asked("sheriff_vote")}
    assert voters == {0, 4, 5, 6, 7, 8}
    assert table.kinds_asked("sheriff_vote")[0].option_ids == ("seat:1", "seat:2", "skip")
    assert sheriff_of(table) == 1


def test_a_tie_means_speeches_and_a_revote_and_a_second_tie_means_no_sheriff() -> None:
    table = Table(NINE, max_days=1)
    table.answer(1, "sheriff_run", "run").answer(2, "sheriff_run", "run")
    for voter, picks in ((0, (1, 1)), (3, (1, 1)), (4, (2, 2)), (5, (2, 2))):
        table.answer(voter, "sheriff_vote", *picks)
    table.run()
    campaigns = [d.seat for d in table.kinds_asked("campaign")]
    assert sorted(campaigns[:2]) == [1, 2] and campaigns[2:] == [1, 2]
    assert len(table.kinds_asked("sheriff_vote")) == 2 * 7
    assert sheriff_of(table) is None
    assert [e.value for e in table.events(Announcement) if e.key == "no_sheriff"] == ["tie"]


def test_a_tie_broken_by_the_revote_elects() -> None:
    table = Table(NINE, max_days=1)
    table.answer(1, "sheriff_run", "run").answer(2, "sheriff_run", "run")
    for voter, picks in ((0, (1, 1)), (3, (1, 1)), (4, (2, 2)), (5, (2, 1))):
        table.answer(voter, "sheriff_vote", *picks)
    table.run()
    assert sheriff_of(table) == 1


def elect(table: Table, seat: int) -> Table:
    return table.answer(seat, "sheriff_run", "run")


def test_the_sheriff_vote_weighs_one_and_a_half() -> None:
    table = elect(Table(NINE, max_days=1), 1)
    table.answer(1, "exile_vote", 6).answer(0, "exile_vote", 6)
    table.answer(4, "exile_vote", 7).answer(5, "exile_vote", 7)
    table.run()
    weights = {e.seat: e.weight for e in table.events(VoteCast) if e.ballot == "exile_1"}
    assert weights[1] == 1.5 and weights[0] == 1.0
    assert (6, "exile") in table.deaths()


def test_a_dead_sheriff_passes_the_badge() -> None:
    table = elect(Table(NINE, max_days=2), 1).answer(1, "badge", 2)
    table.answer(4, "wolf_kill", 1).answer(5, "wolf_kill", 1)
    table.run()
    assert table.kinds_asked("badge")[0].option_ids[-1] == "tear"
    assert sheriff_of(table) == 2
    assert [e.seats for e in table.events(Announcement) if e.key == "badge_passed"] == [(1, 2)]


def test_a_dead_sheriff_may_tear_the_badge() -> None:
    table = elect(Table(NINE, max_days=2), 1).answer(1, "badge", "tear")
    table.answer(4, "wolf_kill", 1).answer(5, "wolf_kill", 1)
    table.run()
    assert sheriff_of(table) is None
    assert not table.kinds_asked("sheriff_order")


def test_election_can_be_switched_off() -> None:
    table = Table(NINE, max_days=1, sheriff=False)
    table.run()
    assert not table.kinds_asked("sheriff_run")


# -- speaking order ------------------------------------------------------------------------


def order(table: Table) -> tuple[int, ...]:
    return next(e.seats for e in table.events(Announcement) if e.key == "speaking_order")


def test_discussion_starts_left_of_the_night_victim_clockwise() -> None:
    table = Table(NINE, max_days=1).answer(4, "wolf_kill", 6).answer(5, "wolf_kill", 6)
    table.run()
    assert order(table) == (7, 8, 0, 1, 2, 3, 4, 5)
    spoke = [d.seat for d in table.kinds_asked("speech")]
    assert spoke == [7, 8, 0, 1, 2, 3, 4, 5]


def test_the_sheriff_picks_the_direction_and_speaks_last() -> None:
    table = elect(Table(NINE, max_days=1), 2).answer(2, "sheriff_order", "counterclockwise")
    table.answer(4, "wolf_kill", 6).answer(5, "wolf_kill", 6)
    table.run()
    assert order(table) == (5, 4, 3, 1, 0, 8, 7, 2)


def test_without_a_death_the_order_starts_next_to_the_sheriff() -> None:
    table = elect(Table(NINE, max_days=1), 2)
    table.run()
    assert order(table) == (3, 4, 5, 6, 7, 8, 0, 1, 2)


def test_without_death_or_sheriff_a_seeded_seat_opens_clockwise() -> None:
    starts = set()
    for seed in range(12):
        table = Table(NINE, max_days=1, seed=seed)
        table.run()
        seats = order(table)
        assert sorted(seats) == list(range(9))
        assert all((b - a) % 9 == 1 for a, b in itertools.pairwise(seats))
        starts.add(seats[0])
    assert len(starts) > 1


# -- exile ----------------------------------------------------------------------------------


def test_exiled_player_flips_his_card_and_speaks_last_words() -> None:
    table = Table(NINE, max_days=1)
    for voter in (0, 1, 2):
        table.answer(voter, "exile_vote", 4)
    table.run()
    exile = next(e for e in table.events(DeathsAnnounced) if e.moment == "exile")
    assert [(d.seat, d.cause, d.role) for d in exile.deaths] == [(4, "exile", "werewolf")]
    assert [d.seat for d in table.kinds_asked("last_words")] == [4]


def test_exile_vote_options_exclude_self_and_allow_abstaining() -> None:
    decision = Table(NINE).run_to("exile_vote", 3)
    assert "seat:3" not in decision.option_ids and decision.default == "skip"


def tie_table(policy: str) -> Table:
    table = Table(NINE, max_days=1, tie_policy=policy)
    table.answer(0, "exile_vote", 4, 4).answer(1, "exile_vote", 4, 5)
    table.answer(2, "exile_vote", 5, 5).answer(3, "exile_vote", 5, 4)
    return table


def test_an_exile_tie_exiles_nobody_by_default() -> None:
    table = tie_table("none")
    table.run()
    assert table.deaths() == []
    assert not table.kinds_asked("defense")
    assert [e.result for e in table.events(VoteTally) if e.ballot == "exile_1"] == ["tie"]


def test_pk_revote_has_the_tied_speak_and_the_others_revote() -> None:
    table = tie_table("pk_revote_then_none")
    table.answer(6, "exile_vote", "skip", 5)
    table.run()
    assert [d.seat for d in table.kinds_asked("defense")] == [4, 5]
    revoters = {d.seat for d in table.kinds_asked("exile_vote")[9:]}
    assert revoters == {0, 1, 2, 3, 6, 7, 8}
    assert table.kinds_asked("exile_vote")[9].option_ids == ("seat:4", "seat:5", "skip")
    assert table.deaths() == [(5, "exile")]


def test_pk_second_tie_exiles_nobody() -> None:
    table = Table(NINE, max_days=1, tie_policy="pk_revote_then_none")
    table.answer(0, "exile_vote", 4, 4).answer(1, "exile_vote", 5, 5)
    table.run()
    assert table.deaths() == []
    assert [e.result for e in table.events(VoteTally) if e.ballot.startswith("exile")] == ["tie", "tie"]


# -- hunter and last words -------------------------------------------------------------------


def test_hunter_killed_by_wolves_flips_and_shoots() -> None:
    table = Table(NINE, max_days=1).answer(4, "wolf_kill", 3).answer(5, "wolf_kill", 3)
    table.answer(3, "hunter_shot", 4)
    table.run()
    assert table.deaths()[:2] == [(3, "wolves"), (4, "hunter")]
    morning = table.events(DeathsAnnounced)[0]
    assert [(d.seat, d.role) for d in morning.deaths] == [(3, "hunter")]
    shot = next(e for e in table.events(DeathsAnnounced) if e.moment == "hunter_shot")
    assert [(d.seat, d.cause, d.role) for d in shot.deaths] == [(4, "hunter", None)]


def test_exiled_hunter_shoots_and_may_decline() -> None:
    table = Table(NINE, max_days=1)
    for voter in (0, 1, 2):
        table.answer(voter, "exile_vote", 3)
    table.run()
    assert table.kinds_asked("hunter_shot")[0].default == "skip"
    assert table.deaths() == [(3, "exile")]
    assert "hunter_declined" in keys(table)


def test_poisoned_hunter_cannot_shoot_and_stays_hidden() -> None:
    table = Table(NINE, max_days=1).answer(2, "witch_poison", 3)
    table.run()
    assert table.deaths() == [(3, "poison")]
    assert not table.kinds_asked("hunter_shot")
    assert table.events(DeathsAnnounced)[0].deaths[0].role is None


def test_night_deaths_hide_role_and_cause() -> None:
    table = Table(NINE, max_days=1).answer(4, "wolf_kill", 6).answer(5, "wolf_kill", 6)
    table.run()
    death = table.events(DeathsAnnounced)[0].deaths[0]
    assert (death.seat, death.cause, death.role) == (6, None, None)


def test_last_words_for_night_one_and_the_day_but_not_later_nights() -> None:
    table = Table(NINE, max_days=2)
    table.answer(4, "wolf_kill", 6, 7).answer(5, "wolf_kill", 6, 7)
    table.run()
    assert [d.seat for d in table.kinds_asked("last_words")] == [6]
    assert (7, "wolves") in table.deaths()


def test_last_words_switch() -> None:
    for policy, expected in (("all", [6, 7]), ("none", [])):
        table = Table(NINE, max_days=2, last_words=policy)
        table.answer(4, "wolf_kill", 6, 7).answer(5, "wolf_kill", 6, 7)
        table.run()
        assert [d.seat for d in table.kinds_asked("last_words")] == expected


def test_speeches_are_public_with_their_stage() -> None:
    table = elect(Table(NINE, max_days=1), 1)
    for voter in (0, 2, 3):
        table.answer(voter, "exile_vote", 4)
    table.run()
    stages = {r.event.stage for r in table.records_of(Speech) if isinstance(r.event, Speech)}
    assert stages == {"campaign", "discussion", "last_words"}
    assert all(r.vis.scope == "public" for r in table.records_of(Speech))


def test_each_exile_ballot_offers_the_pool_but_the_voter_then_skip() -> None:
    pool = (0, 2, 5)
    own, outsider = ballot_options(pool, (2, 7), self_vote=False, abstain=True)
    assert [o.id for o in own] == ["seat:0", "seat:5", "skip"]
    assert [o.id for o in outsider] == ["seat:0", "seat:2", "seat:5", "skip"]  # a voter outside a PK pool
    first, second = ballot_options(pool, (0, 5), self_vote=True, abstain=False)
    assert [o.id for o in first] == ["seat:0", "seat:2", "seat:5"] and first is second


def test_only_units_that_act_before_a_speech_or_take_votes_are_asked() -> None:
    assert [type(u).__name__ for u in SPEECH_ACTION_UNITS] == ["Knight"]
    assert [type(u).__name__ for u in VOTE_RULING_UNITS] == ["Idiot"]
