"""Helpers shared by CLI commands."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ..rules import get_ruleset


class UsageError(Exception):
    """A bad argument: printed as one line, exit code 2."""


def parse_options(items: list[str] | None) -> dict[str, Any]:
    """``["tie_policy=none", "max_days=5"]`` -> ``{"tie_policy": "none", "max_days": 5}``."""
    out: dict[str, Any] = {}
    for item in items or []:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"bad --option {item!r}: write NAME=VALUE")
        try:
            value: Any = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        out[key.strip()] = value
    return out


PRESET_HELP = (
    "A named set of rule switches (a platform's house rules, e.g. chinese_werewolf's tencent); "
    "--option overrides single switches. `llm-werewolf variants` lists each ruleset's presets."
)


def preset_options(variant: str, preset: str | None, items: list[str] | None) -> dict[str, Any]:
    """The switches of ``--preset`` (if any) overridden by the ``--option`` items, checked against the ruleset."""
    from ..rules import RulesError

    ruleset = get_ruleset(variant)
    try:
        options = ruleset.options_with_preset(preset, parse_options(items))
        ruleset.parse_options(options)
    except RulesError as exc:
        raise UsageError(str(exc)) from None
    return options


DECK_HELP = (
    "Custom role list ROLE,ROLE,... (ROLE*N repeats a card), shuffled and dealt instead of the standard "
    "board. It holds every card of the game: the seats' cards plus the ones not dealt (one_night's 3 center "
    "cards; chinese_werewolf's 2 extra cards when it has a thief). Without --players, the deck sets the count."
)


def parse_deck(text: str | None) -> tuple[str, ...] | None:
    """``"werewolf*2,seer,villager"`` -> ``("werewolf", "werewolf", "seer", "villager")``; ``None`` stays ``None``."""
    if text is None:
        return None
    cards: list[str] = []
    for item in text.split(","):
        role, star, times = item.strip().lower().partition("*")
        role = role.strip()
        if not role:
            raise UsageError(f"bad --deck {text!r}: write ROLE,ROLE,... (an empty entry)")
        count = 1
        if star:
            try:
                count = int(times)
            except ValueError:
                count = 0
            if count < 1:
                raise UsageError(f"bad --deck entry {item.strip()!r}: write ROLE*N with N a whole number from 1")
        cards.extend([role] * count)
    return tuple(cards)


def deck_argument(roles: Sequence[str]) -> str:
    """The ``--deck`` text for ``roles`` (the inverse of :func:`parse_deck`): ``werewolf*2,seer,...``."""
    counts = Counter(roles)
    return ",".join(role if counts[role] == 1 else f"{role}*{counts[role]}" for role in counts)


def deck_players(
    variant: str, deck: tuple[str, ...] | None, players: int | None, options: Mapping[str, Any]
) -> int | None:
    """Check ``deck`` against ``variant`` (a :class:`~llm_werewolf.rules.errors.SetupError` when impossible) and
    return the number of seats: ``players`` when given, else as many as the deck deals (``None`` without a deck)."""
    if deck is None:
        return players
    ruleset = get_ruleset(variant)
    parsed = ruleset.parse_options(options)
    unknown = sorted({card for card in deck if card not in ruleset.roles})
    if unknown:
        raise UsageError(
            f"bad --deck: {variant} has no role {', '.join(map(repr, unknown))} "
            f"(roles: {', '.join(sorted(ruleset.roles))})"
        )
    count = players
    if count is None:
        extra = ruleset.extra_cards(deck, parsed)
        count = len(deck) - extra
        if not ruleset.min_players <= count <= ruleset.max_players:
            low, high = ruleset.min_players + extra, ruleset.max_players + extra
            raise UsageError(
                f"a --deck of {len(deck)} cards is too {'few' if count < ruleset.min_players else 'many'}: "
                f"{variant} is played by {ruleset.min_players}-{ruleset.max_players} players and leaves "
                f"{extra} card(s) undealt, so it needs {low}-{high} cards"
            )
    ruleset.check_deck(deck, count, parsed)
    return count
