"""The balanced-setup suggester: legal decks, well-formed win-rate estimates, generic rulesets."""

from __future__ import annotations

import random

import pytest

from llm_werewolf.balance import (
    SetupSuggestion,
    WinEstimate,
    candidate_decks,
    main_sides,
    suggest_setups,
    wilson_interval,
)
from llm_werewolf.rules import SetupError, get_ruleset


def _check_well_formed(suggestion: SetupSuggestion, sides: tuple[str, ...]) -> None:
    assert [e.side for e in suggestion.estimates] == list(sides)
    for estimate in suggestion.estimates:
        low, high = estimate.interval
        assert 0.0 <= low <= estimate.rate <= high <= 1.0
        assert 0 <= estimate.wins <= estimate.games == suggestion.games
        assert estimate.stderr >= 0.0
    assert 0 <= suggestion.no_winner <= suggestion.games
    assert 0.0 <= suggestion.imbalance <= 1.0


@pytest.fixture(scope="module")
def one_night_suggestions() -> list[SetupSuggestion]:
    return suggest_setups("one_night", 5, games=40, seed=3, candidates=4)


def test_one_night_suggestions_are_legal_decks(one_night_suggestions: list[SetupSuggestion]) -> None:
    rules = get_ruleset("one_night")
    options = rules.parse_options({})
    assert 2 <= len(one_night_suggestions) <= 4
    decks = [s.roles for s in one_night_suggestions]
    assert len(set(decks)) == len(decks)
    assert tuple(sorted(rules.standard_deck(5, options))) in decks
    for suggestion in one_night_suggestions:
        assert len(suggestion.roles) == 5 + 3
        rules.check_deck(suggestion.roles, 5, options)
        _check_well_formed(suggestion, rules.sides)


def test_suggestions_come_most_even_first(one_night_suggestions: list[SetupSuggestion]) -> None:
    gaps = [s.imbalance for s in one_night_suggestions]
    assert gaps == sorted(gaps)
    first = one_night_suggestions[0]
    village, wolves = first.estimate("village"), first.estimate("wolves")
    others = max(0.0, 1.0 - village.rate - wolves.rate - 0.25)
    assert first.imbalance == pytest.approx(abs(village.rate - wolves.rate) + others)


def test_main_sides_that_both_lose_are_not_even() -> None:
    """Town and mafia at 3% each, neutral killers winning the rest: far from even."""
    estimates = (WinEstimate("town", 3, 100), WinEstimate("mafia", 3, 100), WinEstimate("serial_killer", 94, 100))
    lopsided = SetupSuggestion(("x",), 100, estimates, 0, ("town", "mafia"))
    assert lopsided.imbalance == pytest.approx(0.69)
    estimates = (WinEstimate("town", 40, 100), WinEstimate("mafia", 45, 100), WinEstimate("serial_killer", 15, 100))
    even = SetupSuggestion(("y",), 100, estimates, 0, ("town", "mafia"))
    assert even.imbalance == pytest.approx(0.05)


def test_the_suggester_is_deterministic() -> None:
    one = suggest_setups("one_night", 4, games=15, seed=9, candidates=2)
    two = suggest_setups("one_night", 4, games=15, seed=9, candidates=2)
    assert [s.as_dict() for s in one] == [s.as_dict() for s in two]


def test_the_suggester_runs_on_another_ruleset() -> None:
    suggestions = suggest_setups("toy", 6, games=30, seed=1, candidates=3)
    rules = get_ruleset("toy")
    assert suggestions
    for suggestion in suggestions:
        rules.check_deck(suggestion.roles, 6, rules.parse_options({}))
        _check_well_formed(suggestion, rules.sides)
        assert suggestion.no_winner + sum(e.wins for e in suggestion.estimates) >= suggestion.games


def test_candidate_decks_start_with_the_standard_deck() -> None:
    rules = get_ruleset("one_night")
    options = rules.parse_options({})
    decks = candidate_decks(rules, 7, options, random.Random(0), 6)
    assert decks[0] == tuple(sorted(rules.standard_deck(7, options)))
    assert len(decks) == 6 and len(set(decks)) == 6


def test_main_sides_are_the_two_with_most_cards() -> None:
    rules = get_ruleset("one_night")
    assert main_sides(rules, rules.standard_deck(8, rules.parse_options({}))) == ("village", "wolves")


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4)
    assert high == pytest.approx(0.7634, abs=1e-4)
    low, high = wilson_interval(0, 20)
    assert low == 0.0 and 0.0 < high < 0.2
    assert wilson_interval(0, 0) == (0.0, 1.0)
    estimate = WinEstimate("village", 30, 100)
    assert estimate.stderr == pytest.approx((0.3 * 0.7 / 100) ** 0.5)
    assert estimate.as_dict()["low"] < 0.3 < estimate.as_dict()["high"]


def test_bad_requests_are_refused() -> None:
    with pytest.raises(SetupError):
        suggest_setups("one_night", 13, games=5, seed=0, candidates=1)
    with pytest.raises(ValueError):
        suggest_setups("one_night", 5, games=0, seed=0, candidates=1)
