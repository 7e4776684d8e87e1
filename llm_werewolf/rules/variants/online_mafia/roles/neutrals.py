"""Evil neutrals (Witch, Jinx, Judge, Politician) and benign neutrals (Twin soul, Martyr, Survivor,
Amnesiac, Executioner, Jester, Volunteer)."""

from __future__ import annotations

from collections.abc import Sequence

from ..asking import Ask, AskCtx, answer_target, one_target, others, plain_choice, seat_options, with_skip
from ..model import Faction, Level, Nights, RoleSpec, Stage, WinRule
from ..priority import RANK
from ..registry import ROLES
from ..tactics import aim_at_claimant, block, model_outsider, protect_claimant, remember_town, vest, volunteer
from ..work import Action, NightWork

E = Faction.EVIL_NEUTRAL
B = Faction.BENIGN_NEUTRAL


# -- Witch ---------------------------------------------------------------------------
def ask_witch(ctx: AskCtx, seat: int) -> Sequence[Ask]:
    """Whom to control (another living player) and onto whom (any living player)."""
    return (
        Ask("witch_control", with_skip(seat_options(others(ctx, seat)))),
        Ask("witch_target", with_skip(seat_options(ctx.living()))),
    )


def build_witch(ctx: AskCtx, seat: int, answers: dict[str, str]) -> Sequence[Action]:
    puppet = answer_target(answers.get("witch_control"))
    target = answer_target(answers.get("witch_target"))
    if puppet is None or target is None:
        return ()
    return (Action("witch", seat, (puppet, target), visitor=seat),)


def act_control(work: NightWork, action: Action) -> None:
    """Witch: learns the puppet's role and forces its one-target ability onto the target.

    The puppet's own choice is redirected; if it chose nothing but could act tonight,
    it acts on the target anyway (using one of its uses)."""
    puppet, target = action.targets[0], action.targets[-1]
    work.tell(action.actor, "role", puppet, work.role(puppet))
    spec = work.spec(puppet)
    if not spec.controllable:
        return
    forced = False
    for other in work.actions:
        if other is action or other.raised or not other.targets or not ROLES[other.role].controllable:
            continue
        if other.actor == puppet or puppet in other.backups:
            other.targets = (target,)
            other.visitor = other.actor if ROLES[other.role].visits and target != other.actor else None
            forced = True
    if forced or not work.can_use(puppet):
        return
    option = "mafia_kill" if spec.id in ("godfather", "mafioso") else ""
    visitor = puppet if spec.visits and target != puppet else None
    work.actions.append(Action(spec.id, puppet, (target,), option=option, visitor=visitor))
    if spec.uses is not None:
        work.spent.append(puppet)


# -- other neutrals ------------------------------------------------------------------------
def act_jinx(work: NightWork, action: Action) -> None:
    """Jinx (night 1): the target's night abilities fail every night from now on."""
    work.curse(action.actor, action.target)


def act_judge(work: NightWork, action: Action) -> None:
    """Judge: the target's votes do not count the next day."""
    work.judged.add(action.target)


def act_bind(work: NightWork, action: Action) -> None:
    """Twin soul (night 1): bound to the target; dies with him, wins if he wins."""
    work.twins[action.actor] = action.target


def act_shield(work: NightWork, action: Action) -> None:
    """Martyr: takes the first direct attack on the target; wins if he dies doing so."""
    work.guard(action.target, "martyr", action.source)


def act_vest(work: NightWork, action: Action) -> None:
    """Survivor: a bulletproof vest gives basic defense tonight."""
    work.protect(action.actor, Level.BASIC)


def ask_amnesiac(ctx: AskCtx, seat: int) -> Sequence[Ask]:
    """A dead player whose role he may take: not another Amnesiac, not a unique role someone alive holds."""
    held = {ctx.role(i) for i in ctx.living()}
    corpses = [
        i for i in ctx.dead() if ctx.role(i) != "amnesiac" and not (ROLES[ctx.role(i)].unique and ctx.role(i) in held)
    ]
    if not corpses:
        return ()
    return (Ask("amnesiac_remember", with_skip(seat_options(corpses))),)


def act_remember(work: NightWork, action: Action) -> None:
    """Amnesiac (once): becomes the dead target's role at the end of the night."""
    role = work.role(action.target)
    if role != "amnesiac":
        work.become(action.actor, role, "remembered")


NEUTRAL_ROLES: tuple[RoleSpec, ...] = (
    RoleSpec(
        "witch",
        E,
        WinRule.TOWN_LOSES,
        RANK["witch"],
        "fools",
        step="witch",
        stage=Stage.CONTROL,
        ask=ask_witch,
        tactics={"witch_control": aim_at_claimant, "witch_target": aim_at_claimant},
        build=build_witch,
        act=act_control,
        rb_immune=True,
        power=True,
    ),
    RoleSpec(
        "jinx",
        E,
        WinRule.TOWN_LOSES,
        RANK["jinx"],
        "blockers",
        step="jinx",
        stage=Stage.CONTROL,
        ask=one_target("jinx_curse"),
        tactics={"jinx_curse": aim_at_claimant},
        act=act_jinx,
        nights=Nights.FIRST,
        controllable=True,
        power=True,
    ),
    RoleSpec(
        "judge",
        E,
        WinRule.TOWN_LOSES,
        RANK["judge"],
        "blockers",
        step="judge",
        ask=one_target("judge_rule"),
        tactics={"judge_rule": block},
        act=act_judge,
        visits=False,
        raisable=True,
        controllable=True,
        power=True,
    ),
    RoleSpec(
        "politician",
        E,
        WinRule.TOWN_LOSES,
        RANK["politician"],
        "crowd",
        appears_as="citizen",
        vote_weight=2.0,
        power=True,
    ),
    RoleSpec(
        "twin_soul",
        B,
        WinRule.TWIN,
        RANK["twin_soul"],
        "fools",
        step="twin_soul",
        ask=one_target("twin_soul_bind", skip=False),
        tactics={"twin_soul_bind": model_outsider},
        act=act_bind,
        nights=Nights.FIRST,
        visits=False,
    ),
    RoleSpec(
        "martyr",
        B,
        WinRule.MARTYR,
        RANK["martyr"],
        "guards",
        step="martyr",
        ask=one_target("martyr_shield"),
        tactics={"martyr_shield": protect_claimant},
        act=act_shield,
        controllable=True,
    ),
    RoleSpec(
        "survivor",
        B,
        WinRule.SURVIVE,
        RANK["survivor"],
        "fools",
        step="survivor",
        ask=plain_choice("survivor_vest", "vest"),
        tactics={"survivor_vest": vest},
        act=act_vest,
        uses=4,
        visits=False,
    ),
    RoleSpec(
        "amnesiac",
        B,
        WinRule.SURVIVE,
        RANK["amnesiac"],
        "dead",
        step="amnesiac",
        stage=Stage.AFTER,
        ask=ask_amnesiac,
        tactics={"amnesiac_remember": remember_town},
        act=act_remember,
        uses=1,
        visits=False,
    ),
    RoleSpec("executioner", B, WinRule.EXECUTIONER, RANK["executioner"], "fools", defense=Level.BASIC),
    RoleSpec("jester", B, WinRule.JESTER, RANK["jester"], "fools"),
    RoleSpec("volunteer", B, WinRule.VOLUNTEER, RANK["volunteer"], "fools", tactics={"volunteer_offer": volunteer}),
)
