"""lebanese_ghouls: the day — discussion order, the simultaneous vote, abstention and ties."""

from __future__ import annotations

from typing import Any

import pytest

from llm_werewolf.rules import Choice, Game
from llm_werewolf.rules.events import Cue, Speech, VoteCast, VoteTally

from .test_lebanese_ghouls_support import announced, deaths, drive, events, idx, new_game, pending_kinds

# A ghoul, B bassara, C..G farmers (7 seats); night 1 the ghoul eats G.
TABLE = ("ghoul", "bassara", "farmer", "farmer", "farmer", "farmer", "farmer")
NIGHT1 = {"B": {"bassara_look": ["A"]}, "A": {"ghoul_kill": ["G"]}}


def day_one(**options: Any) -> Game:
    game = new_game(*TABLE, **options)
    decision = drive(game, NIGHT1)
    assert decision is not None and decision.kind == "vote"
    return game


def votes(game: Game, ballots: dict[str, str]) -> None:
    for decision in list(game.pending):
        if decision.kind != "vote":
            continue
        name = "ABCDEFG"[decision.seat]
        answer = ballots.get(name, "abstain")
        option = "abstain" if answer == "abstain" else f"seat:{idx(answer)}"
        game.submit(decision.id, Choice(option))


def test_every_living_player_speaks_once_in_seat_order_on_day_one() -> None:
    game = new_game(*TABLE)
    drive(game, NIGHT1)
    speakers = [s.seat for s in events(game, Speech)]
    assert speakers == [0, 1, 2, 3, 4, 5]
    assert [c.key for c in events(game, Cue)][-2:] == ["discussion", "vote"]


def test_the_opener_moves_one_seat_each_day() -> None:
    game = new_game(*TABLE)
    drive(
        game,
        {
            **NIGHT1,
            "A": {"ghoul_kill": ["G", "C"], "vote": ["D"]},
            "B": {"bassara_look": ["A", "C"], "vote": ["D"]},
            "C": {"vote": ["D"]},
            "E": {"vote": ["D"]},
            "F": {"vote": ["D"]},
            "D": {"vote": ["C"]},
        },
    )
    day2 = [s.seat for s in events(game, Speech)][6:]
    # day 2 starts at seat 1 (B); C was eaten, D executed, G eaten
    assert day2 == [idx("B"), idx("E"), idx("F"), idx("A")]


def test_dead_players_do_not_speak_or_vote() -> None:
    game = day_one()
    seats = {d.seat for d in game.pending}
    assert idx("G") not in seats and len(seats) == 6


def test_vote_options_are_other_living_players_and_abstain() -> None:
    game = day_one()
    decision = next(d for d in game.pending if d.seat == idx("C"))
    assert decision.option_ids == ("seat:0", "seat:1", "seat:3", "seat:4", "seat:5", "abstain")
    assert decision.default == "abstain"
    assert decision.group == "execution"


def test_most_votes_is_executed_and_card_shown() -> None:
    game = day_one()
    votes(game, {"A": "C", "B": "A", "C": "A", "D": "A", "E": "A", "F": "C"})
    assert ("A", "execution", "day:1") in deaths(game)
    moment, shown = announced(game)[-1]
    assert moment == "execution"
    assert [(d.seat, d.cause, d.role) for d in shown] == [(idx("A"), "execution", "ghoul")]
    assert game.over


def test_abstention_counts_as_a_vote_against_oneself() -> None:
    game = day_one()
    # C and D abstain: each is one vote against himself; B gets two votes and is executed.
    votes(game, {"A": "B", "B": "E", "C": "abstain", "D": "abstain", "E": "B", "F": "E"})
    cast = {v.seat: (v.option, v.target) for v in events(game, VoteCast) if v.ballot == "execution"}
    assert cast[idx("C")] == ("abstain", idx("C"))
    tally = next(t for t in events(game, VoteTally) if t.ballot == "execution")
    assert dict(tally.counts)["seat:2"] == 1.0
    assert tally.result == "revote" and tally.targets == (idx("B"), idx("E"))


