"""The day (online_mafia): discussion, nomination majority, defense, verdict, blackmail, trials per day."""

from __future__ import annotations

from llm_werewolf.rules import Choice
from llm_werewolf.rules.events import Announcement, DeathsAnnounced, Died, Speech, VoteTally

from .test_online_mafia_support import Table

FIVE = ["mafioso", "citizen", "citizen", "citizen", "doctor"]


def test_everyone_alive_speaks_in_seat_order() -> None:
    table = Table(FIVE).add(0, "mafia_kill", 2).run_to("night:2")
    speakers = [s.seat for s in table.events(Speech) if s.stage == "discussion"]
    assert speakers == [0, 1, 3, 4]


def test_a_majority_of_the_living_puts_a_player_on_trial() -> None:
    two = Table(FIVE).add(1, "nominate", 0).add(2, "nominate", 0).run_to("night:2")
    assert [t.result for t in two.events(VoteTally)] == ["no_trial"]
    three = Table(FIVE).add(1, "nominate", 0).add(2, "nominate", 0).add(3, "nominate", 0).run_to("night:2")
    assert [t.result for t in three.events(VoteTally)][:1] == ["trial"]
    assert "defense" in three.kinds(0) and "verdict" not in three.kinds(0)


def test_guilty_must_outweigh_innocent() -> None:
    def trial(guilty: int, innocent: int) -> Table:
        table = Table(FIVE)
        for voter in (1, 2, 3):
            table.add(voter, "nominate", 0)
        for voter in range(1, 1 + guilty):
            table.add(voter, "verdict", "guilty")
        for voter in range(1 + guilty, 1 + guilty + innocent):
            table.add(voter, "verdict", "innocent")
        return table.run_to("night:2")

    executed = trial(2, 1)
    assert Died(seat=0, cause="execution") in executed.events(Died)
    (announced,) = [d for d in executed.events(DeathsAnnounced) if d.moment == "execution"]
    assert announced.deaths[0].role == "mafioso"
    assert not [d for d in trial(2, 2).events(Died)]


def test_a_blackmailed_player_is_silent_even_on_trial() -> None:
    table = Table(["blackmailer", "mafioso", "citizen", "citizen", "citizen"]).add(0, "blackmailer_silence", 2)
    for voter in (0, 1, 3):
        table.add(voter, "nominate", 2)
    table.run_to("night:2")
    assert "speech" not in table.kinds(2) and "defense" not in table.kinds(2)
    silenced = [a.seats for a in table.events(Announcement) if a.key == "silenced"]
    assert silenced == [(2,), (2,)]


def test_a_second_trial_follows_an_innocent_verdict_when_allowed() -> None:
    table = Table(FIVE, trials_per_day=2)
    for voter in (1, 2, 3):
        table.add(voter, "nominate", 4, 0).add(voter, "verdict", "innocent", "guilty")
    table.run_to("night:2")
    assert [t.result for t in table.events(VoteTally)] == ["trial", "innocent", "trial", "guilty"]
    assert Died(seat=0, cause="execution") in table.events(Died)


def test_speeches_carry_text_and_claims() -> None:
    table = Table(FIVE).add(4, "speech", Choice("speak", text="I am the doctor.", claim="doctor")).run_to("night:2")
    (speech,) = [s for s in table.events(Speech) if s.seat == 4]
    assert speech.text == "I am the doctor." and speech.claim == "doctor"
