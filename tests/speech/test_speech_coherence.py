"""A model seat's speeches hang together: one speech does not clear a seat and then argue against it
(nor the reverse), and a seat that reported a night's check keeps that story later in the game (one
check per night, whatever it claimed and whether it was true)."""

from __future__ import annotations

import random

import pytest

from llm_werewolf.llm.base import CompletionRequest
from llm_werewolf.rules.act_vocabulary import vocabulary
from llm_werewolf.rules.acts import Act
from llm_werewolf.rules.events import Record, Speech
from llm_werewolf.speech.stance import stance
from llm_werewolf.texts import default_names

from .test_model_plan import Picker, first_label, played

TABLES = [("chinese_werewolf", "zh-Hant", 9), ("city_mafia", "ru", 10), ("online_mafia", "he", 7)]


def side_of(act: Act, variant: str) -> tuple[int, str] | None:
    """The seat an act of a speech takes a side on (a reason other than a claim is grounds against its
    seat; "I trust X" is for X, "I vote X" against X)."""
    if act.kind == "reason":
        return None if act.fact == "claimed" or act.target is None else (act.target, "against")
    if act.kind == "answer" and act.other is not None and act.fact in ("trust", "vote"):
        return act.other, "for" if act.fact == "trust" else "against"
    return stance(act, variant)


def sides_of(act: Act, variant: str) -> list[tuple[int, str]]:
    """Every side an act takes: :func:`side_of`, and a reason that blames its seat for going after a
    second seat ("X accused / voted for / first named Y") sides with that second seat."""
    side = side_of(act, variant)
    out = [side] if side is not None else []
    if act.kind == "reason" and act.fact in ("accused", "voted", "named_first") and act.other is not None:
        out.append((act.other, "for"))
    return out


def naming_adversary(language: str, seats: int) -> Picker:
    """Picks the option that names a seat the speech already named (a reason against the seat it just
    cleared), else a random one: the choice that would break a speech's coherence where one is offered."""
    names = default_names(language, seats)
    rng = random.Random(7)

    def pick(request: CompletionRequest) -> str:
        said = [line for line in request.user.splitlines() if line.startswith("- ")]
        named = {n for n in names if any(n in line for line in said)}
        echoing = [label for label in request.labels if any(n in label for n in named)]
        return rng.choice(echoing or list(request.labels))

    return pick


def random_adversary(seed: int) -> Picker:
    rng = random.Random(seed)
    return lambda request: rng.choice(list(request.labels))


def _speeches(records: list[Record]) -> list[tuple[Record, Speech]]:
    return [(r, r.event) for r in records if type(r.event) is Speech and r.event.to is None]


@pytest.mark.parametrize(("variant", "language", "seats"), TABLES)
@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_a_speech_never_argues_against_a_seat_it_cleared(
    variant: str, language: str, seats: int, seed: int
) -> None:
    records = await played(variant, language, seats, seed, naming_adversary(language, seats))
    cleared = 0
    for _, speech in _speeches(records):
        sides = [s for a in speech.acts for s in sides_of(a, variant)]
        for seat, side in sides:
            cleared += side == "for"
            assert (seat, "against" if side == "for" else "for") not in sides, (speech.seat, speech.acts)
    assert cleared >= 1


def _binary_checks(variant: str) -> frozenset[str]:
    return frozenset(f.id for f in vocabulary(variant).facts if f.values == ("bad", "good") and f.target == "seat")


@pytest.mark.parametrize(("variant", "language", "seats"), TABLES)
@pytest.mark.parametrize("model", ["first", "random1", "random2", "random3"])
async def test_a_seat_reports_no_more_checks_than_nights_have_passed(
    variant: str, language: str, seats: int, model: str
) -> None:
    pick = first_label if model == "first" else random_adversary(int(model[-1]))
    records = await played(variant, language, seats, 3, pick)
    checks = _binary_checks(variant)
    reported: dict[tuple[int, str], dict[int, str | None]] = {}
    nights: set[str] = set()
    results = 0
    for record in records:
        if record.phase.startswith("night"):
            nights.add(record.phase)
        speech = record.event
        if type(speech) is not Speech or speech.to is not None:
            continue
        for act in speech.acts:
            if act.kind != "result" or act.fact not in checks or act.target is None:
                continue
            results += 1
            mine = reported.setdefault((speech.seat, act.fact), {})
            assert mine.get(act.target, act.value) == act.value, (speech.seat, act)
            mine[act.target] = act.value
            assert len(mine) <= len(nights), (speech.seat, record.phase, mine)
    assert results >= 1
