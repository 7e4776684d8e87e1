"""City Mafia day: speaking order, nominations, voting in order, ties, last words."""

from __future__ import annotations

from typing import Any

from llm_werewolf.rules import Choice
from llm_werewolf.rules.events import AnnouncedDeath, Announcement, DeathsAnnounced, Died, Speech, VoteCast, VoteTally

from .test_city_mafia_support import Table, seat

# 9 seats, night 1 without kills so that everyone reaches day 1.
DAY = ["don", "mafia", "sheriff", *["citizen"] * 6]
QUIET = {"first_night_kills": False}


def nominate(target: int, text: str = "") -> Choice:
    return Choice(seat(target), text=text)


def speakers(table: Table, day: int, stage: str = "discussion") -> list[int]:
    return [r.event.seat for r in table.records(Speech, stage=stage) if r.phase == f"day:{day}"]


def asked_in(table: Table, kind: str, day: int) -> list[int]:
    return [d.seat for d, _ in table.asked if d.kind == kind and table_phase(table, d.id) == f"day:{day}"]


def table_phase(table: Table, decision_id: int) -> str:
    from llm_werewolf.rules.events import ChoiceMade

    for record in table.records(ChoiceMade, decision_id=decision_id):
        return record.phase
    raise AssertionError(decision_id)


def tallies(table: Table) -> list[tuple[str, str, tuple[int, ...]]]:
    return [(e.ballot, e.result, e.targets) for e in table.events(VoteTally)]


def vote_script(rows: dict[int, list[str]]) -> dict[tuple[int, str], list[Any]]:
    return {(s, "vote"): list(v) for s, v in rows.items()}


def test_everyone_speaks_once_in_seat_order_and_the_opener_moves() -> None:
    table = Table(DAY, **QUIET).run_to("night:2").run_to("night:3")
    assert speakers(table, 1) == list(range(9))
    day2 = speakers(table, 2)
    shot = {e.seat for e in table.events(Died)}
    living = [s for s in range(9) if s not in shot]
    opener = min(s for s in living if s >= 1)
    assert day2 == living[living.index(opener) :] + living[: living.index(opener)]
    openers = [e.seats[0] for e in table.events(Announcement, key="opener")]
    assert openers[:2] == [0, day2[0]]


def test_the_opener_skips_a_dead_seat() -> None:
    roles = ["don", "citizen", "sheriff", "mafia", *["citizen"] * 5]
    # Seat 1 would open day 2; the mafia shoots him on night 2, so seat 2 opens.
    table = Table(roles, {(0, "mafia_kill"): [seat(1)]}, **QUIET).run_to("night:3")
    assert [e.seats[0] for e in table.events(Announcement, key="opener")][:2] == [0, 2]
    assert speakers(table, 2)[0] == 2
    # Control: when seat 2 is shot instead, seat 1 opens.
    control = Table(roles, {(0, "mafia_kill"): [seat(2)]}, **QUIET).run_to("night:3")
    assert [e.seats[0] for e in control.events(Announcement, key="opener")][:2] == [0, 1]


def test_nomination_options_exclude_the_speaker_and_earlier_nominees() -> None:
    table = Table(DAY, {(0, "speech"): [nominate(4)]}, **QUIET)
    table.run(lambda t: any(d.kind == "speech" and d.seat == 1 for d in t.game.pending))
    (decision,) = table.game.pending
    assert decision.option_ids[0] == "none" and decision.default == "none" and decision.speech
    assert seat(1) not in decision.option_ids and seat(4) not in decision.option_ids
    assert seat(0) in decision.option_ids
    assert table.events(Announcement, key="nomination") == [Announcement(key="nomination", seats=(0, 4))]


def test_no_nominations_no_vote() -> None:
    table = Table(DAY, **QUIET).run_to("night:2")
    assert table.events(Announcement, key="no_nominations")
    assert "vote" not in table.kinds_asked()
    assert table.events(Died) == []


def test_a_single_nominee_on_day_one_is_not_voted_on() -> None:
    table = Table(DAY, {(3, "speech"): [nominate(5)]}, **QUIET).run_to("night:2")
    assert table.events(Announcement, key="single_nominee_not_voted") == [
        Announcement(key="single_nominee_not_voted", seats=(5,))
    ]
    assert "vote" not in table.kinds_asked() and table.events(VoteCast, ballot="elimination") == []
    assert 5 in table.alive()