def test_abstainers_can_be_executed_by_their_own_votes() -> None:
    game = day_one()
    votes(game, {"A": "C", "B": "D", "C": "abstain", "D": "E", "E": "F", "F": "A"})
    tally = next(t for t in events(game, VoteTally) if t.ballot == "execution")
    assert tally.result == "executed" and tally.targets == (idx("C"),)
    assert ("C", "execution", "day:1") in deaths(game)


def test_default_tie_policy_revotes_among_the_tied_then_executes() -> None:
    game = day_one()
    votes(game, {"A": "C", "B": "C", "C": "D", "D": "C", "E": "D", "F": "D"})
    revote = [d for d in game.pending if d.kind == "vote"]
    assert len(revote) == 6 and all(d.group == "execution_revote" for d in revote)
    by_seat = {d.seat: d.option_ids for d in revote}
    assert by_seat[idx("A")] == ("seat:2", "seat:3", "abstain")
    assert by_seat[idx("C")] == ("seat:3", "abstain")
    votes(game, {"A": "D", "B": "D", "C": "D", "D": "C", "E": "D", "F": "C"})
    tally = [t for t in events(game, VoteTally)]
    assert [(t.ballot, t.result) for t in tally] == [("execution", "revote"), ("execution_revote", "executed")]
    assert ("D", "execution", "day:1") in deaths(game)


def test_second_tie_executes_nobody_by_default() -> None:
    game = day_one()
    votes(game, {"A": "C", "B": "C", "C": "D", "D": "C", "E": "D", "F": "D"})
    votes(game, {"A": "C", "B": "C", "C": "D", "D": "C", "E": "D", "F": "D"})
    tally = [(t.ballot, t.result, t.targets) for t in events(game, VoteTally)]
    assert tally[-1] == ("execution_revote", "tie", (idx("C"), idx("D")))
    assert [d for d in deaths(game) if d[1] == "execution"] == []
    assert pending_kinds(game)[0] == ("B", "bassara_look")


def test_tie_policy_none_executes_nobody_at_once() -> None:
    game = day_one(tie_policy="none")
    votes(game, {"A": "C", "B": "C", "C": "D", "D": "C", "E": "D", "F": "D"})
    tally = [(t.ballot, t.result) for t in events(game, VoteTally)]
    assert tally == [("execution", "tie")]
    assert [d for d in deaths(game) if d[1] == "execution"] == []


def test_tie_policy_all_tied_die() -> None:
    game = day_one(tie_policy="all_tied_die")
    votes(game, {"A": "C", "B": "C", "C": "D", "D": "C", "E": "D", "F": "D"})
    assert [d for d in deaths(game) if d[1] == "execution"] == [
        ("C", "execution", "day:1"),
        ("D", "execution", "day:1"),
    ]
    moment, shown = announced(game)[-1]
    assert moment == "execution" and [(d.seat, d.role) for d in shown] == [(2, "farmer"), (3, "farmer")]


@pytest.mark.parametrize("policy", ["revote_tied_then_none", "none", "all_tied_die"])
def test_a_unique_top_is_executed_under_every_policy(policy: str) -> None:
    game = day_one(tie_policy=policy)
    votes(game, {"A": "C", "B": "C", "C": "D", "D": "C", "E": "C", "F": "D"})
    assert [d for d in deaths(game) if d[1] == "execution"] == [("C", "execution", "day:1")]


def test_executed_player_gets_no_last_words() -> None:
    game = day_one()
    votes(game, {"A": "C", "B": "C", "C": "D", "D": "C", "E": "C", "F": "D"})
    assert all(s.stage == "discussion" for s in events(game, Speech))
    assert pending_kinds(game)[0] == ("B", "bassara_look")
