"""A table set up through `llm-werewolf serve` takes a preset like `play --preset` does."""

from __future__ import annotations

import pytest

from llm_werewolf.web.setup import SeatSetup, SetupError, TableSetup, game_config


def test_a_tables_preset_sets_its_switches_and_options_override_them() -> None:
    seats = [SeatSetup(player="heuristic") for _ in range(9)]
    setup = TableSetup(variant="chinese_werewolf", seats=seats, seed=1, preset="tencent", options={"sheriff": True})
    options = game_config(setup).options
    assert options["victory_mode"] == "side_wipe" and options["wolf_self_destruct"] is True
    assert options["sheriff"] is True


def test_an_unknown_preset_is_refused_with_the_known_ones() -> None:
    seats = [SeatSetup(player="heuristic") for _ in range(9)]
    with pytest.raises(SetupError, match=r"no preset 'nope' \(presets: seed, tencent\)"):
        game_config(TableSetup(variant="chinese_werewolf", seats=seats, preset="nope"))
