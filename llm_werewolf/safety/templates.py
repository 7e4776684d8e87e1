"""Battery item 6, templates: user prompt packs render in a sandbox; injection fails safely; data stays data.

Three parts:

* **escape corpus** (``data/ssti.yaml`` ``escape``): server-side template injection
  payloads (dunder walks to ``os``, ``config``/``self``/``request`` lookups,
  ``attr`` filters, includes of system files, mutation of the context) planted in
  a user pack (as ``rules.j2``, as a ``decisions.yaml`` instruction, as the
  history template) and rendered by :class:`~llm_werewolf.prompting.render.SeatPrompter`
  exactly as in a game. Each must be refused (a ``PromptError`` naming the
  sandbox's ``SecurityError``, an undefined name or a missing template) or render
  inert text, in bounded time, and no payload may create its canary file.
* **exhaustion corpus** (``exhaustion``): templates that would run for hours or
  allocate gigabytes (``9**9**9``, ``'a' * 10**10``, nested ``range(100000)``
  loops, runaway recursion, huge format widths). Jinja's sandbox does not bound
  time or memory, so a user pack is *vetted* first (:func:`vet_pack`): a static
  policy over the template syntax tree refuses such constructs, and a trial
  render of the pack in a child process with CPU, memory and wall-clock limits
  refuses what slips through. Each payload must be refused, fast.
* **literal corpus** (``literal``): player names and persona text made of template
  syntax render as written (``{{ 7*191 }}`` shows ``{{ 7*191 }}``, never ``1337``).
"""

from __future__ import annotations

import multiprocessing
import re
import resource
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

import yaml
from jinja2 import TemplateError, TemplateSyntaxError, nodes
from jinja2.sandbox import SandboxedEnvironment

from ..agents.heuristic import HeuristicAgent
from ..llm.profiles import get_profile
from ..prompting.packs import load_yaml
from ..prompting.render import SeatPrompter
from ..rules import Game, GameConfig, ViewBuilder, get_ruleset
from .games import names_for, players_for

MAX_CONSTANT = 100_000
"""Largest number a vetted template may write."""
MAX_RANGE = 1_000
"""Longest ``range()`` a vetted template may loop over."""
MAX_LOOP_DEPTH = 3
MAX_REPEAT = 200
"""Largest factor a string or list may be repeated by."""
_WIDE_FORMAT = re.compile(r"[%{:][^a-zA-Z%{}]*?\d{5,}")
MUTATORS = frozenset(
    {"append", "extend", "insert", "pop", "popitem", "remove", "clear", "update", "setdefault", "sort", "reverse"}
)
"""Methods that change a list or dict: the sandbox lets a template call them on its context."""
INTERNALS = ("<class", "<function", "<built-in", "<module", "<bound", "__", " at 0x", "<jinja2", "TemplateReference")
"""Signs of Python internals in rendered text."""


