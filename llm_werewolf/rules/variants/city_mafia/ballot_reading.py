"""The yes/no ballot a city_mafia seat is asked about, read from its view's public records.

The city votes on its nominees one by one (``day.Ballot``): the ``vote_on`` announcement names the
nominee voted on now, the day's ``nomination`` announcements the nominees in order, and a tie's tally
the nominees of the revote.
"""

from __future__ import annotations

from llm_werewolf.rules.events import Announcement, PhaseStarted, VoteTally
from llm_werewolf.rules.variant import SeatBallot
from llm_werewolf.rules.views import SeatView

from .common import NO, YES


def seat_ballot(view: SeatView) -> SeatBallot | None:
    """The nominee voted on now and the ballot's nominees; ``None`` before a ``vote_on`` today."""
    candidates: list[int] = []
    subject: int | None = None
    for record in view.records:
        event = record.event
        if isinstance(event, PhaseStarted) and event.phase == "day":
            candidates, subject = [], None
        elif isinstance(event, Announcement):
            if event.key == "nomination" and len(event.seats) == 2:
                candidates.append(event.seats[1])
            elif event.key == "vote_on" and event.seats:
                subject = event.seats[0]
        elif isinstance(event, VoteTally) and event.result == "tie":
            candidates, subject = list(event.targets), None
    if subject is None:
        return None
    return SeatBallot(subject, tuple(candidates), YES, NO)
