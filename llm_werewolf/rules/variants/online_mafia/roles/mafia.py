"""Mafia roles (ToS meanings; Necromancer is mafia-aligned here; Femme Fatale, Accomplice and
Infiltrator are house designs)."""

from __future__ import annotations

from collections.abc import Sequence

from .. import priority
from ..asking import Ask, AskCtx, answer_target, one_target, others, seat_options, with_skip
from ..model import Faction, Level, Nights, RoleSpec, Stage, WinRule
from ..registry import ROLES
from ..tactics import aim_at_claimant, any_seat, check_lead, frame_outsider, model_outsider, silence_claimant, team_kill
from ..work import Action, NightWork
from .common import act_exact_role, act_roleblock
from .town import act_guild

M = Faction.MAFIA
G = WinRule.GROUP
P = priority.MAFIA
SPARE = frozenset({M})
MAFIA_KILL = "mafia_kill"


def mafia_seats(ctx: AskCtx) -> tuple[int, ...]:
    return tuple(i for i in ctx.living() if ctx.faction(i) is M)


# -- Necromancer -------------------------------------------------------------------
def raisable_corpses(ctx: AskCtx) -> tuple[int, ...]:
    return tuple(i for i in ctx.dead() if ROLES[ctx.role(i)].raisable and i not in ctx.data.raised)


def ask_necromancer(ctx: AskCtx, seat: int) -> Sequence[Ask]:
    """A corpse not used before (whose role has a one-target ability) and a living target."""
    corpses = raisable_corpses(ctx)
    if not corpses:
        return ()
    return (
        Ask("necromancer_corpse", with_skip(seat_options(corpses))),
        Ask("necromancer_target", with_skip(seat_options(others(ctx, seat)))),
    )


def build_necromancer(ctx: AskCtx, seat: int, answers: dict[str, str]) -> Sequence[Action]:
    corpse = answer_target(answers.get("necromancer_corpse"))
    target = answer_target(answers.get("necromancer_target"))
    if corpse is None or target is None:
        return ()
    return (Action(ctx.role(corpse), seat, (target,), visitor=corpse, raised=True),)


# -- one-target mafia abilities ------------------------------------------------------
def act_frame(work: NightWork, action: Action) -> None:
    """Framer: the target reads suspicious (and in the Framer's group) to investigations tonight."""
    work.framed.add(action.target)


def act_blackmail(work: NightWork, action: Action) -> None:
    """Blackmailer: the target may not speak the next day."""
    work.silenced.add(action.target)


def ask_disguiser(ctx: AskCtx, seat: int) -> Sequence[Ask]:
    return (
        Ask("disguiser_member", with_skip(seat_options(mafia_seats(ctx)))),
        Ask("disguiser_as", with_skip(seat_options(i for i in ctx.living() if ctx.faction(i) is not M))),
    )


def build_disguiser(ctx: AskCtx, seat: int, answers: dict[str, str]) -> Sequence[Action]:
    member = answer_target(answers.get("disguiser_member"))
    model = answer_target(answers.get("disguiser_as"))
    if member is None or model is None:
        return ()
    visitor = seat if member != seat else None
    return (Action("disguiser", seat, (member, model), visitor=visitor),)


def act_disguise(work: NightWork, action: Action) -> None:
    """Disguiser: a mafia member appears to investigations tonight as a non-mafia player's role."""
    member, model = action.targets[0], action.targets[-1]
    work.looks[member] = work.role(model)


def ask_accomplice(ctx: AskCtx, seat: int) -> Sequence[Ask]:
    members = [i for i in mafia_seats(ctx) if i != seat]
    if not members:
        return ()
    return (Ask("accomplice_guard", with_skip(seat_options(members))),)


def act_accomplice(work: NightWork, action: Action) -> None:
    """Accomplice: dies in place of the guarded mafia member if he is attacked tonight."""
    work.guard(action.target, "accomplice", action.source)


def act_clean(work: NightWork, action: Action) -> None:
    """Janitor: if the target dies tonight, his role is not announced; the Janitor learns it."""
    work.cleaners.setdefault(action.target, []).append(action.actor)


# -- the mafia's kill --------------------------------------------------------------------
def merge_mafia_kill(actions: list[Action], ctx: AskCtx) -> list[Action]:
    """The Godfather orders (his target wins), the Mafioso carries it out; the Godfather
    does it himself if there is no Mafioso or the Mafioso is blocked."""
    orders = [a for a in actions if a.option == MAFIA_KILL]
    if not orders:
        return actions
    rest = [a for a in actions if a.option != MAFIA_KILL]
    by_role = {a.role: a for a in orders}
    chosen = by_role.get("godfather") or by_role["mafioso"]
    mafiosi = [i for i in ctx.living() if ctx.role(i) == "mafioso"]
    godfathers = [i for i in ctx.living() if ctx.role(i) == "godfather"]
    performer = mafiosi[0] if mafiosi else godfathers[0]
    backups = tuple(g for g in godfathers if g != performer)
    role = ctx.role(performer)
    rest.append(Action(role, performer, chosen.targets, option=MAFIA_KILL, visitor=performer, backups=backups))
    return rest


