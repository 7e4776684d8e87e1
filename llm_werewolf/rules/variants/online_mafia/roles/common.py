"""Small action functions shared by several roles."""

from __future__ import annotations

from collections.abc import Sequence

from ..asking import AskCtx, answer_target
from ..model import Level
from ..registry import ROLES
from ..work import Action, NightWork, target_cause


def act_roleblock(work: NightWork, action: Action) -> None:
    work.roleblock(action.source, action.target)


def act_exact_role(work: NightWork, action: Action) -> None:
    """Consigliere, Butler: the exact role as it appears tonight (disguise and mimicry fool them)."""
    work.tell(action.actor, "role", action.target, work.appearance(action.target))


def act_kill(work: NightWork, action: Action) -> None:
    """A killer's own attack at its level; a raised corpse's attack is a basic 'necromancer' attack."""
    if action.raised:
        work.attack(action.source, action.target, Level.BASIC, "necromancer", "necromancer")
        return
    spec = ROLES[action.role]
    work.attack(action.source, action.target, spec.attack, target_cause(spec), spec.id, pierce=spec.pierce)


def generic_build(ctx: AskCtx, seat: int, answers: dict[str, str]) -> Sequence[Action]:
    """One decision: ``seat:N`` targets N (visiting it unless it is the actor), a plain word is an option."""
    spec = ctx.spec(seat)
    for option in answers.values():
        if option == "skip":
            return ()
        target = answer_target(option)
        if target is None:
            return (Action(spec.id, seat, option=option),)
        visitor = seat if spec.visits and target != seat else None
        return (Action(spec.id, seat, (target,), visitor=visitor),)
    return ()
