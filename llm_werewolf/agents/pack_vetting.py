"""Pack vetting: whether a user prompt pack may be used, checked before a game starts.

Two gates: the static policy of :mod:`llm_werewolf.prompting.pack_policy` on every template of
the pack, then a trial render of the pack's prompts for the first decisions of a heuristic game,
in a child process with CPU, memory and wall-clock limits (Jinja's sandbox bounds neither).
``llm-werewolf play --pack DIR`` refuses a pack whose :class:`Verdict` is not ``ok``.
"""

from __future__ import annotations

import multiprocessing
import resource
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..llm.profiles import get_profile
from ..prompting.pack_policy import pack_sources, vet_source
from ..prompting.render import SeatPrompter
from ..rules import Game, GameConfig, ViewBuilder, get_ruleset
from ..texts import default_names
from .heuristic import HeuristicAgent

TRIAL_PLAYERS = 8
"""Players of the trial game (within the ruleset's bounds)."""


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


def _trial_players(variant: str) -> int:
    ruleset = get_ruleset(variant)
    return min(max(TRIAL_PLAYERS, ruleset.min_players), ruleset.max_players)


def trial_render(pack: Path, language: str, variant: str, decisions: int = 12) -> None:
    """Render the pack's prompts for the first ``decisions`` decisions of a heuristic game (raises on error)."""
    ruleset = get_ruleset(variant)
    if language not in ruleset.languages:
        language = ruleset.source_language
    players = _trial_players(variant)
    game = Game(GameConfig(variant=variant, names=default_names(language, players), seed=0, language=language))
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
