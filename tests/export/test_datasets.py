"""Parquet export of a folder that mixes all five rulesets loads as one table with Hugging Face ``datasets``.

Loading local Parquet needs no network: the tests run with ``HF_DATASETS_OFFLINE=1`` and a private cache.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest
import yaml

from llm_werewolf.export import ActRow, GameRow, UtteranceRow, export_transcripts
from llm_werewolf.export.arrow import arrow_schema
from llm_werewolf.rules import get_ruleset
from tests.transcript.support import play_to_file

RULESETS = ["chinese_werewolf", "lebanese_ghouls", "one_night", "city_mafia", "online_mafia"]
SAMPLES = Path(__file__).resolve().parents[2] / "transcripts" / "samples"


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One heuristic game per ruleset, plus the committed model-played samples (other options, other players)."""
    root = tmp_path_factory.mktemp("mixed")
    for index, variant in enumerate(RULESETS):
        play_to_file(root / "heuristic" / f"{variant}.jsonl", variant, 500 + index)
    for sample in SAMPLES.glob("*.jsonl"):
        (root / "samples").mkdir(exist_ok=True)
        (root / "samples" / sample.name).write_bytes(sample.read_bytes())
    return root


@pytest.fixture
def datasets_offline(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Any:
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    import datasets

    monkeypatch.setattr(datasets.config, "HF_HUB_OFFLINE", True)
    monkeypatch.setattr(datasets.config, "HF_DATASETS_OFFLINE", True)
    return datasets


def test_a_mixed_parquet_folder_loads_as_one_table(mixed: Path, tmp_path: Path, datasets_offline: Any) -> None:
    out = tmp_path / "dataset"
    result = export_transcripts([mixed], out, "parquet")
    assert result.games == 10 and not result.skipped
    cache = str(tmp_path / "cache")

    utterances = datasets_offline.load_dataset("parquet", data_dir=str(out), split="train", cache_dir=cache)
    assert utterances.num_rows == result.utterances > 0
    assert utterances.column_names == list(UtteranceRow.model_fields)
    assert set(utterances["ruleset"]) == set(RULESETS)
    assert {"zh-Hant", "ar-LB", "ar", "ru", "he"} <= set(utterances["language"])
    # the god-view truth joined to each utterance is a real card of its ruleset
    for row in utterances:
        ruleset = get_ruleset(row["ruleset"])
        assert row["speaker_role"] in ruleset.roles and row["speaker_side"] in ruleset.sides
        assert row["claim_true"] == ((row["claim"] == row["speaker_role"]) if row["claim"] is not None else None)
        assert isinstance(row["acts"], list)
        assert all(set(act) == set(ActRow.model_fields) for act in row["acts"])
    assert any(row["claim"] is not None for row in utterances), "no structured claim in ten games"
    # speech acts, joined to the truth about their targets
    acts = [(row, act) for row in utterances for act in row["acts"]]
    assert {row["ruleset"] for row, _ in acts} == set(RULESETS)
    assert {act["kind"] for _, act in acts} >= {"claim", "accuse", "vote", "result"}
    for row, act in acts:
        if act["kind"] == "claim" and act["role"] == row["speaker_role"]:
            assert act["true"] is True  # naming one's own card is true
        if act["kind"] in ("ask", "agree", "disagree"):
            assert act["true"] is None and act["consistent"] is None
    assert any(act["true"] is False for _, act in acts) and any(act["consistent"] is False for _, act in acts)
    dealt = {
        g["game_id"]: g["start_roles"]
        for g in datasets_offline.load_dataset("parquet", data_dir=str(out / "games"), split="train", cache_dir=cache)
    }
    for row, act in acts:  # nobody's card changes in these rulesets: the target's truth is its dealt card
        if row["ruleset"] in ("lebanese_ghouls", "city_mafia") and act["target"] is not None:
            assert act["target_role"] == dealt[row["game_id"]][act["target"] - 1]  # seats numbered from 1

    games = datasets_offline.load_dataset(str(out), "games", split="train", cache_dir=cache)
    assert games.num_rows == 10 and games.column_names == list(GameRow.model_fields)
    options = [json.loads(value) for value in games["options"]]
    assert options.count({}) == games.num_rows  # heuristic games and the samples (whole games: no switch set)
    assert all(isinstance(json.loads(value), dict) for value in games["prompt_packs"])
    # the card's default config is the utterance table
    through_card = datasets_offline.load_dataset(str(out), split="train", cache_dir=cache)
    assert through_card.num_rows == utterances.num_rows


def test_each_ruleset_alone_has_the_same_schema(mixed: Path, tmp_path: Path) -> None:
    schemas = set()
    for variant in RULESETS:
        out = tmp_path / variant
        export_transcripts([mixed / "heuristic" / f"{variant}.jsonl"], out, "parquet")
        utterances = pq.read_schema(out / "data" / "train-00000-of-00001.parquet")
        games = pq.read_schema(out / "games" / "train-00000-of-00001.parquet")
        assert utterances.remove_metadata() == arrow_schema(UtteranceRow)
        assert games.remove_metadata() == arrow_schema(GameRow)
        schemas.add((str(utterances), str(games)))
    assert len(schemas) == 1


def test_the_dataset_card_describes_the_folder(mixed: Path, tmp_path: Path) -> None:
    out = tmp_path / "dataset"
    export_transcripts([mixed], out, "parquet", licence="cc-by-4.0")
    text = (out / "README.md").read_text(encoding="utf-8")
    _, front, body = text.split("---\n", 2)
    meta = yaml.safe_load(front)
    assert meta["license"] == "cc-by-4.0"
    assert set(meta["language"]) == {"zh", "ar", "ru", "he"}
    configs = {c["config_name"]: c for c in meta["configs"]}
    assert configs["utterances"]["default"] is True
    for config in configs.values():
        assert (out / config["data_files"][0]["path"]).is_file()
    for variant in RULESETS:
        assert f"| `{variant}` |" in body
    assert "| local | gemma-3-270m |" in body and "| heuristic |" in body
    for column in [*UtteranceRow.model_fields, *GameRow.model_fields, *ActRow.model_fields]:
        assert f"| `{column}` |" in body
    again = tmp_path / "again"
    export_transcripts([mixed], again, "parquet", licence="cc-by-4.0")
    for name in ("README.md", "data/train-00000-of-00001.parquet", "games/train-00000-of-00001.parquet"):
        assert (out / name).read_bytes() == (again / name).read_bytes(), name


def test_jsonl_export_loads_through_its_card(mixed: Path, tmp_path: Path, datasets_offline: Any) -> None:
    out = tmp_path / "jsonl"
    result = export_transcripts([mixed], out, "jsonl")
    cache = str(tmp_path / "cache")
    utterances = datasets_offline.load_dataset(str(out), split="train", cache_dir=cache)
    games = datasets_offline.load_dataset(str(out), "games", split="train", cache_dir=cache)
    assert utterances.num_rows == result.utterances and games.num_rows == result.games == 10


def test_cli_parquet_export_and_a_missing_pyarrow(mixed: Path, tmp_path: Path) -> None:
    out = tmp_path / "cli"
    command = [sys.executable, "-m", "llm_werewolf", "export", str(mixed), "--format", "parquet", "-o", str(out)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "exported 10 games" in done.stderr and (out / "data" / "train-00000-of-00001.parquet").is_file()
    blocked = "import sys; sys.modules['pyarrow'] = None; from llm_werewolf.cli import main; main()"
    refused = subprocess.run(
        [sys.executable, "-c", blocked, "export", str(mixed), "--format", "parquet", "-o", str(tmp_path / "no")],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1
    assert "Parquet export needs pyarrow" in refused.stderr and "[parquet]" in refused.stderr
    assert not (tmp_path / "no").exists()