@cache
def ssti_corpus() -> dict[str, list[str]]:
    text = files("llm_werewolf.safety").joinpath("data").joinpath("ssti.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    return {str(k): [str(v) for v in values] for k, values in data.items()}


# -- the static policy -----------------------------------------------------------------------


def _int_value(node: nodes.Node) -> int | None:
    if isinstance(node, nodes.Const) and isinstance(node.value, int) and not isinstance(node.value, bool):
        return node.value
    if isinstance(node, nodes.Neg):
        inner = _int_value(node.node)
        return -inner if inner is not None else None
    return None


def _private_key(node: nodes.Node) -> bool:
    return isinstance(node, nodes.Const) and str(node.value).startswith("_")


def _is_sequence_literal(node: nodes.Node) -> bool:
    return isinstance(node, (nodes.List, nodes.Tuple)) or (
        isinstance(node, nodes.Const) and isinstance(node.value, str)
    )


def _loops_depth(node: nodes.Node, depth: int = 0) -> int:
    deepest = depth
    for child in node.iter_child_nodes():
        deepest = max(deepest, _loops_depth(child, depth + 1 if isinstance(child, nodes.For) else depth))
    return deepest


def _calls_in(macro: nodes.Macro) -> set[str]:
    return {call.node.name for call in macro.find_all(nodes.Call) if isinstance(call.node, nodes.Name)}


def _recursive_macros(tree: nodes.Template) -> list[str]:
    macros = {m.name: m for m in tree.find_all(nodes.Macro)}
    graph = {name: _calls_in(m) & set(macros) for name, m in macros.items()}
    cyclic: list[str] = []
    for start in graph:
        seen: set[str] = set()
        stack = list(graph[start])
        while stack:
            name = stack.pop()
            if name == start:
                cyclic.append(start)
                break
            if name not in seen:
                seen.add(name)
                stack.extend(graph.get(name, ()))
    return cyclic


def vet_source(source: str, where: str = "template") -> list[str]:
    """Why a user template may not run (empty: it passes the static policy)."""
    env = SandboxedEnvironment()
    try:
        tree = env.parse(source)
    except TemplateSyntaxError as exc:
        return [f"{where}: syntax error: {exc}"]
    problems: list[str] = []
    for node in tree.find_all(nodes.Node):
        if isinstance(node, nodes.Getattr) and node.attr.startswith("_"):
            problems.append(f"{where}: private attribute .{node.attr}")
        elif isinstance(node, nodes.Getitem) and _private_key(node.arg):
            problems.append(f"{where}: private item [{getattr(node.arg, 'value', '?')!r}]")
        elif isinstance(node, nodes.Filter) and node.name == "attr":
            problems.append(f"{where}: the attr filter (attribute access by name)")
        elif isinstance(node, nodes.Pow):
            problems.append(f"{where}: the ** operator")
        elif isinstance(node, nodes.Mul):
            left, right = _int_value(node.left), _int_value(node.right)
            factor = right if _is_sequence_literal(node.left) else left if _is_sequence_literal(node.right) else None
            repeated = _is_sequence_literal(node.left) or _is_sequence_literal(node.right)
            if repeated and (factor is None or factor > MAX_REPEAT):
                problems.append(f"{where}: a string or list repeated {factor if factor is not None else 'n'} times")
            elif not repeated and (left is None) == (right is None) and left is None:
                problems.append(f"{where}: a product of two computed values")
        elif isinstance(node, nodes.Const):
            value = node.value
            if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_CONSTANT:
                problems.append(f"{where}: the constant {value}")
            elif isinstance(value, str) and _WIDE_FORMAT.search(value):
                problems.append(f"{where}: a format width in {value[:40]!r}")
        elif isinstance(node, nodes.Call) and isinstance(node.node, nodes.Name) and node.node.name == "range":
            bounds = [_int_value(arg) for arg in node.args]
            if not node.args or any(b is None for b in bounds):
                problems.append(f"{where}: range() over a computed bound")
            else:
                span = range(*[b for b in bounds if b is not None])
                if len(span) > MAX_RANGE:
                    problems.append(f"{where}: range() of {len(span)} items")
        elif isinstance(node, (nodes.Include, nodes.Extends, nodes.Import, nodes.FromImport)):
            # The loader keeps computed names inside the pack roots; a literal escape attempt is refused here.
            target = getattr(node, "template", None)
            name = target.value if isinstance(target, nodes.Const) else ""
            if isinstance(name, str) and (name.startswith(("/", "\\")) or ".." in name):
                problems.append(f"{where}: an include or import of {name!r}")
        elif isinstance(node, nodes.Call) and isinstance(node.node, nodes.Getattr) and node.node.attr in MUTATORS:
            problems.append(f"{where}: a call to .{node.node.attr}() (templates may not change their data)")
    depth = _loops_depth(tree)
    if depth > MAX_LOOP_DEPTH:
        problems.append(f"{where}: loops nested {depth} deep (at most {MAX_LOOP_DEPTH})")
    for name in _recursive_macros(tree):
        problems.append(f"{where}: the macro {name}() calls itself")
    return problems


# -- packs --------------------------------------------------------------------------------------


def _yaml_templates(data: Any, where: str) -> Iterator[tuple[str, str]]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _yaml_templates(value, f"{where}.{key}")
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _yaml_templates(value, f"{where}[{index}]")
    elif isinstance(data, str) and ("{{" in data or "{%" in data):
        yield where, data


def pack_sources(pack: Path) -> Iterator[tuple[str, str]]:
    """Every template of a user pack: ``*.j2`` files and the Jinja strings of its YAML files."""
    for path in sorted(pack.rglob("*")):
        relative = str(path.relative_to(pack))
        if path.suffix == ".j2":
            yield relative, path.read_text(encoding="utf-8")
        elif path.suffix in (".yaml", ".yml"):
            yield from _yaml_templates(load_yaml(path), relative)


@dataclass
class Verdict:
    """Whether a user pack may be used, and why not."""

    pack: str
    problems: list[str] = field(default_factory=list)
    trial: str = "not run"
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.problems


def _pack_targets(pack: Path) -> list[tuple[str, str]]:
    """(language, variant) pairs a pack provides files for."""
    out = []
    for folder in sorted(p for p in pack.glob("*/*") if p.is_dir()):
        language, variant = folder.parent.name, folder.name
        if variant != "common":
            out.append((language, variant))
    common = [p.parent.name for p in pack.glob("*/common") if p.is_dir()]
    for language in common:
        if not any(lang == language for lang, _ in out):
            out.append((language, "one_night"))
    return out


def trial_render(pack: Path, language: str, variant: str, decisions: int = 12) -> None:
    """Render the pack's prompts for the first ``decisions`` decisions of a heuristic game (raises on error)."""
    ruleset = get_ruleset(variant)
    if language not in ruleset.languages:
        language = ruleset.source_language
    players = players_for(variant)
    game = Game(GameConfig(variant=variant, names=names_for(language, players), seed=0, language=language))
    prompters = [
        SeatPrompter(language=language, variant=variant, seat=i, profile=get_profile("openai"), packs=(str(pack),))
        for i in range(players)
    ]
    builders = [ViewBuilder(i) for i in range(players)]
    heuristic = HeuristicAgent(0)
    published = rendered = 0
    while not game.over and rendered < decisions:
        for builder in builders:
            builder.extend(game.records[published:])
        published = len(game.records)
        for decision in game.pending:
            view = builders[decision.seat].view()
            prompters[decision.seat].prompt(view, decision)
            rendered += 1
            game.submit(decision.id, heuristic.choose(view, decision))


def _address_space() -> int:
    """Bytes of address space this process already holds (0 where /proc is missing)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 0
    return pages * resource.getpagesize()


def _trial_child(pack: str, targets: list[tuple[str, str]], memory: int, cpu: int, queue: Any) -> None:
    try:
        limit = _address_space() + memory  # on top of what the forked process already maps
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
        for language, variant in targets:
            trial_render(Path(pack), language, variant)
        queue.put("ok")
    except MemoryError:
        queue.put("refused: the trial render ran out of memory")
    except BaseException as exc:
        queue.put(f"refused: the trial render failed: {type(exc).__name__}: {str(exc)[:300]}")


def sandboxed_trial(pack: Path, targets: list[tuple[str, str]], *, seconds: float = 20.0, memory_mb: int = 2048) -> str:
    """Run :func:`trial_render` in a child process with CPU, memory and wall-clock limits; ``"ok"`` or why not.

    ``memory_mb`` is what the render may allocate beyond what the (forked) process already holds.
    """
    context = multiprocessing.get_context("fork")
    queue: Any = context.Queue()
    cpu = max(1, int(seconds))
    child = context.Process(target=_trial_child, args=(str(pack), targets, memory_mb << 20, cpu, queue), daemon=True)
    child.start()
    child.join(seconds)
    if child.is_alive():
        child.kill()
        child.join(5)
        return f"refused: the trial render took more than {seconds:g} s"
    try:
        return str(queue.get(timeout=1.0))
    except Exception:
        return f"refused: the trial render died (exit code {child.exitcode})"


def vet_pack(pack: str | Path, *, trial: bool = True, seconds: float = 20.0) -> Verdict:
    """Vet a user prompt pack before use: the static policy on every template, then a bounded trial render."""
    started = time.perf_counter()
    root = Path(pack)
    verdict = Verdict(str(root))
    for where, source in pack_sources(root):
        verdict.problems.extend(vet_source(source, where))
    if trial and not verdict.problems:
        verdict.trial = sandboxed_trial(root, _pack_targets(root), seconds=seconds)
        if verdict.trial != "ok":
            verdict.problems.append(verdict.trial)
    verdict.seconds = time.perf_counter() - started
    return verdict


# -- planting payloads ------------------------------------------------------------------------------

PLACES = ("rules.j2", "instruction", "history.j2")


def plant(root: Path, payload: str, place: str, language: str, variant: str, kinds: list[str]) -> Path:
    """A user pack under ``root`` with ``payload`` as its rules, its instructions, or its history line."""
    folder = root / language / variant
    folder.mkdir(parents=True, exist_ok=True)
    if place == "rules.j2":
        (folder / "rules.j2").write_text(payload, encoding="utf-8")
    elif place == "instruction":
        lines = "\n".join(f"  {kind}: {yaml.safe_dump(payload, allow_unicode=True).strip()}" for kind in kinds)
        (folder / "decisions.yaml").write_text(f"kinds:\n{lines}\n", encoding="utf-8")
    else:
        common = root / language / "common"
        common.mkdir(parents=True, exist_ok=True)
        source = "{%- macro line(item) -%}" + payload + "{%- endmacro -%}"
        (common / "history.j2").write_text(source, encoding="utf-8")
    return root


@dataclass
class Attempt:
    """One payload rendered from a user pack."""

    payload: str
    place: str
    outcome: str
    """``refused`` (a clear template error), ``inert`` (rendered, no internals), ``leaked`` (internals in the
    text), ``mutated`` (it changed the prompt's shared data), ``crashed`` (another exception), ``executed``
    (its canary file exists)."""
    detail: str
    seconds: float


def try_payload(payload: str, place: str, workdir: Path, variant: str = "one_night", language: str = "en") -> Attempt:
    """Render ``payload`` planted at ``place`` of a fresh user pack, as a game would."""
    from ..prompting.render import PromptError

    canary = workdir / "canary-executed"
    source = payload.replace("{canary}", str(canary))
    kinds = sorted(get_ruleset(variant).decision_kinds)
    pack = plant(workdir / f"pack-{abs(hash((payload, place))) % 10**8}", source, place, language, variant, kinds)
    started = time.perf_counter()
    outcome, detail = "inert", ""
    try:
        texts = _render_twice(pack, language, variant)
    except (PromptError, TemplateError) as exc:
        outcome, detail = "refused", f"{type(exc).__name__}: {str(exc)[:300]}"
    except Exception as exc:
        outcome, detail = "crashed", f"{type(exc).__name__}: {str(exc)[:300]}"
    else:
        first, again, fresh = texts
        found = [sign for sign in INTERNALS if sign in first]
        if found:
            outcome, detail = "leaked", f"the prompt shows {found[0]!r}"
        elif again != fresh:
            outcome, detail = "mutated", "a second prompt differs from a fresh prompter's"
    seconds = time.perf_counter() - started
    if canary.exists():
        outcome, detail = "executed", f"the payload created {canary}"
    return Attempt(payload, place, outcome, detail, seconds)


def _render_twice(pack: Path, language: str, variant: str) -> tuple[str, str, str]:
    """The first prompt, the same seat's next prompt, and that next prompt from a fresh prompter."""
    players = players_for(variant)
    game = Game(GameConfig(variant=variant, names=names_for(language, players), seed=0, language=language))
    heuristic = HeuristicAgent(0)

    def prompter() -> SeatPrompter:
        profile = get_profile("openai")
        return SeatPrompter(language=language, variant=variant, seat=decision.seat, profile=profile, packs=(str(pack),))

    decision = game.pending[0]
    used = prompter()
    first = used.prompt(game.view(decision.seat), decision).text()
    game.submit(decision.id, heuristic.choose(game.view(decision.seat), decision))
    seat = decision.seat
    while not game.over and not any(d.seat == seat for d in game.pending):
        for pending in game.pending:
            game.submit(pending.id, heuristic.choose(game.view(pending.seat), pending))
    if game.over:
        return first, first, first
    decision = next(d for d in game.pending if d.seat == seat)
    view = game.view(seat)
    return first, used.prompt(view, decision).text(), prompter().prompt(view, decision).text()
