"""Hard limits on every template render: time, output size, string size, loop iterations and calls.

The sandbox (:class:`LimitedSandbox`) bounds what a template may touch; these limits
bound how long it may run and how much it may build, for every template of every pack
on every render, not only during a trial:

* every ``{% for %}`` loop iterates through a guard (the parsed template is rewritten so
  the loop's iterable goes through :func:`limited_iter`), counted against the render's
  iteration budget, and each step checks the render's deadline;
* every call (functions, methods, macros), filter and intercepted operator (``*``,
  ``**``, ``+``, ``%``) checks the deadline and the call budget, and refuses up front
  an operation whose result would exceed the string limit (``"x" * 10**9``, a width
  of a billion in a format, ``replace`` or ``join`` blowing up);
* every filter and method that expands its input (``indent``, ``center``, ``ljust``,
  ``rjust``, ``zfill``, ``expandtabs``, ``wordwrap``, ``replace``, ``join``, ``format``) has
  its result's size computed from its arguments and refused *before* it runs, whatever
  the arguments were computed from (``'999999'|int`` is as large as ``999999``);
* lists, tuples and dicts are measured in characters, not items (``[big] * 1000`` is
  a thousand times ``big``), and hold at most ``items`` items; a filter that walks its input
  item by item (``batch``, ``sort``, ``urlize``...) takes at most ``items`` items or characters;
  everything a render builds is added up: a render may build at most ``built_chars``
  characters in all, so a loop of large values stops early;
* the ``~`` operator goes through :func:`limited_concat` (the same string limit);
* everything written by ``{{ ... }}`` is counted (``finalize``), and the top-level
  output is assembled by a bounded ``concat``.

A render over a limit stops with :class:`RenderLimitExceeded` (a Jinja
``SecurityError``, so callers report it like any other template error).
"""

from __future__ import annotations

import functools
import re
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from jinja2 import Environment, Template, nodes
from jinja2.exceptions import SecurityError
from jinja2.runtime import Macro
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.visitor import NodeTransformer

LOOP_GUARD = "__render_limited_iter"
CONCAT_GUARD = "__render_limited_concat"


@dataclass(frozen=True, slots=True)
class RenderLimits:
    """The limits of one render (a top-level ``render``, ``make_module`` or macro call from Python)."""

    seconds: float = 2.0
    """CPU seconds of the rendering thread (not wall time: a loaded machine must not fail honest renders)."""
    output_chars: int = 1_000_000
    """Characters of the rendered text (and four times that written by ``{{ }}`` at every level)."""
    string_chars: int = 1_000_000
    """Characters of any one string (or items of a list) a template builds."""
    iterations: int = 50_000
    """Loop steps, summed over every loop of the render."""
    calls: int = 100_000
    """Calls, filters and intercepted operators."""
    int_bits: int = 4_096
    """Bits of an integer an operator may produce."""
    depth: int = 64
    """Calls inside calls (a macro calling itself)."""
    built_chars: int = 20_000_000
    """Characters of every value the render's operators, filters and calls build, added up."""
    items: int = 100_000
    """Items of any one list, tuple or dict a template builds, and the longest input (items or
    characters) a filter that walks its input item by item (``batch``, ``sort``, ``urlize``...) takes."""


LIMITS = RenderLimits()


class RenderLimitExceeded(SecurityError):
    """A template went over a render limit."""


_WIDE_FORMAT = re.compile(r"\d{7,}|%[-+ #0]*\*|\{[^{}]*:[^{}]*\d{7,}")


class _Budget:
    __slots__ = ("built", "calls", "deadline", "depth", "iterations", "limits", "ticks", "written")

    def __init__(self, limits: RenderLimits) -> None:
        self.limits = limits
        self.deadline = time.thread_time() + limits.seconds
        self.iterations = limits.iterations
        self.calls = limits.calls
        self.depth = 0
        self.ticks = 0
        self.written = 0
        self.built = 0

    def clock(self) -> None:
        """Check the deadline (the clock is read every 16th time: each step between is bounded)."""
        self.ticks += 1
        if self.ticks & 15 == 0 and time.thread_time() > self.deadline:
            raise RenderLimitExceeded(f"the render took more than {self.limits.seconds:g} s of CPU time")

    def step(self) -> None:
        self.iterations -= 1
        if self.iterations < 0:
            raise RenderLimitExceeded(f"more than {self.limits.iterations} loop steps in one render")
        self.clock()

    def call(self) -> None:
        self.calls -= 1
        if self.calls < 0:
            raise RenderLimitExceeded(f"more than {self.limits.calls} calls in one render")
        self.clock()

    def size(self, size: int, what: str = "a string") -> None:
        if size > self.limits.string_chars:
            raise RenderLimitExceeded(f"{what} of {size} characters (the limit is {self.limits.string_chars})")

    def build(self, size: int) -> None:
        """Count a value the render built against the total it may build."""
        self.built += size
        if self.built > self.limits.built_chars:
            raise RenderLimitExceeded(f"a render building more than {self.limits.built_chars} characters in all")

    def write(self, size: int) -> None:
        self.written += size
        if self.written > 4 * self.limits.output_chars:
            raise RenderLimitExceeded(f"a render writing more than {4 * self.limits.output_chars} characters")


