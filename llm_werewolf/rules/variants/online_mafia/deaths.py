"""What follows a death, night or day: twin souls, executioners, promotions, team news."""

from __future__ import annotations

from collections.abc import Iterable

from llm_werewolf.rules import to_team
from llm_werewolf.rules.events import Died, Info, RoleAssigned

from .data import OMCtx
from .model import Faction
from .registry import ROLES

TWIN_SOUL = "twin_soul"


def kill(ctx: OMCtx, seat: int, cause: str) -> list[int]:
    """Mark ``seat`` dead (god-only ``Died``); twin souls bound to him die with him. Returns every new corpse."""
    if not ctx.state.is_alive(seat):
        return []
    ctx.set_seat(seat, alive=False)
    ctx.emit_god(Died(seat=seat, cause=cause))
    dead = [seat]
    for twin, bound in ctx.data.twins.items():
        if bound == seat and ctx.state.seat(twin).role == TWIN_SOUL:
            dead.extend(kill(ctx, twin, TWIN_SOUL))
    return dead


def set_role(ctx: OMCtx, seat: int, role: str, reason: str) -> None:
    """Give ``seat`` a new role (the seat is told) with that role's uses."""
    ctx.set_seat(seat, role=role)
    uses = dict(ctx.data.uses)
    limit = ROLES[role].uses
    if limit is None:
        uses.pop(seat, None)
    else:
        uses[seat] = limit
    ctx.update_data(uses=uses)
    ctx.emit_to(RoleAssigned(seat=seat, role=role, reason=reason), seat)


def members(ctx: OMCtx, faction: Faction) -> tuple[int, ...]:
    return tuple(s.index for s in ctx.state.iter_living() if ROLES[s.role].faction is faction)


def tell_team(ctx: OMCtx, faction: Faction) -> None:
    """The living members of the mafia (with each member's role) or of the cult learn each other."""
    team = members(ctx, faction)
    if not team:
        return
    vis = to_team(faction.value, team)
    ctx.emit(Info(fact="team", value=faction.value, seats=team), vis)
    if faction is Faction.MAFIA:
        for member in team:
            ctx.emit(Info(fact="role", subject=member, value=ctx.state.seat(member).role), vis)


def after_deaths(ctx: OMCtx, dead: Iterable[int], executed: int | None = None) -> None:
    """Executioners (completed or turned Jester) and promotions after some seats died."""
    corpses = set(dead)
    if not corpses:
        return
    for executioner, target in ctx.data.targets.items():
        seat = ctx.state.seat(executioner)
        if target not in corpses or seat.role != "executioner":
            continue
        if target == executed:
            ctx.update_data(completed=ctx.data.completed | {executioner})
            ctx.emit_to(Info(fact="target_executed", subject=target), executioner)
        elif seat.alive:
            set_role(ctx, executioner, "jester", "target_died")
    promote(ctx, corpses)


def promote(ctx: OMCtx, corpses: set[int]) -> None:
    """A dead Godfather's Mafioso becomes Godfather; a mafia left without Godfather and Mafioso gets a
    Mafioso (its lowest living seat); a cult without leader gets one (lowest-seat Cult member, else Mimic)."""
    state = ctx.state
    living_roles = {s.role for s in state.iter_living()}
    mafia = members(ctx, Faction.MAFIA)
    heir: int | None = None
    if mafia and "godfather" not in living_roles:
        if "mafioso" in living_roles and any(state.seat(i).role == "godfather" for i in corpses):
            heir = state.first_with_role("mafioso")
            role = "godfather"
        elif "mafioso" not in living_roles:
            heir = mafia[0]
            role = "mafioso"
    if heir is not None:
        set_role(ctx, heir, role, "promotion")
        tell_team(ctx, Faction.MAFIA)
    cult = members(ctx, Faction.CULT)
    if cult and "cult_leader" not in living_roles:
        plain = [i for i in cult if state.seat(i).role == "cult_member"]
        set_role(ctx, (plain or list(cult))[0], "cult_leader", "promotion")
        tell_team(ctx, Faction.CULT)
