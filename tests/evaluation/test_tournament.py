"""Tournament planning (seat rotation), config errors, resume, failures and degraded games."""

from __future__ import annotations

import asyncio
import io
import random
import re
from pathlib import Path

import pytest
from rich.console import Console
from rich.progress import TimeRemainingColumn

from llm_werewolf.evaluation.ledger import Entry, read_ledger
from llm_werewolf.evaluation.study import load_study
from llm_werewolf.evaluation.tournament import (
    GAMES_DIR,
    ConfigError,
    TournamentConfig,
    load_config,
    plan,
    run_tournament,
)
from llm_werewolf.evaluation.tournament.games import build_game, degraded, play_game
from llm_werewolf.evaluation.tournament.plan import GameJob
from llm_werewolf.evaluation.tournament.runner import progress_columns, todo
from llm_werewolf.rules import Choice, Game
from llm_werewolf.rules.events import GOD
from llm_werewolf.sim import random_policy
from llm_werewolf.table.seating import AgentSpec
from llm_werewolf.table_notes import Fallback
from llm_werewolf.transcript import SeatInfo, TranscriptWriter, header_for


def config(**changes: object) -> TournamentConfig:
    raw: dict[str, object] = {
        "name": "t",
        "seeds": [1, 2],
        "models": ["heuristic", "random"],
        "rulesets": [{"variant": "one_night", "players": 3}],
        "concurrency": 2,
    }
    raw.update(changes)
    return TournamentConfig.model_validate(raw)


def test_round_robin_rotates_models_over_the_same_deals() -> None:
    jobs = plan(config())
    assert [j.key for j in jobs] == [
        "one_night.ar.p3.s1.r0",
        "one_night.ar.p3.s1.r1",
        "one_night.ar.p3.s2.r0",
        "one_night.ar.p3.s2.r1",
    ]
    r0, r1 = jobs[0], jobs[1]
    assert [e.spec for e in r0.seats] == ["heuristic", "random", "heuristic"]
    assert [e.spec for e in r1.seats] == ["random", "heuristic", "random"]
    # The same seed deals the same cards whoever sits where.
    deal = [Game(build_game(j)[0]).state.roles() for j in (r0, r1)]
    assert deal[0] == deal[1]


