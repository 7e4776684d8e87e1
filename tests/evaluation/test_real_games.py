"""Every metric on real transcripts of every ruleset (heuristic and random seats): consistent counts."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from llm_werewolf.evaluation.study import evaluate, load_study
from llm_werewolf.rules import Game, GameConfig, all_rulesets
from llm_werewolf.table import Table
from llm_werewolf.table.seating import AgentSpec, scriptless_agent
from llm_werewolf.transcript import SeatInfo, TranscriptWriter, header_for

VARIANTS = ("chinese_werewolf", "city_mafia", "lebanese_ghouls", "one_night", "online_mafia")


def play(folder: Path, variant: str, seed: int, players: int = 8) -> None:
    specs = [AgentSpec.parse("heuristic" if i % 2 else "random") for i in range(players)]
    config = GameConfig(variant=variant, names=tuple(f"P{i + 1}" for i in range(players)), seed=seed)
    game = Game(config)
    agents = [scriptless_agent(s, seat=i, seed=seed) for i, s in enumerate(specs)]
    header = header_for(
        config, game.state.language, [SeatInfo(name=n, agent=s.label) for n, s in zip(config.names, specs, strict=True)]
    )
    with TranscriptWriter(folder / f"{variant}-{seed}.jsonl", header) as writer:
        asyncio.run(Table(game, agents, sinks=[writer]).play())


def rates(node: Any) -> list[float]:
    found: list[float] = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "rate" and value is not None:
                found.append(float(value))
            else:
                found += rates(value)
    return found


def test_all_rulesets_score(tmp_path: Path) -> None:
    assert {r.id for r in all_rulesets()} >= set(VARIANTS)
    for variant in VARIANTS:
        for seed in range(3):
            play(tmp_path, variant, seed)
    study = load_study(tmp_path)
    assert len(study.games) == 15 and not study.unscored
    metrics = evaluate(study.games, bootstrap=20)
    assert metrics["variants"] == dict.fromkeys(VARIANTS, 3)
    assert all(0.0 <= r <= 1.0 for r in rates(metrics))
    by_model = metrics["win_rate"]["by_model"]
    assert by_model["heuristic"]["n"] + by_model["random"]["n"] == 15 * 8
    assert metrics["ratings"]["games_rated"] == 15
    # Every ruleset has exile ballots, so IRP counts ballots from all of them.
    assert metrics["voting"]["overall"]["irp"]["n"] > 0
    # Heuristic seats send structured claims; a speech whose field is empty is read as text ("Я мирный житель").
    assert metrics["claims"]["sources"].get("structured", 0) > metrics["claims"]["sources"].get("text", 0)
    decisions = sum(row["decisions"] for row in metrics["rule_adherence"].values())
    assert decisions == sum(sum(g.decisions.values()) for g in study.games) > 0
