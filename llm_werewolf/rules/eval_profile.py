"""How the evaluation reads a ruleset's transcripts: which ballots exile, which sides are village (V) and wolves (W).

The metrics of the field (IRP, VSS, bus rate...) speak of "village" and "wolf"
players and of "the day's final exile ballot". Each ruleset names its ballots
and sides differently; each declares its own :class:`EvalProfile` (``Ruleset.eval_profile``,
in its ``ruleset.py``). Everything else is read from the ruleset's own metadata (roles,
power flags, sides).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class PollSpec:
    """How the probes ask "whom would you vote against?" in one ruleset."""

    kind: str
    abstain: str | None


@dataclass(frozen=True, slots=True)
class EvalProfile:
    """How the evaluation reads one ruleset's transcripts."""

    variant: str
    exile_ballots: tuple[str, ...]
    """Ballot names (or prefixes ending in ``_``) of the day's exile votes; the last one cast on a day is final."""
    village_sides: frozenset[str]
    wolf_sides: frozenset[str]
    exile_causes: frozenset[str]
    """``Died`` causes that mean "exiled by the day's vote"."""
    abstain_options: frozenset[str] = frozenset({"skip"})
    """Ballot options that are abstentions even when the rules record a target (e.g. a vote against oneself)."""
    accuse_options: Mapping[str, str] = field(default_factory=dict)
    """For yes/no ballots on one accused (``verdict``): the option that counts as a ballot against him."""
    lovers_side: str | None = None
    """Side of a mixed couple of lovers (``StatusChanged(status='lover')``), when the ruleset has one."""
    identity_announcements: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Cards whose identity is announced at the end (one_night: what the Doppelganger became)."""
    claims_compare_start_role: bool = False
    """Claims are about the dealt card (one night: "I am the Robber" is true of a dealt Robber)."""
    day_roles_final: bool = False
    """Cards move unseen at night (one night): during the day every seat holds its final card."""
    poll: PollSpec | None = None
    """The vote-intent probes' question (a decision kind and its abstention); ``None``: not polled."""

    def is_exile_ballot(self, ballot: str) -> bool:
        return any(ballot == b or (b.endswith("_") and ballot.startswith(b)) for b in self.exile_ballots)
