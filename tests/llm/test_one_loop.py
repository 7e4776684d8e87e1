"""One session, one event loop: against a keep-alive HTTP endpoint, ``play`` with ``openai:`` and
``langchain:`` seats and ``--narrator llm`` (preflight on) gets every answer from the endpoint.

Before the session, the preflight ran in one ``asyncio.run`` and the game in another: the pooled
keep-alive connection belonged to the closed loop, ``--narrator llm`` stopped ``play`` with
"Event loop is closed", and without it each HTTP backend's first call fell back to the heuristic.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.battery.fault_server import MODEL, FaultPlan, fault_server


def test_play_uses_one_loop_for_preflight_game_and_narrator(tmp_path: Path) -> None:
    with fault_server(FaultPlan()) as (url, log):  # answers every request legally, keeps connections open
        result = subprocess.run(
            [
                sys.executable, "-m", "llm_werewolf", "play", "--variant", "one_night", "--players", "4",
                "--seed", "2", "--lang", "en", "--agents", "heuristic",
                "--seat", f"1=openai:{MODEL}", "--seat", f"2=openai:{MODEL}", "--seat", f"3=langchain:{MODEL}",
                "--base-url", url, "--narrator", "llm", "--transcripts", str(tmp_path),
            ],
            capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        answered = log.answered
    assert result.returncode == 0, result.stderr
    (path,) = tmp_path.glob("*.jsonl")
    events = [json.loads(line)["event"] for line in path.read_text(encoding="utf-8").splitlines()[1:]]
    assert [e for e in events if e["kind"] == "fallback"] == []
    calls = [e for e in events if e["kind"] == "model_call"]
    seats = [c for c in calls if c["purpose"] != "narration"]
    assert seats and all(c["error"] is None and c["parsed"] is not None for c in seats)
    # The endpoint answers narration with an empty line (refused as such), never with a transport fault.
    assert all((c["error"] or "refused:").startswith("refused:") for c in calls if c["purpose"] == "narration")
    assert {c["backend"] for c in calls} == {"openai", "langchain"}
    assert any(c["purpose"] == "narration" for c in calls)
    # Every call reached the endpoint, plus each backend's preflight ping and its answer-format probe.
    assert answered == len(calls) + 4
