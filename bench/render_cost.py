"""What the render limits cost: one seat's prompt with and without them (docs/reliability.md, item 10).

    .venv/bin/python bench/render_cost.py

Renders the prompt of a Seer at a 9-seat chinese_werewolf table (zh-Hant, openai profile, a fresh
``SeatPrompter`` each time, so the history module is built too) 40 times, best of 5, first with
the plain immutable sandbox, then with :class:`~llm_werewolf.prompting.limits.LimitedSandbox`.
"""

from __future__ import annotations

import time

from jinja2.sandbox import ImmutableSandboxedEnvironment

import llm_werewolf.prompting.environment as environment_module
from llm_werewolf.cli.commands.prompts import find_example
from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.prompting.limits import LimitedSandbox
from llm_werewolf.prompting.render import SeatPrompter
from llm_werewolf.rules import get_ruleset


class PlainSandbox(ImmutableSandboxedEnvironment):
    def guard_filters(self) -> None:
        return None


def best_ms(repeats: int = 5, prompts: int = 40) -> float:
    view, decision = find_example(get_ruleset("chinese_werewolf"), "seer", "zh-Hant", 9, None, 0)
    assert view.seat is not None
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        for _ in range(prompts):
            prompter = SeatPrompter(
                language="zh-Hant", variant="chinese_werewolf", seat=view.seat, profile=get_profile("openai")
            )
            prompter.prompt(view, decision)
        best = min(best, (time.perf_counter() - started) / prompts)
    return best * 1000


def main() -> None:
    for name, sandbox in (("plain sandbox", PlainSandbox), ("render limits", LimitedSandbox)):
        setattr(environment_module, "LimitedSandbox", sandbox)  # noqa: B010 - swapped for the measurement
        environment_module.environment.cache_clear()
        environment_module._from_string.cache_clear()
        print(f"{name}: {best_ms():.2f} ms per prompt")
    setattr(environment_module, "LimitedSandbox", LimitedSandbox)  # noqa: B010


if __name__ == "__main__":
    main()
