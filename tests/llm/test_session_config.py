"""Session model settings (flags, the table file) reach every model seat and the llm narrator;
API keys come from a file, the table file or the environment and are never written down."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from llm_werewolf.cli.common import UsageError
from llm_werewolf.cli.llm_setup import setup_llm
from llm_werewolf.cli.table_config import load_table_config
from llm_werewolf.llm.chat_format_check import PROBE_MESSAGES
from llm_werewolf.llm.errors import BackendConfigError
from llm_werewolf.llm.openai_backend import NO_KEY, OpenAIBackend, resolve_api_key
from llm_werewolf.opening.narrators import build_narrator
from llm_werewolf.session import Session, SessionSettings
from llm_werewolf.session import resolve_backend as backend_config
from llm_werewolf.table.seating import AgentSpec

from .fake_server import ServerState, fake_openai_server

SECRET = "sk-test-5f1c9e0a7b2d4e6f"
CLI = [sys.executable, "-m", "llm_werewolf", "play", "--variant", "one_night", "--players", "3", "--seed", "2"]


# -- which seats take the session's values -------------------------------------------------------


def test_a_given_profile_model_and_url_reach_seats_of_another_backend() -> None:
    defaults = SessionSettings(model="gemma-3-270m", profile="llamacpp", base_url="http://h/v1")  # backend: local
    for kind in ("openai", "langchain"):
        config = backend_config(AgentSpec(kind), defaults)
        assert (config.model, config.profile, config.base_url) == ("gemma-3-270m", "llamacpp", "http://h/v1")
    # a seat's own model wins; the session profile still applies to it
    own = backend_config(AgentSpec("openai", "qwen"), defaults)
    assert (own.model, own.profile) == ("qwen", "llamacpp")


def test_a_local_seat_keeps_its_embedded_model_and_transcript_profile() -> None:
    defaults = SessionSettings(backend="openai", model="gpt-4o-mini", profile="vllm", base_url="http://h/v1")
    config = backend_config(AgentSpec("local"), defaults)
    assert (config.model, config.profile, config.base_url) == (None, None, None)
    # ...but a transcript profile is for local seats, and the session's own backend takes everything
    local = AgentSpec("local")
    assert backend_config(local, SessionSettings(backend="openai", profile="local")).profile == "local"
    assert backend_config(local, SessionSettings(model="/m.gguf", profile="text")).model == "/m.gguf"
    assert backend_config(AgentSpec("openai", "m"), SessionSettings(profile="local")).profile is None


def test_a_seat_of_the_table_file_keeps_its_own_profile_and_key() -> None:
    defaults = SessionSettings(profile="vllm", api_key="session-key", api_key_file=None)
    seat = AgentSpec("openai", "m", profile="text", api_key_file="/keys/seat")
    config = backend_config(seat, defaults)
    assert (config.profile, config.api_key, config.api_key_file) == ("text", None, "/keys/seat")
    plain = backend_config(AgentSpec("openai", "m"), defaults)
    assert (plain.profile, plain.api_key) == ("vllm", "session-key")
    assert "session-key" not in repr(plain) and "session-key" not in repr(defaults)
    assert SECRET not in repr(AgentSpec("openai", api_key=SECRET))


def test_the_llm_narrator_takes_the_session_profile_model_and_url() -> None:
    from llm_werewolf.narration.llm import LLMNarrator

    defaults = SessionSettings(model="test-model", profile="llamacpp", base_url="http://127.0.0.1:9/v1")
    session = Session(defaults)
    narrator = build_narrator(
        "llm", "one_night", "en", ("A", "B", "C"), seat_specs=[AgentSpec("openai")], session=session
    )
    assert isinstance(narrator, LLMNarrator)
    seat = session.agent(AgentSpec("openai"), seat=0, seed=0, language="en", variant="one_night")
    assert getattr(seat, "backend", None) is narrator.backend  # one backend for the seat and the narrator
    backend = narrator.backend
    assert isinstance(backend, OpenAIBackend)
    assert (backend.model, backend.profile.name, backend.base_url) == ("test-model", "llamacpp", defaults.base_url)


# -- keys ----------------------------------------------------------------------------------------


def test_the_key_comes_from_the_seat_then_the_file_then_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    key_file = tmp_path / "key"
    key_file.write_text(f"  {SECRET}\n", encoding="utf-8")
    monkeypatch.setenv("OPENAI_API_KEY", "from-env")
    assert resolve_api_key("given", None, key_file=key_file) == "given"
    assert resolve_api_key(None, None, key_file=key_file) == SECRET
    assert resolve_api_key(None, None) == "from-env"
    monkeypatch.delenv("OPENAI_API_KEY")
    assert resolve_api_key(None, "http://h/v1") == NO_KEY
    with pytest.raises(BackendConfigError, match="api_key_file"):
        resolve_api_key(None, None)
    (tmp_path / "empty").write_text("\n", encoding="utf-8")
    for bad, message in [(tmp_path / "none", "cannot read the API key file"), (tmp_path / "empty", "is empty")]:
        with pytest.raises(BackendConfigError, match=message):
            resolve_api_key(None, None, key_file=bad)


def test_the_table_file_takes_keys_and_checks_them(tmp_path: Path) -> None:
    (tmp_path / "keys").mkdir()
    table = tmp_path / "table.toml"
    table.write_text(
        '[llm]\napi_key_file = "keys/main"\n'
        '[seats]\n2 = { agent = "openai:m", api_key = "seat-key", profile = "text" }\n'
        '3 = { agent = "openai:n", api_key_file = "/abs/key" }\n',
        encoding="utf-8",
    )
    config = load_table_config(table)
    assert config.llm["api_key_file"] == str((tmp_path / "keys" / "main").resolve())
    assert (config.seats[2].api_key, config.seats[2].profile) == ("seat-key", "text")
    assert config.seats[3].api_key_file == "/abs/key"
    assert "seat-key" not in repr(config)
    for body, message in [
        ('[llm]\napi_key = "a"\napi_key_file = "b"\n', "not both"),
        ('[seats]\n1 = { agent = "openai:m", profile = "gpt9" }\n', "unknown profile 'gpt9'"),
        ('[seats]\n1 = { agent = "openai:m", api_key = 7 }\n', "api_key: a non-empty string"),
    ]:
        table.write_text(body, encoding="utf-8")
        with pytest.raises(BackendConfigError, match=message):
            load_table_config(table)


def test_setup_refuses_a_missing_key_file_in_one_line(tmp_path: Path) -> None:
    table = tmp_path / "table.toml"
    table.write_text('[seats]\n1 = { agent = "openai:m", api_key_file = "nope" }\n', encoding="utf-8")
    with pytest.raises(UsageError, match=r"\[seats\] 1: cannot read the API key file") as caught:
        setup_llm(config_file=table, send_key_to=["https://api.openai.com/v1"])  # the file's key source, confirmed
    assert "\n" not in str(caught.value)
    with pytest.raises(UsageError, match="--api-key-file: cannot read"):
        setup_llm(api_key_file=tmp_path / "missing")


def test_setup_passes_a_session_key_file_and_seat_settings_on(tmp_path: Path) -> None:
    (tmp_path / "key").write_text(SECRET, encoding="utf-8")
    table = tmp_path / "table.toml"
    table.write_text(
        '[game]\nagents = "openai"\n[llm]\nmodel = "m"\napi_key_file = "key"\n'
        '[seats]\n2 = { agent = "langchain", profile = "text", api_key = "other" }\n',
        encoding="utf-8",
    )
    setup = setup_llm(config_file=table, send_key_to=["https://api.openai.com/v1"])  # the file's key file, confirmed
    defaults = setup.session.settings
    assert defaults.api_key_file == str(tmp_path / "key") and defaults.model == "m"
    seat = setup.seats[1]
    assert (seat.kind, seat.profile, seat.api_key) == ("langchain", "text", "other")
    config = backend_config(AgentSpec.parse(setup.default_agents or ""), defaults)
    assert (config.kind, config.model, config.api_key_file) == ("openai", "m", str(tmp_path / "key"))


# -- through the command line, against a scripted server --------------------------------------


def _play(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=300)


def _transcript(folder: Path) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
    (file,) = folder.glob("*.jsonl")
    text = file.read_text(encoding="utf-8")
    lines = text.splitlines()
    return text, json.loads(lines[0]), [json.loads(line)["event"] for line in lines[1:]]


def _asked_formats(state: ServerState) -> set[str | None]:
    formats = set()
    for body in state.requests:
        fmt = body.get("response_format")
        formats.add(fmt.get("type") if isinstance(fmt, dict) else None)
    return formats


def test_the_profile_flag_reaches_openai_seats(tmp_path: Path) -> None:
    """``--agents openai:M --base-url URL --profile llamacpp``: the seats ask in the llamacpp style."""
    with fake_openai_server() as (url, state):
        result = _play(
            "--agents", "openai:test-model", "--base-url", url, "--profile", "llamacpp",
            "--narrator", "off", "--transcripts", str(tmp_path),
        )  # fmt: skip
    assert result.returncode == 0, result.stderr
    asked = [
        b for b in state.requests if b.get("max_tokens", 0) > 1 and b["messages"] != PROBE_MESSAGES
    ]  # not preflight
    assert asked and {b["model"] for b in asked} == {"test-model"}
    assert _asked_formats(state) - {None} == {"json_object"}  # llamacpp: json_object + schema, not json_schema
    assert all("schema" in b["response_format"] for b in asked if "response_format" in b)
    _, header, _ = _transcript(tmp_path)
    assert {seat["model"] for seat in header["seats"]} == {"test-model"}


def test_a_table_file_model_profile_and_key_file_reach_the_seats_and_the_narrator(tmp_path: Path) -> None:
    """``agents = "openai"`` with ``[llm] model``: no "needs a model"; the key file is sent, never written."""
    (tmp_path / "secret.key").write_text(SECRET + "\n", encoding="utf-8")
    with fake_openai_server(ServerState(key=SECRET)) as (url, state):
        table = tmp_path / "table.toml"
        table.write_text(
            f'[game]\nagents = "openai"\nlang = "en"\n'
            f'[llm]\nmodel = "test-model"\nbase_url = "{url}"\nprofile = "text"\napi_key_file = "secret.key"\n',
            encoding="utf-8",
        )
        # the key source the file names goes only where the user confirms
        out = str(tmp_path / "out")
        result = _play("--config", str(table), "--narrator", "llm", "--send-key-to", url, "--transcripts", out)
    assert result.returncode == 0, result.stderr
    assert _asked_formats(state) == {None}  # the text profile asks for no response_format
    text, header, events = _transcript(tmp_path / "out")
    calls = [e for e in events if e["kind"] == "model_call"]
    narration = [c for c in calls if c["purpose"] == "narration"]
    assert narration and all(c["model"] == "test-model" and c["raw_output"] for c in narration)
    assert {c["model"] for c in calls} == {"test-model"} and header["narrator"].startswith("llm:openai")
    for written in (text, result.stdout, result.stderr):
        assert SECRET not in written


def test_a_key_in_the_table_file_is_sent_and_never_written(tmp_path: Path) -> None:
    with fake_openai_server(ServerState(key=SECRET)) as (url, state):
        table = tmp_path / "table.toml"
        table.write_text(
            f'[game]\nagents = "heuristic"\nlang = "en"\n[llm]\nbase_url = "{url}"\n'
            f'[seats]\n2 = {{ agent = "openai:test-model", api_key = "{SECRET}", profile = "llamacpp" }}\n',
            encoding="utf-8",
        )
        result = _play("--config", str(table), "--narrator", "off", "--log-prompts", "--transcripts", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert len(state.requests) > 1 and _asked_formats(state) - {None} == {"json_object"}
    text, header, events = _transcript(tmp_path)
    assert header["seats"][1]["model"] == "test-model"
    assert any(e["kind"] == "model_call" and e["seat"] == 1 for e in events)
    for written in (text, result.stdout, result.stderr):
        assert SECRET not in written


def test_the_api_key_file_flag_is_sent_and_never_written(tmp_path: Path) -> None:
    key = tmp_path / "openai.key"
    key.write_text(SECRET + "\n", encoding="utf-8")
    with fake_openai_server(ServerState(key=SECRET)) as (url, state):
        refused = _play(
            "--agents", "openai:test-model", "--base-url", url, "--narrator", "off",
            "--transcripts", str(tmp_path / "no"),
        )  # fmt: skip
        result = _play(
            "--agents", "openai:test-model", "--base-url", url, "--api-key-file", str(key),
            "--narrator", "off", "--transcripts", str(tmp_path / "out"),
        )  # fmt: skip
    assert refused.returncode == 2 and len(refused.stderr.strip().splitlines()) == 1  # the preflight's 401
    assert result.returncode == 0, result.stderr
    assert len(state.requests) > 2
    text, _, _ = _transcript(tmp_path / "out")
    for written in (text, result.stdout, result.stderr):
        assert SECRET not in written


def test_the_table_file_changes_profile_settings(tmp_path: Path) -> None:
    table = tmp_path / "table.toml"
    table.write_text(
        '[llm]\nprofile = "llamacpp"\nbase_url = "http://127.0.0.1:9/v1"\n'
        "profile_settings = { speech_chars = 48, thought_chars = 0 }\n",
        encoding="utf-8",
    )
    setup = setup_llm(config_file=table)
    agent = setup.session.agent(AgentSpec("openai", "m"), seat=0, seed=0, language="en", variant="one_night")
    profile = getattr(agent, "backend").profile  # noqa: B009
    assert (profile.name, profile.speech_chars, profile.thought_chars) == ("llamacpp", 48, 0)
    table.write_text("[llm]\nprofile_settings = { speech_verses = 3 }\n", encoding="utf-8")
    with pytest.raises(UsageError, match=r"unknown key\(s\) speech_verses"):
        setup_llm(config_file=table)


def test_the_table_file_sets_the_local_models_threads_and_refuses_a_bad_count(tmp_path: Path) -> None:
    table = tmp_path / "table.toml"
    table.write_text("[llm]\nthreads = 1\n", encoding="utf-8")
    setup = setup_llm(config_file=table)
    local = setup.session.agent(AgentSpec("local"), seat=0, seed=0, language="en", variant="one_night")
    assert getattr(local, "backend").n_threads == 1  # noqa: B009
    http = backend_config(AgentSpec("openai", "m"), setup.session.settings)
    assert http.threads == 0  # an HTTP seat has no threads of ours
    for bad in ("-1", '"two"', "true"):
        table.write_text(f"[llm]\nthreads = {bad}\n", encoding="utf-8")
        with pytest.raises(UsageError, match="threads must be a whole number"):
            setup_llm(config_file=table)
