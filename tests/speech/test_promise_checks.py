"""The one-pass reading of which promises a speech keeps (``promises.keeps``) says what the
per-promise checks below (the module doc of ``speech.promises``, one check each) say, on every kind of act sequence."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence

from llm_werewolf.rules import Act
from llm_werewolf.speech.phrases import phrase_bank
from llm_werewolf.speech.promises import _READ, _SUSPICION, _by_phrasing, keeps, unkept

KINDS = ("claim", "result", "accuse", "defend", "agree", "disagree", "vote", "ask", "answer", "reason", "lead")
FACTS = (None, "vote", "trust", "role", "quiet")
SEATS = (None, 0, 1, 2)


def _facts(acts: Sequence[Act]) -> int:
    return sum(1 for a in acts if a.kind == "reason")


def _reads(acts: Sequence[Act], seat: int) -> bool:
    return any(
        (a.kind in _READ and a.target is not None and a.target != seat)
        or (a.kind == "answer" and a.fact in ("vote", "trust") and a.other is not None)
        for a in acts
    )


_Check = Callable[[Sequence[Act], int, bool, bool], bool]
"""(acts, speaker's seat, whether an opening line precedes the acts, whether the speaker spoke before) -> kept."""

KEPT: dict[str, _Check] = {
    "summary": lambda acts, seat, led, spoke: _facts(acts) >= 2,
    "facts": lambda acts, seat, led, spoke: _facts(acts) >= 1,
    "read": lambda acts, seat, led, spoke: _reads(acts, seat),
    "suspicion": lambda acts, seat, led, spoke: any(
        a.kind in _SUSPICION and a.target is not None and a.target != seat for a in acts
    ),
    "points": lambda acts, seat, led, spoke: len(acts) >= 2,
    "question": lambda acts, seat, led, spoke: any(a.kind == "ask" for a in acts),
    "question_next": lambda acts, seat, led, spoke: not led and bool(acts) and acts[0].kind == "ask",
    "proof": lambda acts, seat, led, spoke: any(a.kind == "result" for a in acts),
    "earlier": lambda acts, seat, led, spoke: spoke,
}
"""When a speech keeps each promise, one check per promise (the module doc of ``speech.promises``)."""


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
