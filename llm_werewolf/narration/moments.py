"""Which public records the narrator voices, the pack keys it looks up, and their variables.

Keys go from the most specific to the generic one, e.g. a ``Cue(key="wake",
role="seer")`` looks up ``cue.wake.seer`` then ``cue.wake``. Only public
records are ever turned into moments: the narrator never sees a secret.

A player's speech is the player's own moment, not the moderator's: the one speech
the moderator closes is a departing player's last words (``Speech(stage="last_words")``,
key ``last_words``), said after the speech because nothing public announces
beforehand that last words will follow (their decision is asked of the seat only).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..rules.events import (
    Announcement,
    Cue,
    DeathsAnnounced,
    GameEnded,
    PhaseStarted,
    Record,
    RolesRevealed,
    Speech,
    StatusChanged,
    VoteTally,
    WhisperNoticed,
)

NARRATED = (
    PhaseStarted,
    Cue,
    DeathsAnnounced,
    VoteTally,
    Announcement,
    StatusChanged,
    GameEnded,
    RolesRevealed,
    WhisperNoticed,
    Speech,
)

LAST_WORDS = "last_words"
"""The one speech stage the moderator voices (its line follows the speech)."""


@dataclass(frozen=True)
class Moment:
    """A narratable public record: the pack keys to try and the raw facts for the variables."""

    record: Record
    keys: tuple[str, ...]
    facts: dict[str, Any]


def _seats(values: Sequence[int]) -> list[int]:
    return [int(v) for v in values]


def moment_of(record: Record) -> Moment | None:
    """The moment a public record stands for, or ``None`` when the narrator stays silent."""
    if record.vis.scope != "public":
        return None
    e = record.event
    if isinstance(e, PhaseStarted):
        keys = (f"phase.{e.phase}.first", f"phase.{e.phase}") if e.number == 1 else (f"phase.{e.phase}",)
        return Moment(record, keys, {"number": e.number})
    if isinstance(e, Cue):
        keys = (f"cue.{e.key}.{e.role}", f"cue.{e.key}") if e.role else (f"cue.{e.key}",)
        return Moment(record, keys, {"role": e.role, "key": e.key})
    if isinstance(e, DeathsAnnounced):
        if not e.deaths:
            return Moment(record, (f"deaths.{e.moment}.none", "deaths.none"), {})
        deaths = [{"seat": d.seat, "cause": d.cause, "role": d.role} for d in e.deaths]
        count = "one" if len(deaths) == 1 else "many"
        return Moment(
            record,
            (f"deaths.{e.moment}.{count}", f"deaths.{e.moment}", f"deaths.{count}", "deaths"),
            {"deaths": deaths},
        )
    if isinstance(e, VoteTally):
        return Moment(
            record,
            (f"tally.{e.ballot}.{e.result}", f"tally.{e.result}", "tally"),
            {
                "targets": _seats(e.targets),
                "ballot": e.ballot,
                "result": e.result,
                "counts": [(str(option), float(count)) for option, count in e.counts],
            },
        )
    if isinstance(e, Announcement):
        return Moment(record, (f"announcement.{e.key}",), {"seats": _seats(e.seats), "value": e.value, "key": e.key})
    if isinstance(e, StatusChanged):
        return Moment(
            record,
            (f"status.{e.status}.{e.value}", f"status.{e.status}"),
            {"seats": [e.seat], "value": e.value, "status": e.status},
        )
    if isinstance(e, GameEnded):
        return Moment(
            record,
            (f"game_ended.{e.reason}", "game_ended"),
            {"winners": _seats(e.winners), "sides": list(e.sides), "reason": e.reason},
        )
    if isinstance(e, WhisperNoticed):
        return Moment(record, ("whisper_noticed",), {"seats": [e.seat, e.to]})
    if isinstance(e, Speech):
        if e.stage != LAST_WORDS:
            return None
        return Moment(record, (LAST_WORDS,), {"seats": [e.seat]})
    if isinstance(e, RolesRevealed):
        return Moment(
            record,
            ("roles_revealed",),
            {"cards": list(e.roles), "start_cards": list(e.start_roles), "extra": list(e.extra)},
        )
    return None
