"""The Tracker (Town of Salem's Town Investigative role, גשש): follows one player each night and learns
whom that player visited.

Like the Lookout turned around: the Lookout learns who came to a house, the Tracker where its
owner went. Read in the last stage with every investigation, so a roleblocked target visited
nobody, and a Mafioso whose kill the Godfather carried out in his place visited nobody either.
The Tracker visits (a Veteran on alert shoots him). docs/rules/online_mafia.md, the role table.
"""

from __future__ import annotations

from ..asking import one_target
from ..model import Faction, RoleSpec, Stage, WinRule
from ..priority import TOWN
from ..unit import om_unit
from ..work import Action, NightWork

TRACKER = "tracker"


def act_track(work: NightWork, action: Action) -> None:
    """Every seat the target visited tonight (as the night ended: blocked visits do not count)."""
    went = tuple(sorted(seat for seat, visitors in work.visits.items() if action.target in visitors))
    work.tell(action.actor, "tracked", action.target, seats=went)


UNIT = om_unit(
    RoleSpec(
        TRACKER,
        Faction.TOWN,
        WinRule.GROUP,
        TOWN,
        "watchers",
        step=TRACKER,
        stage=Stage.AFTER,
        ask=one_target("tracker_track"),
        act=act_track,
        raisable=True,
        controllable=True,
        power=True,
    ),
    description="Tracker (ToS): follows a player at night and learns whom he visited.",
    wake_after="investigator",
    decision_kinds={"tracker_track": "Tracker: follow a player tonight and learn whom he visits (seat:N) or skip"},
)