def test_a_single_nominee_on_day_two_gets_every_ballot() -> None:
    script = {(1, "speech"): ["none", nominate(6)], (0, "mafia_kill"): [seat(8)]}
    table = Table(DAY, script, **QUIET).run_to("night:3")
    assert asked_in(table, "vote", 2) == []
    votes = [e for e in table.events(VoteCast, ballot="elimination")]
    assert sorted(v.seat for v in votes) == [s for s in range(8)]
    assert all(v.target == 6 for v in votes)
    assert ("elimination", "eliminated", (6,)) in tallies(table)
    assert (6, "vote") in [(e.seat, e.cause) for e in table.events(Died)]


def test_voting_in_nomination_order_with_leftovers_to_the_last_nominee() -> None:
    script: dict[tuple[int, str], list[Any]] = {
        (0, "speech"): [nominate(3)],
        (1, "speech"): [nominate(4)],
        (2, "speech"): [nominate(5)],
    }
    script.update(vote_script({0: ["yes"], 1: ["no", "yes"], 6: ["no", "yes"], 7: ["yes"]}))
    table = Table(DAY, script, **QUIET).run_to("night:2")
    # nominee 3: everybody is asked; nominee 4: only those who kept their ballot; nominee 5: nobody is asked.
    assert asked_in(table, "vote", 1) == [*range(9), 1, 2, 3, 4, 5, 6, 8]
    ballots = {e.seat: e.target for e in table.events(VoteCast, ballot="elimination")}
    assert ballots == {0: 3, 7: 3, 1: 4, 6: 4, 2: 5, 3: 5, 4: 5, 5: 5, 8: 5}
    assert table.events(Announcement, key="leftover_votes") == [
        Announcement(key="leftover_votes", seats=(2, 3, 4, 5, 8), value=seat(5))
    ]
    assert tallies(table) == [("elimination", "eliminated", (5,))]
    assert [(e.seat, e.cause) for e in table.events(Died)] == [(5, "vote")]


def _three_way(rounds: int) -> dict[int, list[str]]:
    # nominees 3, 4, 5; each round: 3 <- {0,1,2}, 4 <- {3,6,7}, 5 <- leftover {4,5,8}
    one = {0: ["yes"], 1: ["yes"], 2: ["yes"], 3: ["no", "yes"], 6: ["no", "yes"], 7: ["no", "yes"]}
    one.update({4: ["no", "no"], 5: ["no", "no"], 8: ["no", "no"]})
    return {s: v * rounds for s, v in one.items()}


NOMINATE_345: dict[tuple[int, str], list[Any]] = {
    (0, "speech"): [nominate(3)],
    (1, "speech"): [nominate(4)],
    (2, "speech"): [nominate(5)],
}


def test_a_tie_gives_the_tied_players_a_second_speech_and_a_revote() -> None:
    votes = _three_way(1)
    # revote: 3 <- {0,1,2,3}, 4 <- {4,5}, 5 <- leftover {6,7,8}
    for voter in (0, 1, 2, 3):
        votes[voter] = [*votes[voter], "yes"]
    for voter in (4, 5):
        votes[voter] = [*votes[voter], "no", "yes"]
    script = {**NOMINATE_345, **vote_script(votes)}
    table = Table(DAY, script, **QUIET).run_to("night:2")
    assert speakers(table, 1, "defense") == [3, 4, 5]
    assert tallies(table) == [("elimination", "tie", (3, 4, 5)), ("revote", "eliminated", (3,))]
    assert [(e.seat, e.cause) for e in table.events(Died)] == [(3, "vote")]


def _second_tie(remove: list[int], **options: object) -> Table:
    script = {**NOMINATE_345, **vote_script(_three_way(2))}
    script.update({(s, "remove_all"): ["yes"] for s in remove})
    return Table(DAY, script, **QUIET, **options).run_to("night:2")


def test_second_tie_default_more_than_half_removes_all() -> None:
    table = _second_tie([0, 1, 2, 3, 4])
    assert tallies(table)[:2] == [("elimination", "tie", (3, 4, 5)), ("revote", "tie", (3, 4, 5))]
    (tally,) = table.events(VoteTally, ballot="remove_all")
    assert (tally.result, tally.counts, tally.targets) == ("all_removed", (("yes", 5.0), ("no", 4.0)), (3, 4, 5))
    assert [(e.seat, e.cause) for e in table.events(Died)] == [(3, "vote"), (4, "vote"), (5, "vote")]
    assert speakers(table, 1, "last_words") == [3, 4, 5]