_ACTIVE: ContextVar[_Budget | None] = ContextVar("render_budget", default=None)


def _budget() -> _Budget:
    """The budget of the render under way (a fresh one for code running outside any render)."""
    return _ACTIVE.get() or _Budget(LIMITS)


@contextmanager
def render_budget(limits: RenderLimits | None = None) -> Iterator[None]:
    """Run a render under a budget (nested renders share the outer one)."""
    if _ACTIVE.get() is not None:
        yield
        return
    token = _ACTIVE.set(_Budget(limits or LIMITS))
    try:
        yield
    finally:
        _ACTIVE.reset(token)


def _sized(value: object, cap: int = LIMITS.built_chars) -> int:
    """Characters of a value: a string's length; a container's items, each measured the same way.

    A container counts at least one per item; nested containers are followed a few levels down;
    the count stops once it passes ``cap`` (the caller refuses it anyway).
    """
    return _weigh(value, cap, 4)


def _weigh(value: object, cap: int, depth: int) -> int:
    if isinstance(value, (str, bytes)):
        return len(value)
    if isinstance(value, dict):
        value = [*value.keys(), *value.values()]
    if not isinstance(value, (list, tuple)):
        return 0
    total = len(value)
    if depth == 0:
        return total
    for item in value:
        if isinstance(item, (str, bytes, list, tuple, dict)):
            total += _weigh(item, cap, depth - 1)
            if total > cap:
                break
    return total


def _check_result(budget: _Budget, value: object) -> object:
    size = _sized(value)
    budget.size(size, "a value")
    budget.build(size)
    if isinstance(value, (list, tuple, dict)):
        _items(budget, len(value))
    return value


def _items(budget: _Budget, count: int, what: str = "a list") -> None:
    if count > budget.limits.items:
        raise RenderLimitExceeded(f"{what} of {count} items (the limit is {budget.limits.items})")


WALKING_FILTERS = frozenset(
    {
        "list", "batch", "slice", "map", "select", "reject", "selectattr", "rejectattr", "unique", "groupby",
        "sort", "dictsort", "sum", "min", "max", "reverse", "urlize", "wordwrap", "striptags", "xmlattr",
        "pprint", "tojson", "title", "capitalize", "forceescape", "escape", "e", "urlencode", "wordcount",
    }
)  # fmt: skip
"""Filters that walk their input item by item (or character by character, in Python): their input is
capped before they run, so one call cannot outlast the render's clock or build a million small objects."""


def limited_iter(iterable: Iterable[Any]) -> Iterator[Any]:
    """A loop's iterable, counted against the render's iteration budget."""
    budget = _budget()
    budget.clock()
    for item in iterable:
        budget.step()
        yield item


def limited_concat(*parts: object) -> str:
    """The ``~`` operator under the string limit."""
    budget = _budget()
    for part in parts:
        budget.size(_sized(part), "a joined part")
    texts = [str(part) for part in parts]
    size = sum(len(text) for text in texts)
    budget.size(size, "a joined string")
    budget.build(size)
    return "".join(texts)


def _check_expansion(budget: _Budget, name: str, target: object, args: tuple[Any, ...]) -> None:
    """Refuse, before running it, an operation whose result would exceed the string limit."""
    limit = budget.limits.string_chars
    for arg in args:
        if isinstance(arg, int) and not isinstance(arg, bool) and arg > limit:
            raise RenderLimitExceeded(f"{name}: an argument of {arg} (the limit is {limit})")
    if name in ("replace",) and isinstance(target, str) and len(args) >= 2:
        old, new = str(args[0]), str(args[1])
        count = target.count(old) if old else len(target) + 1
        budget.size(len(target) + count * max(0, len(new) - len(old)), f"{name}'s result")
    if name in ("format", "format_map") and isinstance(target, str) and _WIDE_FORMAT.search(target):
        raise RenderLimitExceeded(f"{name}: a field width or precision over the limit")
    predicted = _predicted_size(name, target, args)
    if predicted:
        budget.size(predicted, f"{name}'s result")


