"""Two hand-computed games (the numbers the tests expect are worked out in the comments)."""

from __future__ import annotations

from pathlib import Path

from llm_werewolf.evaluation.facts import GameFacts
from llm_werewolf.rules.events import GOD, Asked, RoleAssigned, to_seats
from llm_werewolf.table_notes import Fallback, ModelCall, Rejected, Thought

from .builders import FakeGame

CANARY = "canary-0123abcd"
A = "fake:A"
B = "fake:B"


def chinese_game(folder: Path) -> GameFacts:
    """Six seats: 0,1 werewolves; 2 seer; 3 witch; 4,5 villagers. Models alternate A (even) / B (odd).

    Day 1: seat 0 falsely claims seer; a 2-2 tie goes to a PK revote (exile_2) among 1,3,4,5,
    who all vote 0 (seat 1 buses its partner): 0 is exiled. Night 2: the seer (2) dies.
    Day 2: seat 1 falsely claims witch; 1→3, 3→1, 4→5 (a miss), 5→1: 1 is exiled; the village wins.
    """
    g = FakeGame("chinese_werewolf", ["werewolf", "werewolf", "seer", "witch", "villager", "villager"], [A, B] * 3)
    g.phase("night", 1)
    g.add(Thought(seat=0, decision_id=0, text=f"{CANARY} private plan to accuse the seer tomorrow"), to_seats(0))
    g.phase("day", 1)
    g.say(2, "I am the seer and seat 1 is a wolf.", "seer")
    g.say(0, "No, I am the seer.", "seer")
    g.say(0, "Really, the seer is me.", "seer")  # the same claim again: counted once
    g.say(5, "我是好人。")  # not English: a language-fidelity miss for B
    g.add(
        ModelCall(
            seat=1,
            decision_id=7,
            purpose="decision",
            backend="fake",
            model=B,
            prompt="History: private plan to accuse the seer tomorrow",
            prompt_tokens=50,
            completion_tokens=10,
            latency_ms=250.0,
        ),
        GOD,
    )
    g.add(
        ModelCall(
            seat=0,
            decision_id=8,
            purpose="decision",
            backend="fake",
            model=A,
            prompt_tokens=100,
            completion_tokens=20,
            latency_ms=500.0,
        ),
        GOD,
    )
    g.add(Rejected(seat=0, decision_id=8, attempt=0, answer="seat:9", error="not offered"), GOD)
    g.add(Fallback(seat=0, decision_id=8, decision="exile_vote", option="skip", reason="bad"), GOD)
    g.votes("exile_1", {0: 2, 1: 2, 2: 0, 3: 0, 4: None, 5: None})
    g.votes("exile_2", {1: 0, 3: 0, 4: 0, 5: 0})
    g.die(0, "exile")
    g.say(0, f"My last words: {CANARY}", stage="last_words")
    g.phase("night", 2)
    g.die(2, "wolves")
    g.phase("day", 2)
    g.say(1, "I am the witch.", "witch")
    g.say(3, "I am the witch, seat 2 was poisoned by nobody.", "witch")
    g.votes("exile_1", {1: 3, 3: 1, 4: 5, 5: 1})
    g.die(1, "exile")
    g.end((2, 3, 4, 5), ("village",), "wolves_dead")
    return g.save(folder)


def one_night_game(folder: Path) -> GameFacts:
    """Three seats: 0 robber (robs seat 1's werewolf), 1 werewolf (now robber), 2 seer (a human, in Arabic).

    Claims: 0 says robber (true: his dealt card), 1 says villager (false), 2 says seer in free text (true).
    Votes 0→1, 1→0, 2→0: seat 0 (now the werewolf) dies; the village (1, 2) wins.
    """
    g = FakeGame("one_night", ["robber", "werewolf", "seer"], [A, B, "human"], language="ar")
    g.phase("night", 1)
    g.add(RoleAssigned(seat=0, role="werewolf", reason="robbery"), to_seats(0))
    g.phase("day", 1)
    g.say(0, "أنا اللص.", "robber")
    g.say(1, "أنا القروي.", "villager")
    g.say(2, "أنا العرّافة، ونظرت إلى الوسط.")
    g.add(Asked(decision_id=99, seat=2, decision="vote", options=()), to_seats(2))
    g.votes("vote", {0: 1, 1: 0, 2: 0})
    g.die(0, "vote")
    g.end((1, 2), ("village",), "werewolf_died", final=["werewolf", "robber", "seer"])
    return g.save(folder)
