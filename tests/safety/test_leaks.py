"""Leak canaries and non-interference (hypothesis property tests over every ruleset)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from llm_werewolf.rules import PUBLIC, Choice, Game, GameConfig, Record, make_record
from llm_werewolf.rules.events import Cue, Info, Speech, to_seats
from llm_werewolf.table import Table
from tests.battery.canaries import Audience, CanaryPlanter, LeakReport, audiences, play_canary_game
from tests.battery.corpus import marker
from tests.battery.games import players_for, prompt_languages, rulesets
from tests.battery.interference import NEVER_FIRST, Divergence, Swap, compare, dealt, swaps_for
from tests.battery.sizes import current

SIZES = current()
RULESETS = rulesets()
CANARY = settings(max_examples=SIZES.canary_games, deadline=None, derandomize=True, database=None)
INTERFERENCE = settings(
    max_examples=SIZES.interference_cases,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@pytest.mark.parametrize("variant", RULESETS)
@CANARY
@given(seed=st.integers(0, 10**6), language_pick=st.integers(0, 1))
def test_no_private_marker_reaches_another_seat_or_the_public(variant: str, seed: int, language_pick: int) -> None:
    languages = prompt_languages(variant)
    language = languages[language_pick % len(languages)]
    report = LeakReport()
    play_canary_game(variant, language, players_for(variant), seed, report)
    assert report.leaks == [], "\n".join(report.leaks[:10])
    assert report.illegal_games == []
    # The canaries were there to leak: private markers, and each seat saw its own in its prompts.
    assert report.markers > 20
    assert report.own_markers_in_prompts > 0
    assert report.renderings == 2 * (players_for(variant) + 1) + 1


def test_the_canary_scan_flags_a_planted_leak() -> None:
    secret = marker("LEAK1")
    records = [
        make_record(0, "night:1", to_seats(2), Info(fact="canary", value=secret, seats=(2,))),
        make_record(1, "day:1", PUBLIC, Speech(seat=2, text=f"my secret is {secret}")),
    ]
    owner = audiences(records)[secret]
    assert not owner.private
    assert owner.allows(2, before=1) and not owner.allows(3, before=1)
    private = Audience([(0, to_seats(2))])
    assert private.private and not private.allows(None)


@pytest.mark.parametrize("variant", RULESETS)
@INTERFERENCE
@given(seed=st.integers(0, 10**6), observer_pick=st.integers(0, 63), pick=st.integers(0, 10**6))
def test_a_hidden_swap_stays_hidden_until_the_rules_reveal_it(
    variant: str, seed: int, observer_pick: int, pick: int
) -> None:
    config = dealt(variant, seed)
    observer = observer_pick % len(config.names)
    swaps = swaps_for(config, observer)
    swap = swaps[pick % len(swaps)]
    result = compare(config, swap, observer, script_seed=seed)
    assert result.leak is None, f"{variant} seed {seed}, observer {observer + 1}, {swap}: {result.leak}"
    if result.index is not None:
        assert result.index >= 2  # the seat saw at least the start and its own card identically


def test_a_swap_changes_the_game() -> None:
    """The property is not vacuous: swapped deals do diverge, most often at a revealing record."""
    diverged = compared = 0
    for seed in range(6):
        config = dealt("chinese_werewolf", seed)
        swap = swaps_for(config, 0)[seed]
        result = compare(config, swap, 0, script_seed=seed)
        diverged += result.index is not None
        compared += result.prompts_compared
    assert diverged >= 4
    assert compared > 0


def test_a_leaky_difference_is_reported() -> None:
    swap = Swap(1, 2)
    assert Divergence(0, swap, 5, ("cue", "cue")).leak is not None
    assert Divergence(0, swap, 5, ("public_vote", "public_vote")).leak is not None
    assert Divergence(0, swap, 5, ("deaths_announced", "cue")).leak is None
    assert Divergence(0, swap, None, None).leak is None
    assert "cue" in NEVER_FIRST and "deaths_announced" not in NEVER_FIRST
    mismatch = Divergence(0, swap, 5, ("info", "info"), prompt_differences=["exile_vote: ..."])
    assert mismatch.leak is not None


def test_the_deal_is_fixed_seat_by_seat() -> None:
    config = dealt("one_night", 3)
    game = Game(GameConfig(variant="one_night", names=config.names, seed=3))
    assert config.roles == tuple(s.role for s in game.state.seats)
    assert config.extra == game.state.extra


class LeakyGame(Game):
    """A broken engine for the negative control: after the first answer it tells everyone seat 2's card."""

    leaked = False

    def submit(self, decision_id: int, choice: Choice) -> list[Record]:
        new = super().submit(decision_id, choice)
        if not self.leaked and not self.over:
            self.leaked = True
            self.note(Cue(key="psst", role=self.state.seats[1].role), PUBLIC)
        return new


def test_a_leaking_engine_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tests.battery.interference.Game", LeakyGame)
    caught = 0
    for seed in range(5):
        config = dealt("chinese_werewolf", seed)
        roles = config.roles or ()
        other = next(k for k in range(2, len(roles)) if roles[k] != roles[1])
        # A plain villager: its view has no private facts that could differ first.
        observer = next(s for s in range(len(roles)) if s not in (1, other) and roles[s] == "villager")
        result = compare(config, Swap(1, other), observer, script_seed=seed)
        caught += result.leak is not None
    assert caught == 5


class LeakyCanaryPlanter(CanaryPlanter):
    """A broken table for the negative control: it repeats one private marker in a public speech."""

    async def observe(self, table: Table, records: Sequence[Record]) -> None:
        await super().observe(table, records)
        secrets = [r.event.value for r in table.game.records if isinstance(r.event, Info) and r.vis.scope != "public"]
        if secrets and not getattr(self, "done", False):
            self.done = True
            table.game.note(Speech(seat=0, text=f"psst {secrets[-1]}"), PUBLIC)


def test_a_public_repeat_of_a_private_marker_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tests.battery.canaries.CanaryPlanter", LeakyCanaryPlanter)
    report = LeakReport()
    play_canary_game("one_night", "en", players_for("one_night"), 1, report)
    assert any("public record" in leak for leak in report.leaks), report.leaks[:3]
