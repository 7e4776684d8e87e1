"""Neutral killers: Serial Killer, Werewolf (ToS), Butcher, Mask artist, Thief (house designs)."""

from __future__ import annotations

from collections.abc import Sequence

from .. import priority
from ..asking import Ask, AskCtx, one_target, seat_options, with_skip
from ..model import Faction, Level, RoleSpec, Stage, WinRule
from ..tactics import kill_anyone
from ..work import Action, Attack, NightWork
from .common import act_kill

K = Faction.NEUTRAL_KILLER
W = WinRule.KILLER


def ask_werewolf(ctx: AskCtx, seat: int) -> Sequence[Ask]:
    """Any living seat (himself = rampage at home) or skip (no attack at all)."""
    return (Ask("werewolf_maul", with_skip(seat_options(ctx.living()))),)


def act_maul(work: NightWork, action: Action) -> None:
    """Werewolf: attacks the target and everyone else who visits the target's house tonight."""
    wolf = action.source
    house = action.target
    if house != wolf:
        work.attack(wolf, house, Level.POWERFUL, "werewolf", "werewolf", pierce=True)
    for visitor in work.visitors(house):
        if visitor != wolf:
            work.attack(wolf, visitor, Level.POWERFUL, "werewolf", "werewolf", pierce=True, direct=False)


def act_butcher(work: NightWork, action: Action) -> None:
    """Butcher: a basic attack whose victim's role is not announced."""
    work.attack(action.source, action.target, Level.BASIC, "butcher", "butcher", hide=True)


def take_mask(work: NightWork, attack: Attack, victim: int) -> None:
    """Mask artist: from now on appears to investigations as the victim's role."""
    work.masks[attack.attacker] = work.role(victim)


KILLER_ROLES: tuple[RoleSpec, ...] = (
    RoleSpec(
        "serial_killer",
        K,
        W,
        priority.KILLERS,
        "leaders",
        step="serial_killer",
        stage=Stage.ATTACK,
        ask=one_target("serial_killer_kill"),
        tactics={"serial_killer_kill": kill_anyone},
        act=act_kill,
        attack=Level.BASIC,
        defense=Level.BASIC,
        rb_immune=True,
        kills_blockers=True,
        starts_kills=True,
        suspicious=True,
        raisable=True,
        controllable=True,
        power=True,
    ),
    RoleSpec(
        "werewolf",
        K,
        W,
        priority.WEREWOLF,
        "leaders",
        step="werewolf",
        stage=Stage.ATTACK,
        ask=ask_werewolf,
        tactics={"werewolf_maul": kill_anyone},
        act=act_maul,
        attack=Level.POWERFUL,
        defense=Level.BASIC,
        pierce=True,
        rb_immune=True,
        starts_kills=True,
        suspicious=True,
        unique=True,
        raisable=True,
        controllable=True,
        power=True,
    ),
    RoleSpec(
        "butcher",
        K,
        W,
        priority.KILLERS,
        "killers",
        step="butcher",
        stage=Stage.ATTACK,
        ask=one_target("butcher_kill"),
        tactics={"butcher_kill": kill_anyone},
        act=act_butcher,
        attack=Level.BASIC,
        defense=Level.BASIC,
        starts_kills=True,
        suspicious=True,
        raisable=True,
        controllable=True,
        power=True,
    ),
    RoleSpec(
        "mask_artist",
        K,
        W,
        priority.KILLERS,
        "faces",
        step="mask_artist",
        stage=Stage.ATTACK,
        ask=one_target("mask_artist_kill"),
        tactics={"mask_artist_kill": kill_anyone},
        act=act_kill,
        on_kill=take_mask,
        attack=Level.BASIC,
        defense=Level.BASIC,
        starts_kills=True,
        suspicious=True,
        raisable=True,
        controllable=True,
        power=True,
    ),
    RoleSpec(
        "thief",
        K,
        W,
        priority.THIEF,
        "secrets",
        step="thief",
        stage=Stage.ATTACK,
        ask=one_target("thief_kill"),
        tactics={"thief_kill": kill_anyone},
        act=act_kill,
        attack=Level.POWERFUL,
        defense=Level.BASIC,
        pierce=True,
        starts_kills=True,
        suspicious=True,
        unique=True,
        raisable=True,
        controllable=True,
        power=True,
    ),
)
