"""白癡 (the Idiot), a card of the platforms' 12-player board (預女獵白: seer, witch, hunter, idiot).

Exiled by the day vote, he shows his card and stays in the game: from then on he speaks but has
no exile vote, and a badge he holds is lost (警徽流失). The card saves him once; night deaths,
the poison and the hunter's shot take him as anyone. docs/rules/chinese_werewolf.md, "Added roles".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from llm_werewolf.rules import RoleInfo
from llm_werewolf.rules.events import Announcement, StatusChanged

from ..unit import CWUnit

if TYPE_CHECKING:
    from ..data import CWCtx, CWData

IDIOT = "idiot"
REVEALED = "idiot_revealed"


@dataclass(frozen=True)
class Idiot(CWUnit):
    def spares(self, ctx: CWCtx, seat: int, cause: str) -> bool:
        if cause != "exile" or ctx.state.seat(seat).role != IDIOT or (seat, REVEALED) in ctx.data.marks:
            return False
        ctx.update_data(marks=ctx.data.marks | {(seat, REVEALED)})
        ctx.emit(Announcement(key=REVEALED, seats=(seat,), value=IDIOT))
        ctx.emit(StatusChanged(seat=seat, status=REVEALED, value="on"))
        if ctx.data.sheriff == seat:
            ctx.update_data(sheriff=None)
            ctx.emit(StatusChanged(seat=seat, status="sheriff", value="off"))
            ctx.emit(Announcement(key="badge_lost", seats=(seat,)))
        return True

    def may_vote(self, data: CWData, seat: int) -> bool:
        return (seat, REVEALED) not in data.marks


UNIT = Idiot(
    RoleInfo(IDIOT, "village", power=True, description="白癡: exiled, shows his card and stays without a vote."),
    announcement_keys={
        REVEALED: "the exiled idiot shows his card and stays in the game (seats)",
        "badge_lost": "the revealed idiot held the badge: it is lost (seats)",
    },
    statuses={REVEALED: "an idiot who showed his card: alive, no exile vote (public)"},
)
