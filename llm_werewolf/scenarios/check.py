"""Playing a scenario with scripted agents and comparing what happened with ``expect``."""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..agents.scripted import ScriptedAgent, ScriptedAnswer, ScriptExhausted
from ..rules import Game, GameConfig, IllegalChoice, RulesError, ViewBuilder
from ..rules.events import Died, GameEnded, Record, StatusChanged
from ..rules.questions import question_of
from .defaults import DefaultsReport, defaults_report, pinned_options
from .loader import LoadedScenario, ScenarioError, load_scenario
from .model import AnswerSpec, Scenario

SEAT_FIELDS = frozenset({"seat", "target", "subject", "to", "seats", "targets", "winners"})
COUNT_FIELDS = frozenset({"counts"})
"""Fields holding ``(option, count)`` pairs; a seat name may stand for ``seat:<i>``."""


@dataclass
class ScenarioResult:
    path: Path
    name: str
    mismatches: list[str] = field(default_factory=list)
    error: str | None = None
    game: Game | None = None
    unused: dict[str, dict[str, int]] = field(default_factory=dict)
    pinned: int | None = None
    """The rules version whose defaults the scenario was played with (``check --pinned``)."""
    defaults: DefaultsReport | None = None
    """For a scenario that failed: the switches it left at their defaults and how those moved."""

    @property
    def passed(self) -> bool:
        return self.error is None and not self.mismatches


def phase_words(label: str) -> str:
    """``night:1`` -> ``night 1`` (the form used in scenario files)."""
    return label.replace(":", " ")


def _resolve(value: str | None, names: Sequence[str]) -> str | None:
    if value is not None and value in names:
        return f"seat:{names.index(value)}"
    return value


def _answers(items: list[str | AnswerSpec], names: Sequence[str]) -> list[ScriptedAnswer]:
    out: list[ScriptedAnswer] = []
    for item in items:
        if isinstance(item, AnswerSpec):
            out.append(ScriptedAnswer(_resolve(item.option, names), item.text, item.claim))
        else:
            out.append(ScriptedAnswer(option=_resolve(item, names), text=item, plain=True))
    return out


def build_agents(s: Scenario) -> list[ScriptedAgent]:
    names = [seat.name for seat in s.seats]
    agents = []
    for index, seat in enumerate(s.seats):
        script = {kind: _answers(items, names) for kind, items in s.script.get(seat.name, {}).items()}
        agents.append(ScriptedAgent(script, fallback=s.fallback, seed=s.seed * 7919 + index))
    return agents


def play_scenario(s: Scenario, *, pinned: bool = False) -> tuple[Game, list[ScriptedAgent]]:
    """Play ``s`` with its scripted agents; ``pinned``: with the switch defaults of its ``rules_version``."""
    names = tuple(seat.name for seat in s.seats)
    config = GameConfig(
        variant=s.variant,
        names=names,
        seed=s.seed,
        language=s.language,
        roles=tuple(seat.role for seat in s.seats),
        extra=tuple(s.extra),
        options=pinned_options(s) if pinned else s.options,
    )
    game = Game(config)
    agents = build_agents(s)
    builders = [ViewBuilder(i) for i in range(len(names))]
    for builder in builders:
        builder.extend(game.records)
    published = len(game.records)
    answered = 0
    while not game.over:
        pending = game.pending
        if not pending:
            raise ScenarioError("the game stopped with no decision pending")
        decision = pending[0]
        agent = agents[decision.seat]
        choice = agent.choose(builders[decision.seat].view(), decision)
        try:
            game.submit(decision.id, choice)
        except IllegalChoice as exc:
            who = names[decision.seat]
            raise ScenarioError(
                f"{who}'s answer {choice.option!r} to {decision.kind} ({phase_words(game.state.phase.label)}) "
                f"is illegal: {exc}"
            ) from None
        for builder in builders:
            builder.extend(game.records[published:])
        published = len(game.records)
        answered += 1
        if answered > s.max_decisions:
            raise ScenarioError(f"no outcome after {s.max_decisions} decisions")
    return game, agents


def run_scenario(loaded: LoadedScenario, *, pinned: bool = False) -> ScenarioResult:
    """Play and compare; ``pinned``: with the switch defaults of the scenario's ``rules_version``."""
    s = loaded.scenario
    result = ScenarioResult(path=loaded.path, name=s.name, pinned=s.rules_version if pinned else None)
    try:
        game, agents = play_scenario(s, pinned=pinned)
    except (ScenarioError, ScriptExhausted, RulesError) as exc:
        result.error = str(exc)
    else:
        result.game = game
        result.unused = {s.seats[i].name: agent.remaining() for i, agent in enumerate(agents) if agent.remaining()}
        result.mismatches = compare(s, game)
    if not result.passed:
        result.defaults = defaults_report(s)
    return result


def check_file(path: str | Path, *, pinned: bool = False) -> ScenarioResult:
    try:
        loaded = load_scenario(path)
    except ScenarioError as exc:
        return ScenarioResult(path=Path(path), name=Path(path).stem, error=str(exc))
    return run_scenario(loaded, pinned=pinned)


# -- expectations ------------------------------------------------------------------


def _set_line(label: str, expected: list[str], actual: list[str]) -> str | None:
    if sorted(expected) == sorted(actual):
        return None
    return f"{label}: expected {sorted(expected)}, got {sorted(actual)}"


