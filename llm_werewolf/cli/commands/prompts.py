"""``llm-werewolf prompts``: print a rendered example prompt for one ruleset × role × language."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from ...agents.heuristic import HeuristicAgent
from ...llm.errors import BackendConfigError
from ...llm.profiles import PROFILES, get_profile
from ...prompting.personas import pick_personas
from ...prompting.render import Prompt, SeatPrompter
from ...rules import Decision, Game, GameConfig, Ruleset, SeatView, ViewBuilder, get_ruleset
from ...rules.errors import RulesError
from ...texts import TextDataError, default_names
from ..common import UsageError, parse_options

GAMES_TO_TRY = 40


def deck_with_role(
    ruleset: Ruleset[Any, Any], role: str, players: int, switches: dict[str, Any] | None = None
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(cards with ``role`` first, extra cards) from the standard deck for these switches."""
    options = ruleset.parse_options(switches or {})
    deck = list(ruleset.standard_deck(players, options))
    if role not in deck:
        common = Counter(deck).most_common(1)[0][0]
        deck[len(deck) - 1 - deck[::-1].index(common)] = role
    deck.remove(role)
    extra_count = ruleset.extra_cards([role, *deck], options)
    extra = tuple(deck[len(deck) - extra_count :]) if extra_count else ()
    seats = (role, *deck[: len(deck) - extra_count])
    return seats, extra


def find_example(
    ruleset: Ruleset[Any, Any],
    role: str,
    language: str,
    players: int,
    kind: str | None,
    seed: int,
    switches: dict[str, Any] | None = None,
) -> tuple[SeatView, Decision]:
    """Play heuristic games until the seat holding ``role`` faces a decision of ``kind`` (or any).

    Each try moves the role to another seat and reshuffles the other cards.
    """
    seats, extra = deck_with_role(ruleset, role, players, switches)
    faced: set[str] = set()
    names = default_names(language, players)
    for attempt in range(GAMES_TO_TRY):
        mine = attempt % players
        rest = list(seats[1:])
        shift = (attempt // players) % max(1, len(rest))
        rest = rest[shift:] + rest[:shift]
        cards = tuple([*rest[:mine], seats[0], *rest[mine:]])
        config = GameConfig(
            variant=ruleset.id,
            names=names,
            seed=seed + attempt,
            language=language,
            roles=cards,
            extra=extra,
            options=switches or {},
        )
        game = Game(config)
        builders = [ViewBuilder(i) for i in range(players)]
        heuristic = HeuristicAgent(seed + attempt)
        published = 0
        while not game.over:
            for builder in builders:
                builder.extend(game.records[published:])
            published = len(game.records)
            for decision in game.pending:
                view = builders[decision.seat].view()
                if decision.seat == mine:
                    faced.add(decision.kind)
                    if kind is None or decision.kind == kind:
                        return view, decision
                game.submit(decision.id, heuristic.choose(view, decision))
    seen = ", ".join(sorted(faced)) or "none"
    raise UsageError(f"a {role} never faced a {kind!r} decision in {GAMES_TO_TRY} games (it faced: {seen})")


def render_example(
    variant: str,
    role: str,
    language: str,
    *,
    kind: str | None = None,
    profile: str = "openai",
    players: int | None = None,
    seed: int = 0,
    packs: tuple[str, ...] = (),
    persona: bool = True,
    switches: dict[str, Any] | None = None,
) -> tuple[Prompt, Decision]:
    ruleset = get_ruleset(variant)
    if role not in ruleset.roles:
        raise UsageError(f"{variant} has no role {role!r} (roles: {', '.join(ruleset.roles)})")
    if language not in ruleset.languages:
        raise UsageError(f"{variant} is available in {', '.join(ruleset.languages)}, not {language!r}")
    if kind is not None and kind not in ruleset.decision_kinds:
        raise UsageError(f"{variant} has no decision kind {kind!r} (kinds: {', '.join(ruleset.decision_kinds)})")
    try:
        chosen = get_profile(profile)
    except BackendConfigError as exc:
        raise UsageError(str(exc)) from None
    count = players or min(max(9, ruleset.min_players), ruleset.max_players)
    if not ruleset.min_players <= count <= ruleset.max_players:
        raise UsageError(f"{variant} is played by {ruleset.min_players}-{ruleset.max_players} players, not {count}")
    try:
        ruleset.parse_options(switches or {})
    except RulesError as exc:
        raise UsageError(str(exc)) from None
    view, decision = find_example(ruleset, role, language, count, kind, seed, switches)
    try:
        persona_for_seat = pick_personas(language, 1, seed)[0] if persona else None
    except TextDataError:
        persona_for_seat = None
    assert view.seat is not None
    prompter = SeatPrompter(
        language=language, variant=variant, seat=view.seat, profile=chosen, persona=persona_for_seat, packs=packs
    )
    return prompter.prompt(view, decision), decision


def prompts(
    variant: Annotated[str, typer.Option(help="Ruleset id (see `llm-werewolf variants`).")],
    role: Annotated[str, typer.Option(help="Role id of the seat whose prompt is shown.")],
    lang: Annotated[str | None, typer.Option(help="Language (default: the ruleset's source language).")] = None,
    kind: Annotated[str | None, typer.Option(help="Decision kind (default: the seat's first decision).")] = None,
    profile: Annotated[
        str, typer.Option(help=f"Capability profile: {', '.join(PROFILES)} (local = the base-model transcript).")
    ] = "openai",
    players: Annotated[int | None, typer.Option(min=1, help="Number of seats.")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the example game.")] = 0,
    pack: Annotated[list[Path] | None, typer.Option(help="A prompt pack folder searched before prompts/.")] = None,
    no_persona: Annotated[bool, typer.Option("--no-persona", help="Leave the persona out.")] = False,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Rule switch NAME=VALUE (the rules text follows it).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print system, user, cue and schema as JSON.")] = False,
) -> None:
    """Print a rendered example prompt (from a heuristic game's real view) for inspection."""
    language = lang or get_ruleset(variant).source_language
    packs = tuple(str(p) for p in pack or ())
    prompt, decision = render_example(
        variant, role, language, kind=kind, profile=profile, players=players, seed=seed, packs=packs,
        persona=not no_persona, switches=parse_options(option),
    )  # fmt: skip
    if as_json:
        body = {
            "decision": {"kind": decision.kind, "options": list(decision.option_ids)},
            "system": prompt.system,
            "user": prompt.user,
            "cue": prompt.cue,
            "mode": prompt.mode,
            "labels": list(prompt.labels),
            "schema": prompt.schema,
        }
        typer.echo(json.dumps(body, ensure_ascii=False, indent=2))
        return
    console = Console()
    console.rule(f"[bold]system[/] · {variant} · {role} · {language} · {decision.kind}", style="cyan")
    console.print(prompt.system, markup=False, highlight=False)
    console.rule("[bold]user[/]", style="cyan")
    console.print(prompt.user, markup=False, highlight=False)
    if prompt.cue:
        console.rule("[bold]cue[/] (the model continues from here)", style="cyan")
        console.print(prompt.cue, markup=False, highlight=False)
    if prompt.schema is not None:
        console.rule("[bold]answer schema[/]", style="cyan")
        console.print(json.dumps(prompt.schema, ensure_ascii=False), markup=False, highlight=False)


def register(app: typer.Typer) -> None:
    app.command("prompts")(prompts)
