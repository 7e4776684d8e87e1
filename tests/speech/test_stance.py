"""One speech never takes both sides on one seat (issue 16): «X is good. I accuse X.» is not said."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace

import pytest

from llm_werewolf.rules import SeatView, all_rulesets
from llm_werewolf.rules.act_vocabulary import SEAT_ACTS, vocabulary
from llm_werewolf.rules.acts import Act
from llm_werewolf.speech.intent import BAD, REPORTS, intent_acts
from llm_werewolf.speech.picker import claim_roles, kind_options, open_results, seat_options
from llm_werewolf.speech.stance import contradictions_within, stance

from .helpers import game_at_speech

WITH_RESULTS = sorted(r.id for r in all_rulesets() if r.act_vocabulary.facts)


def _side(act: Act, variant: str) -> str | None:
    """The test's own reading of an act's side on its seat (independent of the module under test)."""
    if act.kind in ("defend", "agree"):
        return "good"
    if act.kind in ("accuse", "vote", "disagree"):
        return "bad"
    if act.kind != "result":
        return None
    if act.fact == "saw_wolf" or (act.fact == "check" and act.value == "bad"):
        return "bad"
    if act.fact == "check" and act.value == "good":
        return "good"
    if act.fact == "saw_role":
        return "bad" if act.value in vocabulary(variant).bad_roles else "good"
    return None


def _clash(acts: Sequence[Act], variant: str) -> bool:
    sides: dict[int | None, str] = {}
    for act in acts:
        side = _side(act, variant)
        if side is None:
            continue
        if sides.setdefault(act.target, side) != side:
            return True
    return False


def _offers(view: SeatView, kind: str, chosen: list[Act]) -> list[Act]:
    if kind in SEAT_ACTS:
        return [Act(kind, target=s) for s in seat_options(view, kind, chosen)]
    if kind == "claim":
        return [Act("claim", role=r) for r in claim_roles(view)]
    return open_results(view, chosen)


def _picked_pairs(view: SeatView) -> Iterator[list[Act]]:
    """Every two-act speech the picker can be walked through (each label it offers, at both steps)."""
    for kind in kind_options(view, []):
        for first in _offers(view, kind, []):
            for second_kind in kind_options(view, [first]):
                for second in _offers(view, second_kind, [first]):
                    yield [first, second]


@pytest.mark.parametrize("variant", WITH_RESULTS)
def test_the_picker_never_offers_both_sides_of_one_seat(variant: str) -> None:
    """Every seat of a game at its first speech, every pair of acts the picker offers: none says a seat
    is good (a vouch, an agreement, a cleared result) and bad (an accusation, a vote, a disagreement,
    a damning result) at once. Before the fix a bluffing wolf could pick «X is good» then «I accuse X»."""
    game, _ = game_at_speech(variant)
    checked = 0
    for seat in range(len(game.view(0).names)):
        view = game.view(seat)
        if not view.alive[seat]:
            continue
        for pair in _picked_pairs(view):
            checked += 1
            assert not _clash(pair, variant), (variant, view.role, pair)
            assert contradictions_within(pair, variant) == []
    assert checked > 100


@pytest.mark.parametrize("variant", WITH_RESULTS)
def test_a_result_that_takes_a_side_closes_the_other_side_of_its_seat(variant: str) -> None:
    """The cases the issue names, where the ruleset's seats hold such a result: after a good result
    the seat is not offered to accuse, vote for or disagree with; after a bad one, not to defend or agree with."""
    game, _ = game_at_speech(variant, seed=1)  # one_night seed 1: a seer saw a villager, a minion saw a wolf
    seen = 0
    for seat in range(len(game.view(0).names)):
        view = game.view(seat)
        for result in open_results(view, []):
            side = stance(result, variant)
            if side is None:
                continue
            seen += 1
            target, where = side
            closed = ("accuse", "vote", "disagree") if where == "for" else ("defend", "agree")
            for kind in closed:
                assert target not in seat_options(view, kind, [result]), (variant, view.role, result, kind)
            opposite = Act("accuse" if where == "for" else "defend", target=target)
            assert result not in open_results(view, [opposite])
    assert seen, f"{variant}: no seat holds a result that takes a side"


def test_agree_and_disagree_with_one_seat_are_not_both_offered() -> None:
    game, decision = game_at_speech("chinese_werewolf")
    view = game.view(decision.seat)
    other = next(i for i in view.living() if i != decision.seat)
    assert other not in seat_options(view, "disagree", [Act("agree", target=other)])
    assert other not in seat_options(view, "agree", [Act("disagree", target=other)])
    assert other in seat_options(view, "accuse", [Act("ask", target=other)])  # a question takes no side


def test_a_kind_with_no_seat_left_is_not_offered() -> None:
    """With one other seat alive and that seat vouched for, there is no one left to accuse: the kind goes
    (before, the picker fell back to offering every seat, the vouched one included)."""
    game, decision = game_at_speech("city_mafia")
    view = game.view(decision.seat)
    other = next(i for i in view.living() if i != decision.seat)
    vouched = [Act("defend", target=other)]
    assert "accuse" in kind_options(view, vouched)
    alone = replace(view, alive=tuple(i in (decision.seat, other) for i in range(len(view.alive))))
    assert seat_options(alone, "accuse", vouched) == []
    assert "accuse" not in kind_options(alone, vouched)


@pytest.mark.parametrize("variant", WITH_RESULTS)
def test_a_heuristic_intent_never_takes_both_sides_of_one_seat(variant: str) -> None:
    """Every reporting intent, every target, every claim, for every seat: the acts never clash."""
    game, _ = game_at_speech(variant)
    made = 0
    for seat in range(len(game.view(0).names)):
        view = game.view(seat)
        if not view.alive[seat]:
            continue
        roles = [None, *sorted(set(view.deck))]
        for key in sorted(REPORTS | BAD | {"accuse", "defend", "wolf_deflect"}):
            for target in view.living():
                for claim in roles:
                    for result in (None, "bad", "good", "suspicious", "innocent"):
                        acts = intent_acts(view, key, target=target, role=claim, result=result, claim=claim)
                        made += bool(acts)
                        assert not _clash(acts, variant), (variant, view.role, key, acts)
    assert made
