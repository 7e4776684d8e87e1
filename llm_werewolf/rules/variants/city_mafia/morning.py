"""The morning: the night's departures in the seed's order, then the day's first checks."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from llm_werewolf.rules import Phase, Step
from llm_werewolf.rules.events import AnnouncedDeath, Announcement, DeathsAnnounced, Died

from .common import CityCtx, CityState, mafia_seats
from .data import CityData
from .day import Discussion
from .roles import MANIAC, PUTANA
from .speeches import last_words
from .unit import CityUnit
from .units import UNITS
from .win import outcome


def night_departures(state: CityState, units: Iterable[CityUnit] = UNITS) -> list[tuple[int, str]]:
    """``(seat, cause)`` in announcement order: mafia's victim, maniac's victim, the Putana's client.

    The Doctor's heal cancels a shot at its target; a player shot twice dies once (cause
    ``mafia``); when the Putana dies the player she visited leaves with her. Last, a role unit
    may spare a departure (:meth:`.unit.CityUnit.spares`).
    """
    data: CityData = state.data
    out: list[tuple[int, str]] = []
    for victim, cause in ((data.mafia_victim, "mafia"), (data.maniac_victim, "maniac")):
        if victim is not None and victim != data.healed and all(victim != s for s, _ in out):
            out.append((victim, cause))
    client = data.putana_client
    putana_shot = any(state.seat(s).role == PUTANA for s, _ in out)
    if putana_shot and client is not None and all(client != s for s, _ in out):
        out.append((client, "putana_client"))
    return [(seat, cause) for seat, cause in out if not any(u.spares(state, seat, cause) for u in units)]


def _shown_role(state: CityState, seat: int) -> str | None:
    """Roles stay hidden except the Maniac's."""
    return MANIAC if state.seat(seat).role == MANIAC else None


@dataclass(frozen=True, slots=True)
class Morning(Step):
    def run(self, ctx: CityCtx) -> None:
        departures = night_departures(ctx.state)
        for seat, cause in departures:  # the truth belongs to the night
            ctx.set_seat(seat, alive=False)
            ctx.emit_god(Died(seat=seat, cause=cause))
        number = ctx.state.days_played + 1
        ctx.update(days_played=number)
        ctx.start_phase(Phase("day", number))
        ctx.cue("morning")
        # In the seed's order, with no causes: a cause would tell the table which of the dead
        # left with the Putana (so which one was the Putana), and the seed names no roles.
        ctx.emit(
            DeathsAnnounced(deaths=tuple(AnnouncedDeath(seat=s, role=_shown_role(ctx.state, s)) for s, _ in departures))
        )
        if ctx.data.mafia_split and ctx.options.leaderless_disagreement == "mafia_loses":
            self._disqualify(ctx)
        ctx.update_data(mafia_victim=None, maniac_victim=None, healed=None, mafia_split=False)
        result = outcome(ctx.state)
        if result is not None:
            ctx.finish(result)
            return
        speakers = [last_words(s) for s, _ in departures] if ctx.options.night_last_words else []
        ctx.push(*speakers, Discussion())

    @staticmethod
    def _disqualify(ctx: CityCtx) -> None:
        """The seed: a Don-less team that cannot agree is asked to leave the table in the morning."""
        team = mafia_seats(ctx.state)
        if not team:
            return
        ctx.emit(Announcement(key="mafia_disqualified", seats=team))
        for seat in team:
            ctx.set_seat(seat, alive=False)
            ctx.emit_god(Died(seat=seat, cause="disqualified"))
        ctx.emit(
            DeathsAnnounced(
                deaths=tuple(AnnouncedDeath(seat=s, cause="disqualified", role=ctx.state.seat(s).role) for s in team),
                moment="disqualified",
            )
        )
