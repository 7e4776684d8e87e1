"""Malformed model output: 20% of answers broken; every game ends legally and every fallback is recorded."""

from __future__ import annotations

import pytest

from tests.battery.games import rulesets
from tests.battery.malformed import FAULTS, REJECTABLE, malformed_battery
from tests.battery.sizes import MALFORMED_RATE, current

SIZES = current()


@pytest.mark.parametrize("variant", rulesets())
def test_broken_answers_are_refused_recorded_and_replaced(variant: str) -> None:
    stats = malformed_battery(variant, SIZES.malformed_games, MALFORMED_RATE, seed=11)
    summary = stats.as_dict()
    assert stats.problems == [], "\n".join(stats.problems[:10])
    assert stats.games == SIZES.malformed_games
    # About a fifth of the answers were broken, in every way.
    assert 0.12 <= summary["broken_share"] <= 0.3, summary
    if SIZES.name == "full":
        assert all(stats.injected[f] > 0 for f in FAULTS), summary
    # Every broken answer to a decision that names no legal option was refused, and recorded.
    for fault in REJECTABLE:
        assert stats.refused_by_fault[fault] == stats.on_decisions[fault], (fault, summary)
    assert stats.rejected >= sum(stats.on_decisions[f] for f in REJECTABLE)
    assert stats.fallbacks == stats.expected_fallbacks
    assert stats.rejected > 0
