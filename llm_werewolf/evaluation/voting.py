"""Voting metrics over each day's final exile ballot: IRP, WD-IRP, VSS (both definitions), bus rate.

V = village-side voters, W = wolf/mafia-side players (see :mod:`.profiles`),
judged by their card at the moment of the ballot. Abstentions are left out of
IRP and of the bus rate (they name nobody); VSS counts them as ballots that
did not target the exiled wolf.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .facts import GameFacts
from .tally import Grouped, Share

VSS_DEFINITION = "VSS-ballots: on days a W player is exiled, the share of V ballots that targeted that player"
VSS_DAYS_DEFINITION = "VSS-days: days that exiled a W player / days with any exile"


@dataclass
class VotingMetrics:
    irp: Grouped[str] = field(default_factory=Grouped)
    """By voter model: V ballots that target a W / V ballots that target anyone."""
    wd_irp: Grouped[str] = field(default_factory=Grouped)
    """As IRP, but every ballot of a game the village lost scores 0."""
    vss: Grouped[str] = field(default_factory=Grouped)
    """VSS-ballots, by voter model."""
    vss_days: Share = field(default_factory=Share)
    bus: Grouped[str] = field(default_factory=Grouped)
    """By voter model: W ballots that target another W / W ballots that target anyone."""

    def as_dict(self) -> dict[str, Any]:
        overall = {
            name: _overall(g)
            for name, g in (("irp", self.irp), ("wd_irp", self.wd_irp), ("vss", self.vss), ("bus", self.bus))
        }
        return {
            "vss_definition": VSS_DEFINITION,
            "vss_days_definition": VSS_DAYS_DEFINITION,
            "overall": {**overall, "vss_days": self.vss_days.as_dict()},
            "irp": self.irp.as_dict(),
            "wd_irp": self.wd_irp.as_dict(),
            "vss": self.vss.as_dict(),
            "bus": self.bus.as_dict(),
        }


def _overall(grouped: Grouped[str]) -> dict[str, float | int | None]:
    total = Share()
    for _, share in grouped.items():
        total.hits += share.hits
        total.n += share.n
    return total.as_dict()


def voting_metrics(games: Sequence[GameFacts]) -> VotingMetrics:
    out = VotingMetrics()
    for game in games:
        profile = game.profile
        if profile is None:
            continue
        village_won = game.side_won(profile.village_sides)
        for day in game.day_votes:
            wolves_exiled = [s for s in day.exiled if game.is_wolf(s, day.votes[0].seq if day.votes else 0)]
            if day.exiled:
                out.vss_days.add(bool(wolves_exiled))
            for ballot in day.votes:
                model = game.scored_model(ballot.voter, ballot.fallback)
                if game.is_village(ballot.voter, ballot.seq):
                    if ballot.target is not None:
                        hit = game.is_wolf(ballot.target, ballot.seq)
                        out.irp[model].add(hit)
                        out.wd_irp[model].add(hit and village_won)
                    for wolf in wolves_exiled:
                        out.vss[model].add(ballot.target == wolf)
                elif game.is_wolf(ballot.voter, ballot.seq) and ballot.target is not None:
                    partner = ballot.target != ballot.voter and game.is_wolf(ballot.target, ballot.seq)
                    out.bus[model].add(partner)
    return out
