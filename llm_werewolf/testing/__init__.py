"""The conformance kit every ruleset must pass, shipped with the package (as PettingZoo ships its
API tests): a third-party ruleset runs it from its own tests with one call per check.

    from llm_werewolf.testing import check_random_games, check_determinism, check_private_views

    def test_my_ruleset_conforms() -> None:
        report = check_random_games("my_ruleset", games=500)
        assert report.unreached_roles == set()
        check_determinism("my_ruleset")
        check_private_views("my_ruleset")

* :class:`Invariants` checks every record as it is produced against the ruleset's declared
  vocabulary (decision kinds, death causes, announcement keys, statuses, ballots and their
  results, outcome reasons, posthumous decisions) and the engine's conventions (sequence,
  visibility, every death announced);
* :func:`random_options` draws every switch of the ruleset's options model (so a new switch is
  played as soon as it is declared); :func:`random_deck` deals legal non-standard decks (so a
  new role is dealt even when no standard board holds it);
* :func:`check_random_games`, :func:`check_determinism`, :func:`check_private_views`.
"""

from __future__ import annotations

from .conformance import (
    CoverageReport,
    Invariants,
    check_determinism,
    check_private_views,
    check_random_games,
    own_records_only,
    play_checked,
    random_deck,
    random_options,
    switch_values,
)

__all__ = [
    "CoverageReport",
    "Invariants",
    "check_determinism",
    "check_private_views",
    "check_random_games",
    "own_records_only",
    "play_checked",
    "random_deck",
    "random_options",
    "switch_values",
]