def build_kill_order(ctx: AskCtx, seat: int, answers: dict[str, str]) -> Sequence[Action]:
    target = answer_target(answers.get(MAFIA_KILL))
    if target is None:
        return ()
    return (Action(ctx.role(seat), seat, (target,), option=MAFIA_KILL, visitor=seat),)


def act_mafia_kill(work: NightWork, action: Action) -> None:
    work.attack(action.source, action.target, Level.BASIC, "mafia", action.role)


KILL_ORDER = one_target(MAFIA_KILL, spare=SPARE)

MAFIA_ROLES: tuple[RoleSpec, ...] = (
    RoleSpec(
        "necromancer",
        M,
        G,
        P,
        "dead",
        step="necromancer",
        ask=ask_necromancer,
        tactics={"necromancer_corpse": model_outsider, "necromancer_target": aim_at_claimant},
        build=build_necromancer,
        suspicious=True,
        unique=True,
        power=True,
    ),
    RoleSpec(
        "femme_fatale",
        M,
        G,
        P,
        "blockers",
        step="mafia",
        stage=Stage.CONTROL,
        ask=one_target("femme_fatale_block", spare=SPARE),
        tactics={"femme_fatale_block": silence_claimant},
        act=act_roleblock,
        rb_immune=True,
        suspicious=True,
        raisable=True,
        controllable=True,
        power=True,
    ),
    RoleSpec(
        "framer",
        M,
        G,
        P,
        "faces",
        step="mafia",
        ask=one_target("framer_frame", spare=SPARE),
        tactics={"framer_frame": frame_outsider},
        act=act_frame,
        suspicious=True,
        raisable=True,
        controllable=True,
        power=True,
    ),
    RoleSpec(
        "blackmailer",
        M,
        G,
        P,
        "secrets",
        step="mafia",
        ask=one_target("blackmailer_silence", spare=SPARE),
        tactics={"blackmailer_silence": silence_claimant},
        act=act_blackmail,
        suspicious=True,
        raisable=True,
        controllable=True,
        power=True,
    ),
    RoleSpec(
        "disguiser",
        M,
        G,
        P,
        "faces",
        step="mafia",
        ask=ask_disguiser,
        tactics={"disguiser_member": any_seat, "disguiser_as": model_outsider},
        build=build_disguiser,
        act=act_disguise,
        suspicious=True,
        power=True,
    ),
    RoleSpec(
        "accomplice",
        M,
        G,
        P,
        "guards",
        step="mafia",
        ask=ask_accomplice,
        tactics={"accomplice_guard": any_seat},
        act=act_accomplice,
        suspicious=True,
        controllable=True,
        power=True,
    ),
    RoleSpec(
        "consigliere",
        M,
        G,
        P,
        "watchers",
        step="mafia",
        stage=Stage.AFTER,
        ask=one_target("consigliere_check", spare=SPARE),
        tactics={"consigliere_check": check_lead},
        act=act_exact_role,
        suspicious=True,
        raisable=True,
        controllable=True,
        power=True,
    ),
    RoleSpec(
        "janitor",
        M,
        G,
        P,
        "dead",
        step="mafia",
        ask=one_target("janitor_clean", spare=SPARE),
        tactics={"janitor_clean": team_kill},
        act=act_clean,
        uses=3,
        suspicious=True,
        controllable=True,
        power=True,
    ),
    RoleSpec(
        "godfather",
        M,
        G,
        P,
        "leaders",
        step="mafia",
        stage=Stage.ATTACK,
        ask=KILL_ORDER,
        tactics={MAFIA_KILL: team_kill},
        build=build_kill_order,
        act=act_mafia_kill,
        attack=Level.BASIC,
        defense=Level.BASIC,
        starts_kills=True,
        unique=True,
        raisable=True,
        controllable=True,
        power=True,
    ),
    RoleSpec(
        "mafioso",
        M,
        G,
        P,
        "killers",
        step="mafia",
        stage=Stage.ATTACK,
        ask=KILL_ORDER,
        tactics={MAFIA_KILL: team_kill},
        build=build_kill_order,
        act=act_mafia_kill,
        attack=Level.BASIC,
        starts_kills=True,
        suspicious=True,
        unique=True,
        raisable=True,
        controllable=True,
    ),
    RoleSpec(
        "infiltrator",
        M,
        G,
        P,
        "crowd",
        step="guild",
        stage=Stage.AFTER,
        act=act_guild,
        passive=True,
        visits=False,
        nights=Nights.FIRST,
        suspicious=True,
    ),
)
