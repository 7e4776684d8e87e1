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
  time or memory, so a user pack is *vetted* first (:func:`~llm_werewolf.agents.pack_vetting.vet_pack`): a static
  policy over the template syntax tree refuses such constructs, and a trial
  render of the pack in a child process with CPU, memory and wall-clock limits
  refuses what slips through. Each payload must be refused, fast.
* **literal corpus** (``literal``): player names and persona text made of template
  syntax render as written (``{{ 7*191 }}`` shows ``{{ 7*191 }}``, never ``1337``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml
from jinja2 import TemplateError

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.prompting.render import SeatPrompter
from llm_werewolf.rules import Game, GameConfig, get_ruleset

from .games import names_for, players_for

DATA = Path(__file__).parent / "data"
"""The battery's corpora (YAML)."""

INTERNALS = ("<class", "<function", "<built-in", "<module", "<bound", "__", " at 0x", "<jinja2", "TemplateReference")
"""Signs of Python internals in rendered text."""


@cache
def ssti_corpus() -> dict[str, list[str]]:
    text = DATA.joinpath("ssti.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    return {str(k): [str(v) for v in values] for k, values in data.items()}


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
    from llm_werewolf.prompting.render import PromptError

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