def compare(s: Scenario, game: Game) -> list[str]:
    names = [seat.name for seat in s.seats]
    expect = s.expect
    outcome = game.outcome
    assert outcome is not None
    out: list[str] = []
    if expect.winners is not None:
        line = _set_line("winners", expect.winners, [names[i] for i in outcome.winners])
        if line:
            out.append(line)
    if expect.sides is not None:
        line = _set_line("sides", expect.sides, list(outcome.sides))
        if line:
            out.append(line)
    if expect.reason is not None and expect.reason != outcome.reason:
        out.append(f"reason: expected {expect.reason!r}, got {outcome.reason!r}")
    if expect.ends is not None:
        ended = _end_phase(game.records)
        if phase_words(ended) != expect.ends:
            out.append(f"ends: expected {expect.ends!r}, got {phase_words(ended)!r}")
    if expect.deaths is not None:
        expected_lines = [f"{d.name} @ {d.when}: {d.cause}" for d in expect.deaths]
        actual_lines = [
            f"{names[r.event.seat]} @ {phase_words(r.phase)}: {r.event.cause}"
            for r in game.records
            if isinstance(r.event, Died)
        ]
        if expected_lines != actual_lines:
            diff = difflib.unified_diff(expected_lines, actual_lines, "expected", "actual", lineterm="", n=99)
            out.append("deaths differ:\n  " + "\n  ".join(list(diff)[2:]))
    if expect.alive is not None:
        line = _set_line("alive", expect.alive, [names[i] for i in game.state.living()])
        if line:
            out.append(line)
    if expect.statuses is not None:
        holders = _status_holders(game.records)
        for status, want in expect.statuses.items():
            wanted = [] if want is None else ([want] if isinstance(want, str) else list(want))
            line = _set_line(f"status {status}", wanted, [names[i] for i in holders.get(status, [])])
            if line:
                out.append(line)
    if expect.final_roles is not None:
        for name, role in expect.final_roles.items():
            actual = game.state.seats[names.index(name)].role
            if actual != role:
                out.append(f"final role of {name}: expected {role!r}, got {actual!r}")
    for wanted_event in expect.events or []:
        if not any(_matches(r, wanted_event, names) for r in game.records):
            out.append(f"missing event: {wanted_event}")
    for unwanted in expect.no_events or []:
        hits = [r for r in game.records if _matches(r, unwanted, names)]
        if hits:
            out.append(f"unexpected event: {unwanted} (seq {hits[0].seq}, {phase_words(hits[0].phase)})")
    return out


def _end_phase(records: Sequence[Record]) -> str:
    for record in reversed(records):
        if isinstance(record.event, GameEnded):
            continue
        if record.phase != "end":
            return record.phase
    return "setup"


def _status_holders(records: Sequence[Record]) -> dict[str, list[int]]:
    latest: dict[tuple[str, int], str | None] = {}
    for record in records:
        event = record.event
        if isinstance(event, StatusChanged):
            latest[(event.status, event.seat)] = event.value
    holders: dict[str, list[int]] = {}
    for (status, seat), value in sorted(latest.items()):
        if value != "off":
            holders.setdefault(status, []).append(seat)
    return holders


def _freeze(value: Any) -> Any:
    """YAML lists become tuples, at every depth (events hold tuples of tuples)."""
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def _count_key(item: Any, names: Sequence[str]) -> Any:
    """``[Bilal, 2]`` in a tally's ``counts`` means the option ``seat:<Bilal>`` with 2 votes."""
    if isinstance(item, list) and item and isinstance(item[0], str) and item[0] in names:
        return [f"seat:{names.index(item[0])}", *item[1:]]
    return item


def _normalize(key: str, value: Any, names: Sequence[str]) -> Any:
    if key in SEAT_FIELDS:
        if isinstance(value, str) and value in names:
            return names.index(value)
        if isinstance(value, list):
            return tuple(names.index(v) if isinstance(v, str) and v in names else _freeze(v) for v in value)
    if key in COUNT_FIELDS and isinstance(value, list):
        value = [_count_key(item, names) for item in value]
    return _freeze(value)


def _same(key: str, actual: Any, raw: Any, names: Sequence[str]) -> bool:
    """Compare a field with its expected value; nested records (``deaths``) compare as lists of mappings."""
    if isinstance(raw, list) and isinstance(actual, tuple) and raw and isinstance(raw[0], dict):
        if len(raw) != len(actual):
            return False
        for item, wanted in zip(actual, raw, strict=True):
            for sub_key, sub_raw in wanted.items():
                if not hasattr(item, sub_key) or not _same(sub_key, getattr(item, sub_key), sub_raw, names):
                    return False
        return True
    expected = _normalize(key, raw, names)
    return bool(actual == expected)


def _matches(record: Record, wanted: dict[str, Any], names: Sequence[str]) -> bool:
    event: object = record.event
    if wanted.get("kind") == "asked":  # a question: its Asked record (schema 1) or its answer's
        event = question_of(event)
        if event is None:
            return False
        wanted = {key: raw for key, raw in wanted.items() if key != "kind"}
    for key, raw in wanted.items():
        if key == "phase":
            if phase_words(record.phase) != raw:
                return False
            continue
        if key == "scope":
            if record.vis.scope != raw:
                return False
            continue
        if key == "visible_to":
            seats = tuple(sorted(_normalize("seats", raw, names)))
            if record.vis.scope == "public" or record.vis.seats != seats:
                return False
            continue
        if not hasattr(event, key) or not _same(key, getattr(event, key), raw, names):
            return False
    return True