def _count(value: object) -> int:
    """An argument that sets a width or count (Jinja accepts strings for some, e.g. ``indent``'s)."""
    if isinstance(value, bool):
        return 0
    if isinstance(value, int):
        return max(0, value)
    if isinstance(value, str):
        return len(value)
    return 0


def _predicted_size(name: str, target: object, args: tuple[Any, ...]) -> int:
    """The size of an expanding filter's or method's result, from its input and arguments (0: not one)."""
    if not isinstance(target, str):
        return 0
    length = len(target)
    first = _count(args[0]) if args else 0
    if name in ("indent", "do_indent"):
        width = _count(args[0]) if args else 4
        return length + (target.count("\n") + 1) * width
    if name in ("center", "ljust", "rjust", "zfill", "do_center"):
        return max(length, first) + sum(_count(a) for a in args[1:2])
    if name == "expandtabs":
        return length + target.count("\t") * (first if args else 8)
    if name in ("wordwrap", "do_wordwrap"):
        wrap = next((a for a in args[2:] if isinstance(a, str)), "\n")
        return length + length * len(wrap)
    if name in ("format", "do_format", "format_map"):
        return length + sum(_sized(a) for a in args)
    return 0


class LimitedSandbox(ImmutableSandboxedEnvironment):
    """The immutable sandbox with hard per-render limits (see the module's docstring)."""

    intercepted_binops = frozenset({"*", "**", "+", "%"})

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.globals[LOOP_GUARD] = limited_iter
        self.globals[CONCAT_GUARD] = limited_concat
        self.finalize = _count_written
        self.template_class = LimitedTemplate
        self.concat = bounded_concat(self)  # type: ignore[method-assign]

    def guard_filters(self) -> None:
        """Wrap every filter (call after adding custom ones)."""
        for name, function in list(self.filters.items()):
            if not getattr(function, "_render_limited", False):
                self.filters[name] = _limited_filter(name, function)

    # -- the parsed template: loops and ``~`` go through the guards --------------------------
    def _parse(self, source: str, name: str | None, filename: str | None) -> nodes.Template:
        tree = super()._parse(source, name, filename)
        guarded = _Guards(self).visit(tree)
        assert isinstance(guarded, nodes.Template)
        return guarded

    # -- every call, operator and output -----------------------------------------------------
    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        budget = _budget()
        budget.call()
        name = getattr(__obj, "__name__", "")
        target = getattr(__obj, "__self__", None)
        _check_expansion(budget, name, target, args + tuple(kwargs.values()))
        if name == "join" and isinstance(target, str) and args:
            items = [str(item) for item in args[0]]
            budget.size(sum(map(len, items)) + len(target) * max(0, len(items) - 1), "a joined string")
            args = (items, *args[1:])
        if name == "lipsum":
            budget.size(int(kwargs.get("n", args[0] if args else 5)) * 100 * 20, "lipsum's text")
        budget.depth += 1
        try:
            if budget.depth > budget.limits.depth:
                raise RenderLimitExceeded(f"calls nested more than {budget.limits.depth} deep")
            return _check_result(budget, super().call(__context, __obj, *args, **kwargs))
        except OverflowError as exc:  # the sandbox's own range limit, or an overflowing cast
            raise RenderLimitExceeded(str(exc)) from None
        finally:
            budget.depth -= 1

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        wrapper = super().wrap_str_format(value)
        if wrapper is not None and _WIDE_FORMAT.search(str(value.__self__)):
            raise RenderLimitExceeded(f"{value.__name__}: a field width or precision over the limit")
        return wrapper

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        budget = _budget()
        budget.call()
        limits = budget.limits
        if operator == "*":
            for seq, times in ((left, right), (right, left)):
                if isinstance(times, int) and _sized(seq):
                    budget.size(_sized(seq) * max(0, times), "a repeated value")
                    if isinstance(seq, (list, tuple)):
                        _items(budget, len(seq) * max(0, times), "a repeated list")
            if isinstance(left, int) and isinstance(right, int):
                _int_size(limits, left.bit_length() + right.bit_length())
        elif operator == "**" and isinstance(left, int) and isinstance(right, int) and abs(left) > 1:
            _int_size(limits, left.bit_length() * max(0, right))
        elif operator == "+" and _sized(left) and _sized(right):
            budget.size(_sized(left) + _sized(right), "a joined value")
            if isinstance(left, (list, tuple)) and isinstance(right, (list, tuple)):
                _items(budget, len(left) + len(right), "a joined list")
        elif operator == "%" and isinstance(left, str) and _WIDE_FORMAT.search(left):
            raise RenderLimitExceeded("%: a field width over the limit")
        return _check_result(budget, super().call_binop(context, operator, left, right))


