"""Files are data: a transcript or a host request never chooses code to run; a table file
never sends a key to an endpoint the user did not confirm; a key reflected into an answer
is redacted."""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from llm_werewolf.cli.common import UsageError
from llm_werewolf.cli.llm_setup import setup_llm
from llm_werewolf.code_refs import code_target, forget_all, trust
from llm_werewolf.llm.base import CompletionRequest
from llm_werewolf.llm.errors import BackendConfigError
from llm_werewolf.llm.factory import BackendConfig, make_backend
from llm_werewolf.llm.openai_backend import OpenAIBackend
from llm_werewolf.opening.resume import ResumeError, resume_file
from llm_werewolf.web.app import create_app
from llm_werewolf.web.tables import Lobby

from ..llm.fake_server import Reply, ServerState, fake_openai_server
from ..transcript.support import play_to_file

HOSTILE = "langchain:evilpkg.boom:make"


@pytest.fixture
def evil(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An importable package whose import leaves a marker file: proof that code ran."""
    marker = tmp_path / "ran"
    package = tmp_path / "lib" / "evilpkg"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "boom.py").write_text(
        f"from pathlib import Path\nPath({str(marker)!r}).write_text('ran')\ndef make():\n    return None\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path / "lib"))
    forget_all()
    yield marker
    forget_all()


def test_code_targets_are_recognised() -> None:
    assert code_target(HOSTILE) == "evilpkg.boom:make"
    assert code_target("langchain:venv.__main__:x") == "venv.__main__:x"
    assert code_target("evilpkg.boom:make") == "evilpkg.boom:make"
    assert code_target("langchain:gpt-4o-mini") is None and code_target("openai:qwen:7b") is None


def test_a_hostile_transcript_cannot_make_resume_import_a_module(tmp_path: Path, evil: Path) -> None:
    path = tmp_path / "game.jsonl"
    play_to_file(path, "one_night", 3)
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["seats"][1]["agent"] = HOSTILE
    path.write_text("\n".join([json.dumps(header), *lines[1 : len(lines) // 2]]) + "\n", encoding="utf-8")
    with pytest.raises(ResumeError, match="seat 2 of the transcript names code to run"):
        resume_file(path)
    assert not evil.exists()


def test_the_factory_loads_a_named_factory_only_when_the_user_named_it(evil: Path) -> None:
    config = BackendConfig(kind="langchain", model="evilpkg.boom:make")
    with pytest.raises(BackendConfigError, match=r"refused to load 'evilpkg\.boom:make'"):
        make_backend(config)
    assert not evil.exists()
    trust(HOSTILE)  # what `play --seat 2=langchain:evilpkg.boom:make` does
    make_backend(config)
    assert evil.exists()


def test_the_host_api_refuses_a_seat_that_names_code(evil: Path) -> None:
    with TestClient(create_app(Lobby(host_token="h"))) as client:
        seats = [{"player": "human"}, {"player": HOSTILE}, *[{"player": "heuristic"}] * 3]
        response = client.post(
            "/api/host/tables",
            json={"variant": "one_night", "language": "en", "seats": seats},
            headers={"X-Host-Token": "h"},
        )
    assert response.status_code == 422
    assert "names code to run" in response.json()["detail"]
    assert not evil.exists()


def _table(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "table.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "llm",
    [
        'base_url = "https://collector.invalid/v1"\napi_key_env = "HOME"',
        'base_url = "https://collector.invalid/v1"\napi_key_file = "/etc/hostname"',
        'base_url = "https://collector.invalid/v1"',
    ],
)
def test_a_table_file_cannot_send_a_key_to_its_own_endpoint_unconfirmed(tmp_path: Path, llm: str) -> None:
    table = _table(tmp_path, f'[game]\nagents = "openai:m"\n[llm]\n{llm}\n')
    with pytest.raises(UsageError) as caught:
        setup_llm(config_file=table)
    message = str(caught.value)
    assert "\n" not in message and "--send-key-to https://collector.invalid/v1" in message
    setup_llm(config_file=table, send_key_to=["https://collector.invalid/v1/"])  # confirmed: accepted


def test_a_seat_entry_cannot_send_a_key_file_elsewhere(tmp_path: Path) -> None:
    (tmp_path / "k").write_text("secret", encoding="utf-8")
    table = _table(
        tmp_path, '[seats]\n2 = { agent = "openai:m", base_url = "http://10.9.9.9/v1", api_key_file = "k" }\n'
    )
    with pytest.raises(UsageError, match=r"\[seats\] 2 sends an API key \(api_key_file\) to http://10.9.9.9/v1"):
        setup_llm(config_file=table)


def test_the_default_key_to_this_computer_or_the_command_lines_endpoint_needs_no_confirmation(
    tmp_path: Path,
) -> None:
    setup_llm(config_file=_table(tmp_path, '[llm]\nbase_url = "http://127.0.0.1:9/v1"\n'))
    setup_llm(
        config_file=_table(tmp_path, '[llm]\nbase_url = "https://collector.invalid/v1"\n'),
        base_url="https://mine.invalid/v1",
    )


@pytest.mark.parametrize(
    ("llm", "cli_url", "endpoint"),
    [
        ('base_url = "http://127.0.0.1:9/v1"\napi_key_env = "HOME"', None, "http://127.0.0.1:9/v1"),
        (
            'base_url = "https://collector.invalid/v1"\napi_key_env = "HOME"',
            "https://mine.invalid/v1",
            "https://mine.invalid/v1",
        ),
        ('api_key_file = "/etc/hostname"', None, "https://api.openai.com/v1"),
    ],
)
def test_a_table_file_never_picks_which_secret_is_sent(
    tmp_path: Path, llm: str, cli_url: str | None, endpoint: str
) -> None:
    table = _table(tmp_path, f"[llm]\n{llm}\n")
    with pytest.raises(UsageError, match=f"--send-key-to {endpoint}"):
        setup_llm(config_file=table, base_url=cli_url)
    setup_llm(config_file=table, base_url=cli_url, send_key_to=[endpoint])  # the user's own choice
    setup_llm(config_file=table, base_url=cli_url, api_key_env="HOME")  # or the user's own key


@pytest.mark.parametrize(
    "text",
    [
        '[game]\nagents = "langchain:evilpkg.boom:make"\n',
        '[seats]\n2 = "langchain:evilpkg.boom:make"\n',
        '[seats]\n2 = { agent = "langchain:evilpkg.boom:make" }\n',
        '[llm]\nbackend = "langchain"\nmodel = "evilpkg.boom:make"\n',
    ],
)
def test_a_table_file_names_code_only_with_allow_code(tmp_path: Path, evil: Path, text: str) -> None:
    table = _table(tmp_path, text)
    with pytest.raises(UsageError, match=r"names code to run.*--allow-code"):
        setup_llm(config_file=table)
    assert not evil.exists()
    setup_llm(config_file=table, allow_code=True)  # the user said so on the command line


def test_play_refuses_a_table_file_that_names_code(tmp_path: Path, evil: Path) -> None:
    from typer.testing import CliRunner

    from llm_werewolf.cli import app

    table = _table(tmp_path, '[game]\nvariant = "one_night"\nplayers = 5\n[seats]\n2 = "langchain:evilpkg.boom:make"\n')
    result = CliRunner().invoke(app, ["play", "--config", str(table), "--transcripts", str(tmp_path), "--seed", "1"])
    assert result.exit_code != 0 and "--allow-code" in " ".join(str(result.exception or result.output).split())
    assert not evil.exists()


def _resumable(tmp_path: Path, agent: str) -> Path:
    path = tmp_path / "game.jsonl"
    play_to_file(path, "one_night", 3)
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["seats"][1]["agent"] = agent
    path.write_text("\n".join([json.dumps(header), *lines[1 : len(lines) // 2]]) + "\n", encoding="utf-8")
    return path


def test_resume_does_not_spend_the_key_on_the_headers_model_unasked(tmp_path: Path) -> None:
    path = _resumable(tmp_path, "openai:o1-pro-EXPENSIVE")
    with pytest.raises(ResumeError, match=r"seat 2 openai:o1-pro-EXPENSIVE.*--model.*--header-models"):
        resume_file(path)
    from llm_werewolf.opening.resume import agents_from
    from llm_werewolf.session import Session, SessionSettings
    from llm_werewolf.transcript import read_transcript

    header = read_transcript(path).header
    session = Session(SessionSettings(base_url="http://127.0.0.1:9/v1"))  # built, never called
    seat: Any = agents_from(header, session, model="gpt-4o-mini")[1]
    assert seat.backend.model == "gpt-4o-mini"  # the user's current setting
    seat = agents_from(header, session, header_models=True)[1]
    assert seat.backend.model == "o1-pro-EXPENSIVE"  # only when the user agreed


async def test_a_key_reflected_into_an_answer_is_redacted() -> None:
    key = "sk-reflected-secret-5678"
    reply = Reply(content=f'{{"option": "Bob", "speech": "my key is {key}"}}')
    with fake_openai_server(ServerState(replies=deque([reply]))) as (url, _):
        backend = OpenAIBackend("test-model", base_url=url, api_key=key)
        completion = await backend.complete(CompletionRequest(system="rules", user="vote", max_tokens=20))
    assert key not in completion.text and "my key is ***" in completion.text


def test_a_tournament_config_cannot_send_a_key_to_its_own_endpoint_unconfirmed(tmp_path: Path) -> None:
    import subprocess
    import sys

    config = tmp_path / "t.toml"
    config.write_text(
        'name = "t"\nseeds = [1]\nrulesets = [{variant = "one_night", players = 5}]\n'
        'models = [{spec = "openai:m", base_url = "https://collector.invalid/v1"}, {spec = "heuristic"}]\n',
        encoding="utf-8",
    )
    command = [sys.executable, "-m", "llm_werewolf", "tournament", str(config), "--dry-run"]
    refused = subprocess.run(command, capture_output=True, text=True, cwd=tmp_path)
    assert refused.returncode == 2
    assert "--send-key-to https://collector.invalid/v1" in " ".join(refused.stderr.split())
    confirmed = subprocess.run(
        [*command, "--send-key-to", "https://collector.invalid/v1"], capture_output=True, text=True, cwd=tmp_path
    )
    assert confirmed.returncode == 0, confirmed.stderr
