"""Fuzzed size-hiding templates: each is refused or capped within a fixed memory and CPU-time bound.

A payload hides its size from a reader: a count computed by a cast or an expression, a
repeat applied twice, an expanding filter or string method, list arithmetic, nested loops.
The generator is seeded, so every run tries the same payloads.
"""

from __future__ import annotations

import random
import time
import tracemalloc
from pathlib import Path

import pytest
from jinja2 import TemplateError

from llm_werewolf.prompting.environment import string_template
from llm_werewolf.prompting.limits import LIMITS

ROOTS = (Path("/nonexistent"),)
MEMORY_BOUND = 64 * 2**20
CPU_BOUND = LIMITS.seconds + 1.5

HIDDEN_NUMBERS = (
    "'{n}'|int",
    "('{n}' ~ '')|int",
    "{n}|string|int",
    "[{n}]|first",
    "{{'k': {n}}}.k",
    "({n} // 1)",
    "('{n}'|float)|int",
    "[1, {n}]|max",
    "[{n}, 2]|sum - 2",
)
BASES = (
    "(('a\\n' * 200) * 15)",
    "(('a\\t' * 200) * 15)",
    "(('ab ' * 300) * 10)",
    "('x' * 3000)",
    "(['a\\n'] * 300)|join",
)
EXPANDERS = (
    "{{% set x = {base} | indent(w) %}}{{{{ x|length }}}}",
    "{{% set x = {base}.expandtabs(w) %}}{{{{ x|length }}}}",
    "{{{{ {base}|center(w)|length }}}}",
    "{{{{ ({base}).ljust(w * 1000)|length }}}}",
    "{{{{ ({base}).rjust(w * 1000)|length }}}}",
    "{{{{ ({base}).zfill(w * 1000)|length }}}}",
    "{{{{ ({base})|replace('a', 'a' * w)|length }}}}",
    "{{{{ ({base}).replace('a', 'a' * w)|length }}}}",
    "{{{{ ({base}) * w }}}}",
    "{{{{ ([{base}] * w)|length }}}}",
    "{{{{ ([{base}] * w)|join|length }}}}",
    "{{% set l = [{base}] * 300 %}}{{{{ (l + l + l)|string|length }}}}",
    "{{{{ ('{{:>' ~ w ~ '}}').format({base})|length }}}}",
    "{{{{ ('%' ~ w ~ 's') % {base} }}}}",
    "{{{{ {base}|wordwrap(1, true, 'x' * w)|length }}}}",
    "{{% for i in range(w) %}}{{% for j in range(w) %}}{{{{ {base} }}}}{{% endfor %}}{{% endfor %}}",
    "{{% set ns = namespace(l=[{base}]) %}}{{% for i in range(w) %}}{{% set ns.l = ns.l + ns.l %}}{{% endfor %}}"
    "{{{{ ns.l|length }}}}",
    "{{% set ns = namespace(s={base}) %}}{{% for i in range(w) %}}{{% set ns.s = ns.s ~ ns.s %}}{{% endfor %}}"
    "{{{{ ns.s|length }}}}",
    "{{{{ ({base}|list * w)|length }}}}",
    "{{{{ {base}|batch(w, 'y' * w)|list|length }}}}",
    "{{{{ ({base} * (w // 1000))|batch(1)|list|length }}}}",
    "{{{{ ({base} * (w // 1000))|slice(w)|list|length }}}}",
    "{{{{ ((range(99999)|list) * (w // 10000))|sort|length }}}}",
    "{{{{ ({base} * (w // 1000))|urlize|length }}}}",
    "{{{{ ({base} * (w // 1000))|list|unique|list|length }}}}",
    "{{{{ ({base} * (w // 1000)).split()|length }}}}",
)
NUMBERS = (999_999, 99_999, 50_000, 4_096)


def _payloads(count: int, seed: int = 36) -> list[str]:
    rng = random.Random(seed)
    chosen = []
    for _ in range(count):
        number = rng.choice(HIDDEN_NUMBERS).format(n=rng.choice(NUMBERS))
        body = rng.choice(EXPANDERS).format(base=rng.choice(BASES))
        chosen.append(f"{{% set w = {number} %}}{body}")
    # the reported payload, as written
    chosen.append("{% set w = '999999'|int %}{% set x = (('a\\n' * 200) * 15) | indent(w) %}{{ x }}")
    return chosen


@pytest.mark.parametrize("payload", _payloads(60))
def test_a_size_hiding_template_is_refused_or_capped(payload: str) -> None:
    tracemalloc.start()
    started = time.thread_time()
    try:
        text = string_template(ROOTS, payload).render()
    except TemplateError:
        text = ""
    seconds = time.thread_time() - started  # CPU time: the limit's own clock
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert len(text) <= LIMITS.output_chars
    assert peak < MEMORY_BOUND, f"{peak / 2**20:.0f} MiB"
    assert seconds < CPU_BOUND, f"{seconds:.1f} s of CPU"


def test_the_reported_indent_payload_is_refused_before_it_builds() -> None:
    payload = "{% set w = '999999'|int %}{% set x = (('a\\n' * 200) * 15) | indent(w) %}{{ x|length }}"
    tracemalloc.start()
    with pytest.raises(TemplateError, match="indent"):
        string_template(ROOTS, payload).render()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 16 * 2**20