def _int_size(limits: RenderLimits, bits: int) -> None:
    if bits > limits.int_bits:
        raise RenderLimitExceeded(f"an integer of about {bits} bits (the limit is {limits.int_bits})")


def _count_written(value: Any) -> Any:
    budget = _ACTIVE.get() or _Budget(LIMITS)
    budget.written += len(value) if type(value) is str else len(str(value))
    if budget.written > 4 * budget.limits.output_chars:
        budget.write(0)
    budget.clock()
    return value


def _limited_filter(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(function)
    def limited(*args: Any, **kwargs: Any) -> Any:
        budget = _budget()
        budget.call()
        # skip what Jinja passes first to some filters: a context, an eval context, the environment
        values = [a for a in args if not isinstance(a, Environment) and not hasattr(a, "environment")]
        target = values[0] if values else None
        if name in WALKING_FILTERS and isinstance(target, (str, list, tuple, dict)):
            _items(budget, len(target), f"{name}'s input")
        _check_expansion(budget, name, target, tuple(values[1:]) + tuple(kwargs.values()))
        if name == "join" and values:
            items = [str(item) for item in values[0]]
            separator = str(values[1]) if len(values) > 1 else str(kwargs.get("d", ""))
            budget.size(sum(map(len, items)) + len(separator) * max(0, len(items) - 1), "a joined string")
        return _check_result(budget, function(*args, **kwargs))

    limited._render_limited = True  # type: ignore[attr-defined]
    return limited


class _Guards(NodeTransformer):
    """Loops iterate through :func:`limited_iter`; ``~`` becomes :func:`limited_concat`."""

    def __init__(self, env: LimitedSandbox) -> None:
        self.env = env

    def _call(self, name: str, args: list[Any], lineno: int) -> nodes.Call:
        call = nodes.Call(nodes.Name(name, "load", lineno=lineno), args, [], None, None, lineno=lineno)
        call.set_environment(self.env)
        return call

    def visit_For(self, node: nodes.For) -> nodes.Node:
        self.generic_visit(node)
        node.iter = self._call(LOOP_GUARD, [node.iter], node.lineno)
        return node

    def visit_Concat(self, node: nodes.Concat) -> nodes.Node:
        self.generic_visit(node)
        return self._call(CONCAT_GUARD, list(node.nodes), node.lineno)


class LimitedTemplate(Template):
    """A template whose renders (and module macros called from Python) run under a budget."""

    def render(self, *args: Any, **kwargs: Any) -> str:
        with render_budget():
            return super().render(*args, **kwargs)

    def make_module(self, *args: Any, **kwargs: Any) -> Any:
        with render_budget():
            module = super().make_module(*args, **kwargs)
        for key, value in list(vars(module).items()):
            if isinstance(value, Macro):
                setattr(module, key, _budgeted_macro(value))
        return module


def _budgeted_macro(macro: Macro) -> Callable[..., Any]:
    @functools.wraps(macro)
    def run(*args: Any, **kwargs: Any) -> Any:
        with render_budget():
            return macro(*args, **kwargs)

    return run


def bounded_concat(environment: LimitedSandbox) -> Callable[[Iterable[str]], str]:
    """The environment's ``concat``: the top-level output under the output limit and the deadline."""

    def concat(chunks: Iterable[str]) -> str:
        budget = _budget()
        limit = budget.limits.output_chars
        parts: list[str] = []
        total = 0
        for chunk in chunks:
            total += len(chunk)
            if total > limit:
                raise RenderLimitExceeded(f"a rendering of more than {limit} characters")
            budget.clock()
            parts.append(chunk)
        return "".join(parts)

    return concat
