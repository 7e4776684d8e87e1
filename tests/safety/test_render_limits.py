"""Every render of every template runs under hard limits (not only the pack trial)."""

from __future__ import annotations

import time
import tracemalloc
from pathlib import Path

import pytest
from jinja2 import TemplateError

from llm_werewolf.prompting.environment import get_template, string_template
from llm_werewolf.prompting.limits import LIMITS, RenderLimitExceeded

PAYLOADS = {
    "nested_loops": "{% for a in range(1000) %}{% for b in range(1000) %}{% for c in range(1000) %}"
    "{% endfor %}{% endfor %}{% endfor %}",
    "doubling": "{% set ns = namespace(s='x') %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}"
    "{{ ns.s }}",
    "repeat": "{{ 'x' * 1000000000 }}",
    "power": "{{ 7 ** 100000000 }}",
    "center": "{{ 'x'|center(1000000000) }}",
    "ljust": "{{ 'x'.ljust(1000000000) }}",
    "percent_width": "{{ '%0999999999d' % 1 }}",
    "format_width": "{{ '{:>999999999}'.format(1) }}",
    "replace": "{% set s = 'x' * 100000 %}{{ s|replace('x', 'y' * 100000) }}",
    "join": "{% set l = ['y' * 100000] * 100000 %}{{ l|join }}",
    "macro_output": "{% macro m() %}{% for i in range(50000) %}{{ 'y' * 100000 }}{% endfor %}{% endmacro %}{{ m() }}",
    "literal_output": "{% for i in range(49000) %}" + "z" * 100 + "{% endfor %}",
    "recursion": "{% macro m(n) %}{{ m(n) }}{% endmacro %}{{ m(1) }}",
}


@pytest.mark.parametrize("name", sorted(PAYLOADS))
def test_a_hostile_template_stops_fast_and_small(tmp_path: Path, name: str) -> None:
    # A late template of a user pack (the vote): it renders through the same environment as every prompt.
    folder = tmp_path / "pack" / "en" / "common"
    folder.mkdir(parents=True)
    (folder / "vote.j2").write_text(PAYLOADS[name], encoding="utf-8")
    tracemalloc.start()
    started = time.thread_time()
    with pytest.raises(TemplateError):
        get_template((tmp_path / "pack",), "en/common/vote.j2").render(names=["A", "B"])
    seconds = time.thread_time() - started  # CPU time: the limit's own clock
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert seconds < LIMITS.seconds + 1.5
    assert peak < 64 * 2**20, f"{name}: {peak / 2**20:.0f} MiB"


def test_the_time_limit_holds_for_work_within_the_step_budget() -> None:
    # 40,000 steps of slow-ish work each: under the step budget, so only the clock can stop it.
    # (the values are built once: the work is scanning, so the total-built limit does not stop it first)
    source = "{% set s = 'ab' * 200000 %}{% for i in range(40000) %}{{ s.count('ab') }}{% endfor %}"
    started = time.thread_time()
    with pytest.raises(RenderLimitExceeded, match="CPU time"):
        string_template((Path("/nonexistent"),), source).render()
    assert time.thread_time() - started < LIMITS.seconds + 1.0


def test_ordinary_templates_render_as_before() -> None:
    source = "{% for x in names %}{{ loop.index }}. {{ x ~ '!' }}{{ ', ' if not loop.last }}{% endfor %}"
    text = string_template((Path("/nonexistent"),), source).render(names=["A", "B", "C"])
    assert text == "1. A!, 2. B!, 3. C!"
    assert (
        string_template((Path("/nonexistent"),), "{{ items|join('/') }} {{ '%05d' % 7 }}").render(items=["a", "b"])
        == "a/b 00007"
    )
