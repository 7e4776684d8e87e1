"""The one-pass reading of which promises a speech keeps (``promises.keeps``) says what the
per-promise checks of ``promises.KEPT`` say, on every kind of act sequence."""

from __future__ import annotations

import itertools
import random

from llm_werewolf.rules import Act
from llm_werewolf.speech.phrases import phrase_bank
from llm_werewolf.speech.promises import KEPT, _by_phrasing, keeps, unkept

KINDS = ("claim", "result", "accuse", "defend", "agree", "disagree", "vote", "ask", "answer", "reason", "lead")
FACTS = (None, "vote", "trust", "role", "quiet")
SEATS = (None, 0, 1, 2)


def _acts(rng: random.Random) -> list[Act]:
    return [
        Act(rng.choice(KINDS), target=rng.choice(SEATS), other=rng.choice(SEATS), fact=rng.choice(FACTS))
        for _ in range(rng.randrange(6))
    ]


def test_keeps_agrees_with_each_promise_check() -> None:
    rng = random.Random(7)
    for _ in range(3000):
        acts = _acts(rng)
        seat = rng.choice((0, 1))
        for led, spoke in itertools.product((False, True), repeat=2):
            expected = {promise: check(acts, seat, led, spoke) for promise, check in KEPT.items()}
            assert keeps(acts, seat, led, spoke) == expected, (acts, seat, led, spoke)


def test_unkept_is_the_tagged_phrasings_of_the_promises_not_kept() -> None:
    bank = phrase_bank("en", "city_mafia")
    rng = random.Random(11)
    for _ in range(500):
        acts = _acts(rng)
        led, spoke = rng.random() < 0.5, rng.random() < 0.5
        broken = {p for p in bank.promises if not KEPT[p](acts, 0, led, spoke)}
        expected = frozenset(line for p in broken for line in bank.promises[p])
        assert unkept(bank, acts, 0, led=led, spoke_before=spoke) == expected
    assert _by_phrasing(bank).withheld, "the combinations met are kept"
