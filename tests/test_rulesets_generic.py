"""Conformance tests every ruleset must pass, from the kit the package ships (llm_werewolf.testing;
in the spirit of open_spiel's random-simulation test and PettingZoo's API tests).

* seeded random games with random switches (every switch of the options model), player counts
  and legal decks end with a legal outcome, every record checked against the ruleset's declared
  vocabulary; every role is dealt and every switch value played somewhere;
* the same seed and the same choices give a byte-identical log;
* no seat's view holds another seat's private records.
"""

from __future__ import annotations

import pytest

from llm_werewolf.rules import all_rulesets, get_ruleset
from llm_werewolf.testing import (
    Invariants,
    check_determinism,
    check_private_views,
    check_random_games,
    own_records_only,
    play_checked,
)

__all__ = ["Invariants", "own_records_only", "play_checked"]

RULESETS = sorted({r.id for r in all_rulesets()} | {"toy"})
GAMES_PER_RULESET = 1000


@pytest.mark.parametrize("variant", RULESETS)
def test_random_games_end_legally_and_reach_every_role_and_switch(variant: str) -> None:
    report = check_random_games(variant, GAMES_PER_RULESET)
    assert report.games >= GAMES_PER_RULESET * 0.8, f"{report.refused_setups} setups refused"
    assert not report.unreached_roles, f"never dealt: {sorted(report.unreached_roles)}"
    assert not report.unplayed_switch_values, f"never played: {report.unplayed_switch_values}"
    assert report.reasons <= get_ruleset(variant).reason_ids()


@pytest.mark.parametrize("variant", RULESETS)
def test_same_seed_same_choices_same_bytes(variant: str) -> None:
    check_determinism(variant)


@pytest.mark.parametrize("variant", RULESETS)
def test_views_hold_no_other_seats_private_records(variant: str) -> None:
    check_private_views(variant)
