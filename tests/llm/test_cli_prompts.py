"""``llm-werewolf prompts``: a rendered example, and one clear line with exit code 2 on bad arguments."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from llm_werewolf.cli.commands.prompts import render_example

CLI = [sys.executable, "-m", "llm_werewolf", "prompts"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=120)


def test_prints_a_rendered_prompt_for_a_role_and_kind() -> None:
    result = run("--variant", "chinese_werewolf", "--role", "seer", "--lang", "en", "--kind", "seer_check", "--json")
    assert result.returncode == 0, result.stderr
    body = json.loads(result.stdout)
    assert body["decision"]["kind"] == "seer_check"
    # The system part is the shared prefix (the same for every seat); the seat's card comes with its private part.
    assert "Your card" not in body["system"] and "Your card: Seer" in body["user"]
    assert "choose a player whose card you want to see" in body["user"]
    assert body["schema"]["properties"]["option"]["enum"] == body["labels"]


def test_the_rules_text_follows_the_switches_given() -> None:
    on = run("--variant", "chinese_werewolf", "--role", "seer", "--lang", "en", "--json")
    off = run("--variant", "chinese_werewolf", "--role", "seer", "--lang", "en", "-o", "sheriff=false", "--json")
    assert on.returncode == 0 and off.returncode == 0, on.stderr + off.stderr
    assert "sheriff election" in json.loads(on.stdout)["system"]
    assert "There is no sheriff in this game." in json.loads(off.stdout)["system"]
    bad = run("--variant", "chinese_werewolf", "--role", "seer", "-o", "sheriff=maybe")
    assert bad.returncode != 0 and "sheriff" in bad.stderr


def test_the_transcript_style_for_the_base_model() -> None:
    prompt, decision = render_example("chinese_werewolf", "villager", "zh-Hant", kind="speech", profile="local")
    assert decision.kind == "speech" and prompt.mode == "text"
    assert prompt.cue.endswith("「") and prompt.schema is None


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--variant", "chinese_werewolf", "--role", "wizard"), "has no role 'wizard'"),
        (("--variant", "chess", "--role", "seer"), "unknown variant 'chess'"),
        (("--variant", "chinese_werewolf", "--role", "seer", "--lang", "ru"), "not 'ru'"),
        (("--variant", "chinese_werewolf", "--role", "seer", "--kind", "fly"), "no decision kind 'fly'"),
        (("--variant", "chinese_werewolf", "--role", "seer", "--profile", "gpt9"), "unknown capability profile"),
        (("--variant", "chinese_werewolf", "--role", "villager", "--kind", "witch_poison"), "never faced"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(args: tuple[str, ...], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2, (result.stdout, result.stderr)
    error = result.stderr.strip().replace("\n", "")  # Rich wraps the one line at the terminal width
    assert error.startswith("error:") and error.count("error:") == 1
    assert message in error and "Traceback" not in error
