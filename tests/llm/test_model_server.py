"""The model server's chat format (GGUF metadata -> template), and the preflight that catches a wrong one."""

from __future__ import annotations

import struct
from collections import deque
from pathlib import Path
from typing import Any

import pytest

from llm_werewolf.llm.chat_format_check import PROBE_MESSAGES, format_problem
from llm_werewolf.llm.errors import BackendConfigError, PreflightError
from llm_werewolf.llm.gguf_metadata import read_metadata
from llm_werewolf.llm.model_server import MODEL_TEMPLATE, model_template, server_args
from llm_werewolf.llm.openai_backend import OpenAIBackend
from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.llm.retry import RetrySettings

from .fake_server import Reply, ServerState, fake_openai_server

FAST = RetrySettings(attempts=2, initial=0.01, max_wait=0.02, jitter=0.0)


def _string(text: str) -> bytes:
    data = text.encode()
    return struct.pack("<Q", len(data)) + data


def _gguf(path: Path, entries: dict[str, Any]) -> Path:
    """A GGUF header with ``entries`` (str, int, bool, or a list of str) and a token array, no tensors."""
    body = b""
    items = {**entries, "tokenizer.ggml.tokens": ["<pad>", "<eos>", "<bos>"]}
    for key, value in items.items():
        body += _string(key)
        if isinstance(value, bool):
            body += struct.pack("<I", 7) + struct.pack("<?", value)
        elif isinstance(value, int):
            body += struct.pack("<I", 4) + struct.pack("<I", value)
        elif isinstance(value, str):
            body += struct.pack("<I", 8) + _string(value)
        else:
            body += struct.pack("<I", 9) + struct.pack("<I", 8) + struct.pack("<Q", len(value))
            body += b"".join(_string(v) for v in value)
    path.write_bytes(b"GGUF" + struct.pack("<I", 3) + struct.pack("<Q", 0) + struct.pack("<Q", len(items)) + body)
    return path


def test_the_metadata_is_read_and_arrays_are_skipped(tmp_path: Path) -> None:
    path = _gguf(tmp_path / "m.gguf", {"general.architecture": "gemma3", "tokenizer.ggml.eos_token_id": 1})
    assert read_metadata(path) == {"general.architecture": "gemma3", "tokenizer.ggml.eos_token_id": 1}


def test_a_file_that_is_not_gguf_is_one_clear_error(tmp_path: Path) -> None:
    (tmp_path / "x.gguf").write_bytes(b"nope")
    with pytest.raises(BackendConfigError, match="not a GGUF file"):
        read_metadata(tmp_path / "x.gguf")


def test_the_model_s_own_template_wins_then_its_family_then_nothing() -> None:
    own = model_template({"general.architecture": "gemma3", "tokenizer.chat_template": "{{ messages }}"})
    assert own is not None and own.text == "{{ messages }}" and own.source == "the model's own template"
    family = model_template({"general.architecture": "gemma3"})
    assert family is not None and family.source == "gemma3's turn format"
    assert model_template({"general.architecture": "some-new-arch"}) is None


def test_the_gemma_turn_format_keeps_the_system_text_in_the_first_user_turn() -> None:
    from llama_cpp.llama_chat_format import Jinja2ChatFormatter

    template = model_template({"general.architecture": "gemma3"})
    assert template is not None
    formatter = Jinja2ChatFormatter(template.text, eos_token="<eos>", bos_token="<bos>")
    prompt = formatter(messages=PROBE_MESSAGES).prompt  # type: ignore[arg-type]  # plain dicts, as sent
    assert prompt == (
        "<bos><start_of_turn>user\nYou answer with one word.\n\nSay yes.<end_of_turn>\n"
        "<start_of_turn>model\nyes<end_of_turn>\n<start_of_turn>user\nSay no.<end_of_turn>\n<start_of_turn>model\n"
    )


def test_the_server_is_told_the_model_s_format_unless_one_is_given(tmp_path: Path) -> None:
    path = _gguf(tmp_path / "g.gguf", {"general.architecture": "gemma3"})
    assert server_args(["--model", str(path)])[-2:] == ["--chat_format", MODEL_TEMPLATE]
    given = ["--model", str(path), "--chat_format", "chatml"]
    assert server_args(given) == given
    other = _gguf(tmp_path / "o.gguf", {"general.architecture": "some-new-arch"})
    assert server_args(["--model", str(other)]) == ["--model", str(other)]


@pytest.mark.parametrize(
    ("answer", "tokens", "found"),
    [
        ("no", 1, None),
        ("[INST] Say no. [/INST]", 9, "'[INST]'"),
        ("<<SYS>> no", 4, "'<<SYS>>'"),
        ("no<end_of_turn>", 2, "'<end_of_turn>'"),
        ("You answer with one word. Say yes. yes Say no. no", 14, "repeats the prompt"),
        ("You answer with one word. no", 7, None),  # a weak model echoing its system line, in its own format
        ("", 0, "before its first token"),
    ],
)
def test_a_wrong_chat_format_shows_in_the_answer(answer: str, tokens: int, found: str | None) -> None:
    problem = format_problem(answer, tokens, "stop")
    assert (problem is None) if found is None else (problem is not None and found in problem)


async def test_the_preflight_names_a_wrong_chat_format_in_one_line() -> None:
    state = ServerState(replies=deque([Reply(content="[INST] no [/INST]")]))
    with fake_openai_server(state) as (url, _):
        backend = OpenAIBackend("test-model", base_url=url, api_key="k", retry=FAST, profile=get_profile("text"))
        with pytest.raises(PreflightError) as caught:
            await backend.preflight()
    message = str(caught.value)
    assert "the server answers in the wrong chat format" in message and "llm-werewolf model-server" in message
    assert "\n" not in message


async def test_a_failed_start_up_check_shows_the_endpoint_s_whole_message() -> None:
    long = "1 validation error: " + "x" * 400 + " 'msg': \"Input should be 'text' or 'json_object'\""
    state = ServerState(replies=deque([Reply(status=422, message=long)]))
    with fake_openai_server(state) as (url, _):
        backend = OpenAIBackend("test-model", base_url=url, api_key="k", retry=FAST, profile=get_profile("text"))
        with pytest.raises(PreflightError) as caught:
            await backend.preflight()
    assert "Input should be 'text' or 'json_object'" in str(caught.value)
