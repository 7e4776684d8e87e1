"""How many llama.cpp threads the local backend uses: the cores actually free, unless told.

On a CPU shared with other work, more llama.cpp threads than free cores make the model slower, not
faster: its threads wait for each other at every layer (on a 2-core machine under load, 2 threads
spent 3× the CPU per prompt token and 17× per decoded token of 1 thread). So the default counts the
cores this process may run on (``os.sched_getaffinity``) less the load average over the last
minute, to the nearest whole, at least 1 and at most :data:`MOST`. ``[llm] threads = N`` in the table
config, or ``LLM_WEREWOLF_THREADS=N`` in the environment, sets the count instead (the config wins).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

ENV = "LLM_WEREWOLF_THREADS"
MOST = 8
"""Most threads chosen from free cores (more rarely help a small model)."""


def usable_cores() -> int:
    """Cores this process may run on (its affinity where the platform tells, else every core)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def load_average() -> float:
    """Runnable processes over the last minute (0 where the platform does not tell)."""
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):
        return 0.0


def free_threads(cores: int, load: float) -> int:
    """Cores minus load, to the nearest whole, between 1 and :data:`MOST`."""
    return max(1, min(MOST, int(cores - load + 0.5)))


def choose_threads(
    configured: int | None = None,
    *,
    environ: Mapping[str, str] | None = None,
    cores: int | None = None,
    load: float | None = None,
) -> int:
    """``configured`` when above 0, else :data:`ENV` when it is a whole number above 0, else the free cores."""
    if configured is not None and configured > 0:
        return configured
    value = (os.environ if environ is None else environ).get(ENV, "").strip()
    if value.isdigit() and int(value) > 0:
        return int(value)
    return free_threads(usable_cores() if cores is None else cores, load_average() if load is None else load)
