"""Win rates by model × role × side; margin and speed of win; key-role survival (KSR, WD-KSR)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..rules import get_ruleset
from ..rules.errors import UnknownVariant
from .facts import GameFacts
from .intervals import mean_interval
from .tally import Grouped


@dataclass
class WinRates:
    """Per seat: won or not (draws are losses). Role = the dealt card, as ``variant/role``; side = the side
    played at the end."""

    by_model_role_side: Grouped[tuple[str, str, str]] = field(default_factory=Grouped)
    by_model_side: Grouped[tuple[str, str]] = field(default_factory=Grouped)
    by_model_role: Grouped[tuple[str, str]] = field(default_factory=Grouped)
    by_model: Grouped[str] = field(default_factory=Grouped)
    by_side: Grouped[str] = field(default_factory=Grouped)
    by_role: Grouped[str] = field(default_factory=Grouped)

    def as_dict(self) -> dict[str, Any]:
        return {
            "by_model_role_side": self.by_model_role_side.as_dict(),
            "by_model_side": self.by_model_side.as_dict(),
            "by_model_role": self.by_model_role.as_dict(),
            "by_model": self.by_model.as_dict(),
            "by_side": self.by_side.as_dict(),
            "by_role": self.by_role.as_dict(),
        }


def win_rates(games: Sequence[GameFacts]) -> WinRates:
    out = WinRates()
    for game in games:
        for seat in range(game.players):
            model = game.models[seat]
            role = role_key(game.variant, game.start_roles[seat] if game.start_roles else "unknown")
            side = game.final_side(seat)
            won = game.won(seat)
            for share in (
                out.by_model_role_side[(model, role, side)],
                out.by_model_side[(model, side)],
                out.by_model_role[(model, role)],
                out.by_model[model],
                out.by_side[side],
                out.by_role[role],
            ):
                share.add(won)
    return out


def role_key(variant: str, role: str) -> str:
    """Roles are grouped per ruleset (a werewolf of one night is not one of chinese_werewolf)."""
    return f"{variant}/{role}"


def margin_and_speed(games: Sequence[GameFacts]) -> dict[str, Any]:
    """Margin = surviving members of the winning team / its size; speed = 1 / days played. Won games only.

    Grouped by winning side, and by model (every game a model's seat won counts once for that model).
    """
    margins: dict[str, list[float]] = {}
    speeds: dict[str, list[float]] = {}
    model_margins: dict[str, list[float]] = {}
    model_speeds: dict[str, list[float]] = {}
    for game in games:
        if not game.win_sides:
            continue
        speed = 1.0 / max(1, game.days)
        for side in game.win_sides:
            team = [s for s in range(game.players) if game.final_side(s) == side]
            if not team:
                continue
            margin = sum(game.alive_at_end(s) for s in team) / len(team)
            margins.setdefault(side, []).append(margin)
            speeds.setdefault(side, []).append(speed)
            for model in sorted({game.models[s] for s in team}):
                model_margins.setdefault(model, []).append(margin)
                model_speeds.setdefault(model, []).append(speed)

    def summary(values: dict[str, list[float]]) -> dict[str, dict[str, float | int | None]]:
        out: dict[str, dict[str, float | int | None]] = {}
        for key in sorted(values):
            out[key] = mean_interval(values[key])
        return out

    return {
        "margin_by_side": summary(margins),
        "speed_by_side": summary(speeds),
        "margin_by_model": summary(model_margins),
        "speed_by_model": summary(model_speeds),
    }


def power_roles(variant: str) -> frozenset[str]:
    try:
        ruleset = get_ruleset(variant)
    except UnknownVariant:
        return frozenset()
    return frozenset(r.id for r in ruleset.roles.values() if r.power)


@dataclass
class KeyRoleSurvival:
    """KSR: a power role (dealt card) alive at the end; WD-KSR: alive and on the winning team."""

    ksr_by_model: Grouped[str] = field(default_factory=Grouped)
    wd_ksr_by_model: Grouped[str] = field(default_factory=Grouped)
    ksr_by_role: Grouped[str] = field(default_factory=Grouped)
    wd_ksr_by_role: Grouped[str] = field(default_factory=Grouped)

    def as_dict(self) -> dict[str, Any]:
        return {
            "ksr_by_model": self.ksr_by_model.as_dict(),
            "wd_ksr_by_model": self.wd_ksr_by_model.as_dict(),
            "ksr_by_role": self.ksr_by_role.as_dict(),
            "wd_ksr_by_role": self.wd_ksr_by_role.as_dict(),
        }


def key_role_survival(games: Sequence[GameFacts]) -> KeyRoleSurvival:
    out = KeyRoleSurvival()
    for game in games:
        powers = power_roles(game.variant)
        for seat in range(game.players):
            role = game.start_roles[seat] if game.start_roles else ""
            if role not in powers:
                continue
            alive = game.alive_at_end(seat)
            wd = alive and game.won(seat)
            model = game.models[seat]
            out.ksr_by_model[model].add(alive)
            out.ksr_by_role[role_key(game.variant, role)].add(alive)
            out.wd_ksr_by_model[model].add(wd)
            out.wd_ksr_by_role[role_key(game.variant, role)].add(wd)
    return out