def test_fixed_rotation_and_seed_ranges() -> None:
    jobs = plan(config(rotation="fixed", seeds={"start": 5, "count": 3}))
    assert [j.seed for j in jobs] == [5, 6, 7]
    assert all(j.rotation == 0 for j in jobs)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            'name = "x"\nseeds = [1]\nmodels = ["heuristic"]\n[[rulesets]]\nvariant = "one_night"\nplayers = 99\n',
            "3-12",
        ),
        (
            'name = "x"\nseeds = [1]\nmodels = ["heuristic"]\nsurprise = 1\n[[rulesets]]\nvariant = "one_night"\n',
            "surprise",
        ),
        ('name = "x"\nseeds = [1]\nmodels = []\n[[rulesets]]\nvariant = "one_night"\n', "models"),
        (
            'name = "x"\nseeds = [1]\nmodels = ["heuristic"]\n[[rulesets]]\nvariant = "one_night"\nlanguage = "he"\n',
            "not 'he'",
        ),
        ("name = [", "x.toml"),
    ],
)
def test_config_errors_name_the_problem(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "x.toml"
    path.write_text(text)
    with pytest.raises(ConfigError, match=message):
        plan(load_config(path))


def test_runs_then_resumes_skipping_finished_games(tmp_path: Path) -> None:
    cfg = config()
    first = run_tournament(cfg, tmp_path)
    assert (first.planned, first.skipped, first.count("done")) == (4, 0, 4)
    folder = tmp_path / GAMES_DIR
    assert len(read_ledger(folder)) == 4
    again = run_tournament(cfg, tmp_path)
    assert (again.skipped, len(again.entries)) == (4, 0)
    # A game killed mid-way: its transcript is cut and its ledger line never written.
    victim = folder / "one_night.ar.p3.s2.r0.jsonl"
    lines = victim.read_bytes().splitlines(keepends=True)
    victim.write_bytes(b"".join(lines[: len(lines) // 2]))
    ledger = folder / "ledger.jsonl"
    ledger.write_text("".join(line for line in ledger.read_text().splitlines(keepends=True) if "s2.r0" not in line))
    third = run_tournament(cfg, tmp_path)
    assert [e.key for e in third.entries] == ["one_night.ar.p3.s2.r0"]
    assert len(load_study(tmp_path).games) == 4


def test_a_failing_game_is_recorded_and_never_scored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = play_game
    target = "llm_werewolf.evaluation.tournament.executors.play_game"

    async def flaky(job: GameJob, path: Path, settings: object, session: object = None) -> Entry:
        if job.key.endswith("s1.r1"):
            path.write_text("")  # a half-written file stays behind
            raise RuntimeError("the model server went away")
        return await real(job, path, settings, session)  # type: ignore[arg-type]

    monkeypatch.setattr(target, flaky)
    result = run_tournament(config(), tmp_path)
    assert result.count("failed") == 1 and result.count("done") == 3
    failed = read_ledger(tmp_path / GAMES_DIR)["one_night.ar.p3.s1.r1"]
    assert failed.status == "failed" and "went away" in failed.reason
    study = load_study(tmp_path)
    assert len(study.games) == 3
    assert any("failed" in why for _, why in study.unscored)
    # On the next run the failed game is played again.
    monkeypatch.setattr(target, real)
    assert [e.key for e in run_tournament(config(), tmp_path).entries] == ["one_night.ar.p3.s1.r1"]


def test_a_model_seat_living_on_fallbacks_is_noted() -> None:
    job = plan(config())[0]
    game_config, _ = build_game(job)
    game = Game(game_config)
    specs = [AgentSpec("local"), AgentSpec("heuristic"), AgentSpec("heuristic")]
    asked = [d for d in game.pending if d.seat == 0]
    assert asked
    assert degraded(game, specs, 0.5) == ""
    for decision in asked:  # as the table logs it: the fallback, then the answer it gave
        option = decision.options[0].id
        game.note(
            Fallback(seat=0, decision_id=decision.id, decision=decision.kind, option=option, reason="timeout"), GOD
        )
        game.submit(decision.id, Choice(option))
    assert "seat 1 (local)" in degraded(game, specs, 0.5)
    # Heuristic seats never make a game unscored.
    assert degraded(game, [AgentSpec("heuristic")] * 3, 0.5) == ""


def write_finished_transcript(job: GameJob, path: Path, *, fallback_seat: int | None) -> None:
    """A complete game of random play written as the tournament would, where ``fallback_seat``
    (if any) had every one of its decisions answered by a fallback."""
    game_config, specs = build_game(job)
    game = Game(game_config)
    policy = random_policy(random.Random(job.seed))
    while not game.over:
        for d in game.pending:
            choice = policy(game, d)
            if d.seat == fallback_seat:
                event = Fallback(seat=d.seat, decision_id=d.id, decision=d.kind, option=choice.option, reason="t")
                game.note(event, GOD)
            game.submit(d.id, choice)
    seats = [SeatInfo(name=n, agent=s.label) for n, s in zip(game_config.names, specs, strict=True)]
    path.parent.mkdir(parents=True, exist_ok=True)
    with TranscriptWriter(path, header_for(game_config, job.language, seats)) as writer:
        writer.write(game.records)


def test_resume_checks_fallbacks_of_transcripts_missing_from_the_ledger(tmp_path: Path) -> None:
    # The process died after the transcripts were complete but before their ledger lines.
    cfg = config(models=["fake", "heuristic"], seeds=[1])
    jobs = plan(cfg)
    folder = tmp_path / GAMES_DIR
    write_finished_transcript(jobs[0], folder / jobs[0].filename, fallback_seat=0)  # seat 1 is "fake"
    write_finished_transcript(jobs[1], folder / jobs[1].filename, fallback_seat=None)
    left, recovered = todo(jobs, folder, cfg.max_fallback_share)
    assert left == []
    by_key = {e.key: e for e in recovered}
    assert by_key[jobs[0].key].status == "done"  # scored: the seat counts as the fallback's, not the model's
    assert "seat 1 (fake) fell back on 100%" in by_key[jobs[0].key].reason
    assert (by_key[jobs[1].key].status, by_key[jobs[1].key].reason) == ("done", "")
    assert by_key[jobs[1].key].wall_s == 0.0  # unknown: transcripts carry no clock
    # A lax limit notes nothing.
    assert todo(jobs, folder, 1.0)[1][0].reason == ""
    # Through the runner: nothing is replayed, the ledger gets both lines, the study scores both games,
    # the fake seat of the first as the fallback.
    result = run_tournament(cfg, tmp_path)
    assert (result.skipped, result.entries) == (2, [])
    assert read_ledger(folder)[jobs[0].key].status == "done"
    study = load_study(tmp_path)
    assert len(study.games) == 2 and study.unscored == []
    excluded = [g for g in study.games if g.excluded]
    assert len(excluded) == 1 and excluded[0].excluded[0][0] == "fake" and excluded[0].models[0] == "fallback"


@pytest.mark.parametrize("limit", [1, 3])
def test_no_more_games_at_once_than_the_concurrency(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, limit: int
) -> None:
    running = 0
    peak = 0

    async def counted(job: GameJob, path: Path, settings: object, session: object = None) -> Entry:
        nonlocal running, peak
        running += 1
        peak = max(peak, running)
        try:
            await asyncio.sleep(0.02)  # a game in flight: the others may start meanwhile
            return Entry(key=job.key, status="done", path=path.name)
        finally:
            running -= 1

    monkeypatch.setattr("llm_werewolf.evaluation.tournament.executors.play_game", counted)
    result = run_tournament(config(seeds=[1, 2, 3, 4], concurrency=limit), tmp_path)
    assert result.count("done") == 8
    assert peak == limit  # never more, and the limit is actually used
    assert running == 0


def test_progress_shows_the_time_left(tmp_path: Path) -> None:
    assert any(isinstance(column, TimeRemainingColumn) for column in progress_columns())
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=160, color_system=None)
    run_tournament(config(seeds=[1]), tmp_path, console=console)
    text = out.getvalue()
    assert "2/2" in text
    assert "done 2 · unscored 0 · failed 0" in text
    assert re.search(r"eta (\d+:\d\d:\d\d|-:--:--)", text), text
