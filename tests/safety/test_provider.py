"""Provider faults: 429/500/timeouts/dropped connections at 1%, 5% and 20%; games complete or are marked."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from llm_werewolf.evaluation.study import load_study
from llm_werewolf.evaluation.tournament.config import TournamentConfig
from llm_werewolf.evaluation.tournament.runner import run_tournament_async
from tests.battery.fault_server import MODEL, FaultPlan, fault_server
from tests.battery.provider import provider_battery
from tests.battery.sizes import FAULT_RATES, current

SIZES = current()
VARIANTS = ["one_night", "lebanese_ghouls"] if SIZES.name == "ci" else None


@pytest.mark.parametrize("rate", FAULT_RATES)
def test_games_complete_through_provider_faults(rate: float, tmp_path: Path) -> None:
    from tests.battery.games import rulesets

    stats = provider_battery(rate, SIZES.provider_games, tmp_path, variants=VARIANTS or rulesets(), seed=3)
    summary = stats.as_dict()
    assert stats.problems == [], "\n".join(stats.problems[:10])
    assert stats.games == SIZES.provider_games
    assert stats.completed == stats.games, summary
    assert sum(stats.faults.values()) > 0 or rate < 0.05, summary
    # The study counts exactly the games the ledger scores; the others are listed as left out.
    assert stats.scored_by_study == stats.status["done"]


def test_an_endpoint_that_goes_down_gives_unscored_games_not_wrong_ones(tmp_path: Path) -> None:
    plan = FaultPlan(down_after=6, down_kind="500", seed=1)
    stats = provider_battery(0.0, 2, tmp_path, variants=["one_night"], seed=4, plan=plan)
    assert stats.problems == [], stats.problems
    assert stats.completed == 2  # the fallbacks finish the games...
    assert stats.status["unscored"] == 2, stats.as_dict()  # ...and they are never counted
    assert stats.scored_by_study == 0
    assert all("fell back" in reason for reason in stats.reasons)


def test_the_tournament_runner_marks_a_dead_endpoint_unscored(tmp_path: Path) -> None:
    with fault_server(FaultPlan(down=True, down_kind="dropped")) as (url, log):
        config = TournamentConfig.model_validate(
            {
                "name": "faults",
                "seeds": [1],
                "models": [{"spec": f"openai:{MODEL}", "base_url": url}],
                "rulesets": [{"variant": "one_night", "players": 4, "language": "en"}],
                "rotation": "fixed",
                "llm": {"retries": 1, "timeout": 2.0},
            }
        )
        result = asyncio.run(run_tournament_async(config, tmp_path))
        assert log.requests > 0 and log.answered == 0
    assert [e.status for e in result.entries] == ["unscored"], result.entries
    study = load_study(tmp_path / "games")
    assert study.games == []
    assert [key for key, _ in study.unscored] == [result.entries[0].key]


def test_the_fault_server_injects_what_it_says() -> None:
    body = json.dumps(
        {
            "model": MODEL,
            "messages": [],
            "response_format": {
                "type": "json_schema",
                "json_schema": {"schema": {"properties": {"option": {"enum": ["A", "B"]}}}},
            },
        }
    ).encode()
    with fault_server(FaultPlan(rate=1.0, kinds=("429",))) as (url, log):
        request = urllib.request.Request(f"{url}/chat/completions", data=body, method="POST")
        with pytest.raises(urllib.error.HTTPError) as caught:
            urllib.request.urlopen(request, timeout=5)
        assert caught.value.code == 429
    with fault_server(FaultPlan(rate=0.0)) as (url, log):
        request = urllib.request.Request(f"{url}/chat/completions", data=body, method="POST")
        with urllib.request.urlopen(request, timeout=5) as response:
            answer = json.loads(json.loads(response.read())["choices"][0]["message"]["content"])
        assert answer["option"] in ("A", "B")
        assert log.answered == 1 and log.requests == 1
