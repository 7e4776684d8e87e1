"""Town roles (ToS meanings; Butler, Guild member, Undertaker and Citizen are house designs)."""

from __future__ import annotations

from collections.abc import Sequence

from .. import priority
from ..asking import Ask, AskCtx, dead_target, one_target, others, plain_choice, seat_options, with_skip
from ..model import Faction, Level, Nights, RoleSpec, Stage, WinRule
from ..tactics import (
    aim_at_claimant,
    alert,
    block,
    check_lead,
    check_named,
    exhume_hidden,
    protect_claimant,
    shoot_suspect,
)
from ..work import Action, Attack, NightWork
from .common import act_exact_role, act_kill, act_roleblock

T = Faction.TOWN
G = WinRule.GROUP
P = priority.TOWN


def act_spy(work: NightWork, action: Action) -> None:
    """Spy: learns every seat a mafia member visited tonight."""
    seats = tuple(
        sorted(
            target
            for target, visitors in work.visits.items()
            if any(work.spec(v).faction is Faction.MAFIA for v in visitors)
        )
    )
    work.tell(action.actor, "mafia_visits", seats=seats)


def act_guild(work: NightWork, action: Action) -> None:
    """Guild member / Infiltrator (night 1): learn every guild seat (the Infiltrator passes for one)."""
    guild = tuple(s.index for s in work.state.seats if s.alive and s.role in ("guild_member", "infiltrator"))
    work.tell(action.actor, "guild", seats=guild)


def act_detective(work: NightWork, action: Action) -> None:
    """Detective: suspicious or innocent (framing and disguises count)."""
    work.tell(action.actor, "detective", action.target, work.detective_read(action.target))


def ask_doctor(ctx: AskCtx, seat: int) -> Sequence[Ask]:
    seats = list(others(ctx, seat))
    if seat not in ctx.data.self_healed:
        seats.append(seat)
    return (Ask("doctor_heal", with_skip(seat_options(sorted(seats)))),)


def act_heal(work: NightWork, action: Action) -> None:
    """Doctor: powerful defense tonight; self once per game."""
    work.heal(action.actor, action.target)
    if action.target == action.actor:
        work.self_healed.add(action.actor)


def act_bodyguard(work: NightWork, action: Action) -> None:
    """Bodyguard: takes the first direct attack on the target and strikes back at the attacker."""
    work.guard(action.target, "bodyguard", action.source)


def outlaw_guilt(work: NightWork, attack: Attack, victim: int) -> None:
    """Outlaw: killing a town player means dying of guilt the next night."""
    if work.spec(victim).faction is Faction.TOWN:
        work.guilty.add(attack.attacker)


def act_alert(work: NightWork, action: Action) -> None:
    """Veteran on alert: cannot be killed tonight and attacks every visitor."""
    work.protect(action.actor, Level.UNSTOPPABLE)
    work.alerted.add(action.actor)
    for visitor in work.visitors(action.actor):
        if visitor != action.actor:
            work.attack(action.actor, visitor, Level.POWERFUL, "veteran", "veteran", direct=False)


def act_undertaker(work: NightWork, action: Action) -> None:
    """Undertaker: a dead player's true role, even if cleaned or butchered."""
    work.tell(action.actor, "role", action.target, work.role(action.target))


def act_lookout(work: NightWork, action: Action) -> None:
    """Lookout: everyone who visited the target tonight."""
    seen = tuple(sorted({v for v in work.visitors(action.target) if v != action.source}))
    work.tell(action.actor, "visitors", action.target, seats=seen)


def act_investigate(work: NightWork, action: Action) -> None:
    """Investigator: the group of roles the target belongs to (as it appears tonight)."""
    work.tell(action.actor, "investigation", action.target, work.group_of(action.target))


