"""The guard's heuristic play: nobody on the first night; then the seer he believes once a night
has passed peacefully (the wolves may go for him), else the seat he trusts most, else a random seat
he does not suspect."""

from __future__ import annotations

from llm_werewolf.rules import SKIP, Choice, Decision

from ..unit import Reading, Tactic
from .seats import first_offered, seat_choice


def guard(reading: Reading, decision: Decision) -> Choice:
    if reading.number <= 1:
        return Choice(SKIP)
    believed, _ = reading.belief()
    if believed is not None and believed != reading.me and reading.peaceful_nights > 0:
        pick = seat_choice(decision, believed)
        if pick is not None:
            return pick
    trusted = [s for s in reading.trusted() if s != believed]
    return first_offered(decision, trusted) or reading.pick_seat(decision, avoid=reading.suspects())


TACTICS: dict[str, Tactic] = {"guard": guard}