def test_second_tie_default_half_is_not_enough() -> None:
    table = _second_tie([0, 1, 2, 3])
    (tally,) = table.events(VoteTally, ballot="remove_all")
    assert tally.result == "none_removed"
    assert table.events(Announcement, key="tie_resolved")[0].value == "none_removed"
    assert table.events(Died) == []


def test_second_tie_at_an_even_table_exactly_half_is_not_a_majority() -> None:
    """Ten living players, five want both tied out: half is not "more than half", nobody leaves."""
    script: dict[tuple[int, str], list[Any]] = {(0, "speech"): [nominate(3)], (1, "speech"): [nominate(4)]}
    script.update(vote_script({s: ["yes", "yes"] for s in range(5)}))  # 3 <- {0..4}; 4 <- the leftovers {5..9}
    script.update({(s, "remove_all"): ["yes"] for s in range(5)})
    table = Table([*DAY, "citizen"], script, **QUIET).run_to("night:2")
    assert tallies(table)[:2] == [("elimination", "tie", (3, 4)), ("revote", "tie", (3, 4))]
    (tally,) = table.events(VoteTally, ballot="remove_all")
    assert (tally.result, tally.counts) == ("none_removed", (("yes", 5.0), ("no", 5.0)))
    assert table.events(Died) == []


def test_second_tie_policy_none() -> None:
    table = _second_tie([0, 1, 2, 3, 4, 5, 6], tie_policy="none")
    assert "remove_all" not in table.kinds_asked()
    assert table.events(Died) == []
    assert table.events(Announcement, key="tie_resolved") == [
        Announcement(key="tie_resolved", seats=(3, 4, 5), value="none_removed")
    ]


def test_second_tie_policy_all() -> None:
    table = _second_tie([], tie_policy="all")
    assert "remove_all" not in table.kinds_asked()
    assert [e.seat for e in table.events(Died)] == [3, 4, 5]


def test_the_eliminated_player_says_last_words_after_leaving() -> None:
    script = {(1, "speech"): ["none", nominate(6)], (6, "last_words"): [Choice("speak", text="Bye.")]}
    table = Table(DAY, script, **QUIET).run_to("night:3")
    (words,) = table.events(Speech, stage="last_words", seat=6)
    assert words.text == "Bye."
    asked_dead = [(d.kind, alive) for d, alive in table.asked if d.seat == 6 and d.kind == "last_words"]
    assert asked_dead == [("last_words", False)]


def test_night_victims_say_last_words_in_the_morning() -> None:
    table = Table(DAY, {(0, "mafia_kill"): [seat(7)]}).run_to("day:1")
    table.run(lambda t: any(d.kind == "speech" for d in t.game.pending))
    assert speakers(table, 1, "last_words") == [7]


def test_night_last_words_switch_off() -> None:
    table = Table(DAY, {(0, "mafia_kill"): [seat(7)]}, night_last_words=False).run_to("night:2")
    assert "last_words" not in table.kinds_asked()


def test_a_voted_out_maniac_is_named() -> None:
    roles = ["don", "mafia", "sheriff", "maniac", *["citizen"] * 6]
    script = {(1, "speech"): ["none", nominate(3)], (0, "mafia_kill"): [seat(9)], (3, "maniac_kill"): ["skip"] * 3}
    table = Table(roles, script, **QUIET).run_to("night:3")
    (gone,) = table.events(DeathsAnnounced, moment="vote")
    assert gone.deaths == (AnnouncedDeath(3, "vote", "maniac"),)


def test_a_voted_out_citizen_is_not_named() -> None:
    script = {(1, "speech"): ["none", nominate(6)], (0, "mafia_kill"): [seat(8)]}
    table = Table(DAY, script, **QUIET).run_to("night:3")
    (gone,) = table.events(DeathsAnnounced, moment="vote")
    assert gone.deaths == (AnnouncedDeath(6, "vote", None),)


def test_no_last_words_when_the_vote_ends_the_game() -> None:
    roles = ["mafia", "sheriff", *["citizen"] * 5]
    table = Table(roles, {(1, "speech"): ["none", nominate(0)], (0, "mafia_kill"): [seat(6)]}, **QUIET).run()
    assert table.game.outcome is not None and table.game.outcome.sides == ("town",)
    assert "last_words" not in [k for k in table.kinds_asked()][-1:]
    assert table.events(Speech, stage="last_words", seat=0) == []
