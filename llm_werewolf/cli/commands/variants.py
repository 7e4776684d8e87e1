"""``llm-werewolf variants``: the rulesets, their roles, languages and switches."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table as RichTable

from ...rules import Ruleset, all_rulesets
from ...rules.versions import current_version
from ...texts import role_name


def describe_ruleset(ruleset: Ruleset[Any, Any]) -> dict[str, Any]:
    options = ruleset.options_model.model_json_schema().get("properties", {})
    return {
        "id": ruleset.id,
        "rules_version": current_version(ruleset),
        "versions": [
            {
                "version": entry.version,
                "summary": entry.summary,
                "defaults": {c.switch: {"before": c.before, "after": c.after} for c in entry.defaults},
                "unswitched": list(entry.unswitched),
            }
            for entry in ruleset.history
        ],
        "source_language": ruleset.source_language,
        "languages": list(ruleset.languages),
        "players": [ruleset.min_players, ruleset.max_players],
        "sides": list(ruleset.sides),
        "roles": {
            role: {
                "side": info.side,
                "power": info.power,
                "name": role_name(ruleset.source_language, ruleset.id, role),
            }
            for role, info in ruleset.roles.items()
        },
        "options": {
            name: {"default": spec.get("default"), "description": spec.get("description", "")}
            for name, spec in options.items()
        },
        "presets": {
            name: {"description": preset.description, "options": dict(preset.options)}
            for name, preset in ruleset.presets.items()
        },
        "decision_kinds": dict(ruleset.decision_kinds),
        "death_causes": dict(ruleset.death_causes),
        "outcome_reasons": sorted(ruleset.reason_ids()),
        "announcement_keys": dict(ruleset.announcement_keys),
        "statuses": dict(ruleset.statuses),
        "ballots": {ballot: list(results) for ballot, results in ruleset.ballots.items()},
        "posthumous_kinds": sorted(ruleset.posthumous_kinds),
    }


def variants(
    as_json: Annotated[bool, typer.Option("--json", help="Print a machine-readable description.")] = False,
) -> None:
    """List the rulesets with their roles, languages and options."""
    described = [describe_ruleset(r) for r in all_rulesets()]
    if as_json:
        typer.echo(json.dumps(described, ensure_ascii=False, indent=2))
        return
    console = Console()
    for item in described:
        table = RichTable(
            title=f"{item['id']}  (rules version {item['rules_version']}; "
            f"{item['players'][0]}-{item['players'][1]} players; "
            f"languages: {', '.join(item['languages'])})",
            title_justify="left",
        )
        table.add_column("role")
        table.add_column("name")
        table.add_column("side")
        for role, info in item["roles"].items():
            table.add_row(role, info["name"], info["side"])
        console.print(table)
        if item["options"]:
            opts = ", ".join(f"{k}={v['default']!r}" for k, v in item["options"].items())
            console.print(f"  [dim]options:[/] {opts}\n", highlight=False)
        for name, preset in item["presets"].items():
            switches = ", ".join(f"{k}={v!r}" for k, v in preset["options"].items())
            console.print(f"  [dim]--preset {name}:[/] {switches}\n", highlight=False)
        for entry in item["versions"]:
            changed = ", ".join(f"{k}: {v['before']!r} -> {v['after']!r}" for k, v in entry["defaults"].items())
            line = f"{entry['summary']}" + (f" (defaults: {changed})" if changed else "")
            console.print(f"  [dim]version {entry['version']}:[/] {escape(line)}\n", highlight=False)


def register(app: typer.Typer) -> None:
    app.command("variants")(variants)
