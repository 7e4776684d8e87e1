"""Load llama.cpp models without the CPU code paths a virtual machine may advertise but refuse.

llama.cpp built for the local CPU (pip builds ``llama-cpp-python`` from source with native
flags) moves weights into "extra buffer types" at load time: repacked layouts and, where the
CPU reports Intel AMX, AMX tiles. Some virtual machines (Firecracker, for one) report AMX in
``/proc/cpuinfo`` and grant the kernel permission, yet the first AMX instruction kills the
process with SIGILL: a crash with no message, in the middle of a game. Where the CPU reports
AMX, models are therefore loaded without extra buffer types (plain CPU buffers: the same
results, at most somewhat slower on hardware where AMX does work).
``LLM_WEREWOLF_EXTRA_BUFFERS=1`` turns them back on, ``=0`` off everywhere.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ENV = "LLM_WEREWOLF_EXTRA_BUFFERS"


def cpu_reports_amx(cpuinfo: Path = Path("/proc/cpuinfo")) -> bool:
    """Whether the CPU flags (Linux) name an AMX extension."""
    try:
        text = cpuinfo.read_text(encoding="ascii", errors="replace")
    except OSError:
        return False
    for line in text.splitlines():
        if line.startswith("flags"):
            return any(flag.startswith("amx") for flag in line.split(":", 1)[-1].split())
    return False


def use_extra_buffers(environ: dict[str, str] | None = None, cpuinfo: Path = Path("/proc/cpuinfo")) -> bool:
    """The setting: the environment variable when set, else off exactly where the CPU reports AMX."""
    value = (environ if environ is not None else dict(os.environ)).get(ENV, "").strip().lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    return not cpu_reports_amx(cpuinfo)


@contextlib.contextmanager
def model_loading(llama_cpp_module: Any, extra_buffers: bool | None = None) -> Iterator[None]:
    """While active, llama.cpp's default model parameters carry ``use_extra_bufts=extra_buffers``.

    ``llama_cpp_module`` is ``llama_cpp.llama_cpp`` (the ctypes bindings ``Llama`` reads its
    defaults from); bindings without the field are left alone.
    """
    enabled = use_extra_buffers() if extra_buffers is None else extra_buffers
    original = getattr(llama_cpp_module, "llama_model_default_params", None)
    if enabled or original is None:
        yield
        return

    def defaults() -> Any:
        params = original()
        if hasattr(params, "use_extra_bufts"):
            params.use_extra_bufts = False
        return params

    llama_cpp_module.llama_model_default_params = defaults
    try:
        yield
    finally:
        llama_cpp_module.llama_model_default_params = original
