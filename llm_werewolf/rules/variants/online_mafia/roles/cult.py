"""Cult roles (house designs): the Cult leader converts, the Mimic borrows a role's face."""

from __future__ import annotations

from .. import priority
from ..asking import one_target
from ..model import Faction, RoleSpec, Stage, WinRule
from ..tactics import convert, model_outsider
from ..work import Action, NightWork

C = Faction.CULT
G = WinRule.GROUP
P = priority.CULT


def act_mimic(work: NightWork, action: Action) -> None:
    """Mimic: appears to investigations tonight as the target's role."""
    work.looks[action.actor] = work.role(action.target)


def act_convert(work: NightWork, action: Action) -> None:
    """Cult leader: the target joins the cult as a Cult member (mafia and neutral killers are immune;
    a Veteran on alert cannot be converted and shoots the leader)."""
    work.convert(action.source, action.target)


CULT_ROLES: tuple[RoleSpec, ...] = (
    RoleSpec(
        "mimic",
        C,
        G,
        P,
        "faces",
        step="cult",
        ask=one_target("mimic_copy", spare=frozenset({C})),
        tactics={"mimic_copy": model_outsider},
        act=act_mimic,
        suspicious=True,
        controllable=True,
        power=True,
    ),
    RoleSpec(
        "cult_leader",
        C,
        G,
        P,
        "leaders",
        step="cult",
        stage=Stage.AFTER,
        ask=one_target("cult_convert", spare=frozenset({C})),
        tactics={"cult_convert": convert},
        act=act_convert,
        suspicious=True,
        unique=True,
        controllable=True,
        power=True,
    ),
    RoleSpec("cult_member", C, G, P, "crowd", step="cult", suspicious=True),
)
