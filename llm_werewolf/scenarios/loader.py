"""Loading scenario files with errors that name the line and the field."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from ..rules import RulesError, get_ruleset
from ..rules.versions import check_version
from .model import Scenario


class ScenarioError(ValueError):
    """A scenario file is malformed; the message names the file, the line and the field."""


@dataclass(frozen=True)
class LoadedScenario:
    path: Path
    scenario: Scenario
    root: yaml.Node | None

    def line_of(self, path: Sequence[str | int]) -> int:
        return _line_of(self.root, path)

    def error(self, path: Sequence[str | int], message: str) -> ScenarioError:
        return ScenarioError(f"{self.path}:{self.line_of(path)}: {_dotted(path)}: {message}")


def _dotted(path: Sequence[str | int]) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(file)"


def _line_of(node: yaml.Node | None, path: Sequence[str | int]) -> int:
    """The 1-based line of the deepest node reachable along ``path``."""
    if node is None:
        return 1
    line = node.start_mark.line + 1
    for part in path:
        child: yaml.Node | None = None
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode) and key.value == str(part):
                    child = value
                    line = key.start_mark.line + 1
                    break
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value):
            child = node.value[part]
        if child is None:
            return line
        node = child
        line = node.start_mark.line + 1
    return line


def load_scenario(path: str | Path) -> LoadedScenario:
    """Parse and validate a scenario file (syntax, fields, roles, seat names, options)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(f"{path}: cannot read ({exc.strerror})") from None
    try:
        root = yaml.compose(text)
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 1
        raise ScenarioError(f"{path}:{line}: YAML syntax error: {getattr(exc, 'problem', exc)}") from None
    if not isinstance(data, dict):
        raise ScenarioError(f"{path}:1: a scenario must be a mapping")
    _yes_no(data)
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = [p for p in err["loc"] if isinstance(p, (str, int))]
        # pydantic adds union member names to the location; keep only real keys
        loc = _real_path(data, loc)
        raise ScenarioError(f"{path}:{_line_of(root, loc)}: {_dotted(loc)}: {err['msg']}") from None
    loaded = LoadedScenario(path=path, scenario=scenario, root=root)
    _check_semantics(loaded)
    return loaded


def _yes_no(data: dict[str, Any]) -> None:
    """YAML reads bare ``yes``/``no`` as booleans; in a script they are option ids."""
    script = data.get("script")
    if not isinstance(script, dict):
        return
    for per_kind in script.values():
        if not isinstance(per_kind, dict):
            continue
        for kind, answers in per_kind.items():
            if isinstance(answers, list):
                per_kind[kind] = [("yes" if a else "no") if isinstance(a, bool) else a for a in answers]


def _child(node: object, part: str | int) -> tuple[bool, object]:
    if isinstance(node, dict) and part in node:
        return True, node[part]
    if isinstance(node, list) and isinstance(part, int) and part < len(node):
        return True, node[part]
    return False, None


def _real_path(data: object, loc: Sequence[str | int]) -> list[str | int]:
    """The part of a pydantic error location that exists in the data (drops union member names)."""
    out: list[str | int] = []
    node = data
    for part in loc:
        found, child = _child(node, part)
        if found:
            node = child
            out.append(part)
        elif isinstance(part, str) and (part in ("str", "int", "float") or part[:1].isupper()):
            continue  # a union member's name, not a key of the file
        else:
            if isinstance(node, dict) and isinstance(part, str):
                out.append(part)  # a missing field: name it
            break
    return out


def _check_semantics(loaded: LoadedScenario) -> None:
    s = loaded.scenario
    try:
        ruleset = get_ruleset(s.variant)
    except RulesError as exc:
        raise loaded.error(["variant"], str(exc)) from None
    if s.rules_version is not None:
        try:
            check_version(ruleset, s.rules_version)
        except RulesError as exc:
            raise loaded.error(["rules_version"], str(exc)) from None
    for i, seat in enumerate(s.seats):
        if seat.role not in ruleset.roles:
            raise loaded.error(
                ["seats", i, "role"],
                f"unknown role {seat.role!r} (roles: {', '.join(sorted(ruleset.roles))})",
            )
    for i, card in enumerate(s.extra):
        if card not in ruleset.roles:
            raise loaded.error(["extra", i], f"unknown role {card!r}")
    names = [seat.name for seat in s.seats]
    seen: set[str] = set()
    for i, name in enumerate(names):
        if name in seen:
            raise loaded.error(["seats", i, "name"], f"duplicate seat name {name!r}")
        seen.add(name)
    try:
        ruleset.parse_options(s.options)
    except RulesError as exc:
        raise loaded.error(["options"], str(exc)) from None
    kinds = set(ruleset.decision_kinds)
    for seat_name, per_kind in s.script.items():
        if seat_name not in seen:
            raise loaded.error(["script", seat_name], f"no seat named {seat_name!r}")
        for kind in per_kind:
            if kinds and kind not in kinds:
                raise loaded.error(
                    ["script", seat_name, kind],
                    f"{s.variant} has no decision kind {kind!r} (kinds: {', '.join(sorted(kinds))})",
                )
    expect = s.expect
    reasons = ruleset.reason_ids()
    if expect.reason is not None and expect.reason not in reasons:
        raise loaded.error(
            ["expect", "reason"], f"unknown reason {expect.reason!r} (reasons: {', '.join(sorted(reasons))})"
        )
    for field_name in ("winners", "alive"):
        values = getattr(expect, field_name)
        for i, name in enumerate(values or []):
            if name not in seen:
                raise loaded.error(["expect", field_name, i], f"no seat named {name!r}")
    for i, death in enumerate(expect.deaths or []):
        if death.name not in seen:
            raise loaded.error(["expect", "deaths", i, "name"], f"no seat named {death.name!r}")
        causes = ruleset.death_causes
        if causes and death.cause not in causes:
            raise loaded.error(
                ["expect", "deaths", i, "cause"],
                f"unknown cause {death.cause!r} (causes: {', '.join(sorted(causes))})",
            )
    for name, role in (expect.final_roles or {}).items():
        if name not in seen:
            raise loaded.error(["expect", "final_roles", name], f"no seat named {name!r}")
        if role not in ruleset.roles:
            raise loaded.error(["expect", "final_roles", name], f"unknown role {role!r}")
    for i, side in enumerate(expect.sides or []):
        if side not in ruleset.sides:
            raise loaded.error(["expect", "sides", i], f"unknown side {side!r} (sides: {', '.join(ruleset.sides)})")