TOWN_ROLES: tuple[RoleSpec, ...] = (
    RoleSpec("citizen", T, G, P, "crowd"),
    RoleSpec(
        "escort",
        T,
        G,
        P,
        "blockers",
        step="escort",
        stage=Stage.CONTROL,
        ask=one_target("escort_block"),
        tactics={"escort_block": block},
        act=act_roleblock,
        rb_immune=True,
        raisable=True,
        controllable=True,
        power=True,
    ),
    RoleSpec(
        "butler",
        T,
        G,
        P,
        "watchers",
        step="butler",
        stage=Stage.AFTER,
        ask=one_target("butler_check"),
        tactics={"butler_check": check_lead},
        act=act_exact_role,
        nights=Nights.FIRST,
        raisable=True,
        controllable=True,
        power=True,
    ),
    RoleSpec(
        "spy",
        T,
        G,
        P,
        "watchers",
        step="spy",
        stage=Stage.AFTER,
        act=act_spy,
        passive=True,
        visits=False,
        power=True,
    ),
    RoleSpec(
        "guild_member",
        T,
        G,
        P,
        "crowd",
        step="guild",
        stage=Stage.AFTER,
        act=act_guild,
        passive=True,
        visits=False,
        nights=Nights.FIRST,
    ),
    RoleSpec(
        "detective",
        T,
        G,
        P,
        "secrets",
        step="detective",
        stage=Stage.AFTER,
        ask=one_target("detective_check"),
        tactics={"detective_check": check_named},
        act=act_detective,
        raisable=True,
        controllable=True,
        power=True,
    ),
    RoleSpec(
        "doctor",
        T,
        G,
        P,
        "guards",
        step="doctor",
        ask=ask_doctor,
        tactics={"doctor_heal": protect_claimant},
        act=act_heal,
        raisable=True,
        controllable=True,
        power=True,
    ),
    RoleSpec(
        "bodyguard",
        T,
        G,
        P,
        "guards",
        step="bodyguard",
        ask=one_target("bodyguard_guard"),
        tactics={"bodyguard_guard": protect_claimant},
        act=act_bodyguard,
        controllable=True,
        power=True,
    ),
    RoleSpec(
        "outlaw",
        T,
        G,
        P,
        "killers",
        step="outlaw",
        stage=Stage.ATTACK,
        ask=one_target("outlaw_shoot"),
        tactics={"outlaw_shoot": shoot_suspect},
        act=act_kill,
        on_kill=outlaw_guilt,
        uses=3,
        nights=Nights.FROM_SECOND,
        attack=Level.BASIC,
        starts_kills=True,
        raisable=True,
        controllable=True,
        power=True,
    ),
    RoleSpec(
        "veteran",
        T,
        G,
        P,
        "killers",
        step="veteran",
        ask=plain_choice("veteran_alert", "alert"),
        tactics={"veteran_alert": alert},
        act=act_alert,
        uses=3,
        visits=False,
        rb_immune=True,
        attack=Level.POWERFUL,
        starts_kills=True,
        unique=True,
        power=True,
    ),
    RoleSpec(
        "undertaker",
        T,
        G,
        P,
        "dead",
        step="undertaker",
        stage=Stage.AFTER,
        ask=dead_target("undertaker_exhume"),
        tactics={"undertaker_exhume": exhume_hidden},
        act=act_undertaker,
        visits=False,
        power=True,
    ),
    RoleSpec(
        "lookout",
        T,
        G,
        P,
        "watchers",
        step="lookout",
        stage=Stage.AFTER,
        ask=one_target("lookout_watch"),
        tactics={"lookout_watch": aim_at_claimant},
        act=act_lookout,
        raisable=True,
        controllable=True,
        power=True,
    ),
    RoleSpec(
        "investigator",
        T,
        G,
        P,
        "secrets",
        step="investigator",
        stage=Stage.AFTER,
        ask=one_target("investigator_check"),
        tactics={"investigator_check": check_lead},
        act=act_investigate,
        raisable=True,
        controllable=True,
        power=True,
    ),
)
