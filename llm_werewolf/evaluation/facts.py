"""What one transcript says, in the shape the metrics need.

Everything here is read from the transcript alone (header + records, the
god's view): who sat where and with which model, the true card of every seat
at every moment, deaths, the day's final exile ballot, speeches, and the
table's records (model calls, re-asks, fallbacks). A metric never replays the
game, so transcripts of an older rules version still score.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..rules import get_ruleset
from ..rules.acts import Act
from ..rules.errors import UnknownVariant
from ..rules.eval_profile import EvalProfile
from ..rules.events import (
    Announcement,
    ChoiceMade,
    Died,
    GameEnded,
    RoleAssigned,
    RolesRevealed,
    Speech,
    StatusChanged,
    VoteCast,
)
from ..rules.questions import question_of
from ..table_notes import Fallback, ModelCall, Rejected, Thought
from ..transcript import Transcript

MACHINE_KINDS = frozenset({"random", "heuristic", "scripted", "local", "openai", "langchain", "fake"})
"""Seat kinds whose speeches carry a structured claim; any other kind (a human) is read by the claim extractor."""


def day_of(phase: str) -> int:
    """The number of ``day:N`` / ``night:N`` phases (0 for setup, -1 for the end)."""
    kind, _, number = phase.partition(":")
    if number.isdigit():
        return int(number)
    return -1 if kind == "end" else 0


@dataclass(frozen=True, slots=True)
class Ballot:
    seq: int
    day: int
    ballot: str
    voter: int
    option: str
    target: int | None
    """The seat voted against; ``None`` for an abstention."""
    fallback: bool = False
    """The table's fallback cast it (the seat's answer was refused or never came)."""


@dataclass(frozen=True, slots=True)
class DayVote:
    """The final exile ballot of one day and who left by it."""

    day: int
    ballot: str
    votes: tuple[Ballot, ...]
    exiled: tuple[int, ...]

    def top_targets(self) -> frozenset[int]:
        counts = Counter(b.target for b in self.votes if b.target is not None)
        if not counts:
            return frozenset()
        best = max(counts.values())
        return frozenset(t for t, c in counts.items() if c == best)


@dataclass(frozen=True, slots=True)
class SpeechFact:
    seq: int
    day: int
    phase: str
    seat: int
    text: str
    stage: str
    claim: str | None
    public: bool
    acts: tuple[Act, ...] = ()
    """Structured speech acts (claim, result, accuse...; llm_werewolf.speech), when the speaker sent them."""
    fallback: bool = False
    """The table's fallback said it (the seat's answer was refused or never came)."""


@dataclass(frozen=True, slots=True)
class Death:
    seq: int
    day: int
    phase: str
    cause: str


@dataclass
class GameFacts:
    """The facts of one game that the metrics read."""

    path: str
    game_id: str
    variant: str
    language: str
    seed: int
    names: tuple[str, ...]
    models: tuple[str, ...]
    """Per seat: the model label (the seat spec: ``heuristic``, ``local``, ``openai:gpt-4o``...)."""
    kinds: tuple[str, ...]
    profile: EvalProfile | None
    complete: bool
    winners: frozenset[int] = frozenset()
    win_sides: tuple[str, ...] = ()
    reason: str = ""
    days: int = 0
    start_roles: tuple[str, ...] = ()
    final_roles: tuple[str, ...] = ()
    role_changes: dict[int, list[tuple[int, str]]] = field(default_factory=dict)
    identities: dict[str, str] = field(default_factory=dict)
    lovers: tuple[int, ...] = ()
    deaths: dict[int, Death] = field(default_factory=dict)
    ballots: list[Ballot] = field(default_factory=list)
    other_ballots: list[Ballot] = field(default_factory=list)
    """Ballots that do not exile (a night's kill vote, a sheriff election...): not scored, but checked."""
    day_votes: list[DayVote] = field(default_factory=list)
    speeches: list[SpeechFact] = field(default_factory=list)
    phases: list[str] = field(default_factory=list)
    decisions: Counter[int] = field(default_factory=Counter)
    rejected: Counter[int] = field(default_factory=Counter)
    fallbacks: Counter[int] = field(default_factory=Counter)
    calls: list[ModelCall] = field(default_factory=list)
    thoughts: list[tuple[int, int, str]] = field(default_factory=list)
    excluded: dict[int, tuple[str, float]] = field(default_factory=dict)
    """Seats scored as the fallback (:mod:`.fallback_seats`): seat -> (its model, its fallback share)."""
    """(seq, seat, text) of every private thought."""
    transcript: Transcript | None = None
    verdicts: dict[int, str] = field(default_factory=dict)
    """Validity verdict per speech record (seq), filled on first use (:meth:`verdict`)."""

    def verdict(self, speech: SpeechFact) -> str:
        """The :mod:`.validity` verdict on a speech (``valid``, ``placeholder``, ``off_language``...)."""
        found = self.verdicts.get(speech.seq)
        if found is None:
            from .validity import classify

            found = self.verdicts[speech.seq] = classify(speech.text, self.language)
        return found

    # -- seats ---------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.names)

    def phase_of(self, seq: int) -> str:
        return self.phases[seq] if 0 <= seq < len(self.phases) else "end"

    def role_at(self, seat: int, seq: int) -> str:
        """The seat's true card (its identity) just after record ``seq``."""
        profile = self.profile
        if profile is not None and profile.day_roles_final and self.phase_of(seq).startswith(("day", "end")):
            return self.identity(self.final_roles[seat])
        role = self.start_roles[seat] if self.start_roles else "unknown"
        for at, new in self.role_changes.get(seat, ()):
            if at > seq:
                break
            role = new
        return role

    def identity(self, card: str) -> str:
        return self.identities.get(card, card)

    def card_side(self, role: str) -> str:
        try:
            info = get_ruleset(self.variant).roles.get(role)
        except UnknownVariant:
            return "unknown"
        return info.side if info is not None else "unknown"

    def side_at(self, seat: int, seq: int) -> str:
        """The side of the seat's card at ``seq`` (lovers are counted by their card)."""
        return self.card_side(self.role_at(seat, seq))

    def final_side(self, seat: int) -> str:
        """The side the seat played for at the end (a mixed couple of lovers plays for the lovers)."""
        profile = self.profile
        if profile is not None and profile.lovers_side and seat in self.lovers and self.mixed_couple():
            return profile.lovers_side
        role = self.identity(self.final_roles[seat]) if self.final_roles else "unknown"
        return self.card_side(role)

    def mixed_couple(self) -> bool:
        if len(self.lovers) != 2:
            return False
        end = len(self.phases)
        return self.side_at(self.lovers[0], end) != self.side_at(self.lovers[1], end)

    def is_village(self, seat: int, seq: int) -> bool:
        return self.profile is not None and self.side_at(seat, seq) in self.profile.village_sides

    def is_wolf(self, seat: int, seq: int) -> bool:
        return self.profile is not None and self.side_at(seat, seq) in self.profile.wolf_sides

    def scored_model(self, seat: int, fallback: bool) -> str:
        """Whom a seat's act counts for: :data:`FALLBACK_MODEL` when the fallback made it, else the seat's model."""
        return FALLBACK_MODEL if fallback else self.models[seat]

    def alive_at(self, seat: int, seq: int) -> bool:
        death = self.deaths.get(seat)
        return death is None or death.seq > seq

    def alive_at_end(self, seat: int) -> bool:
        return seat not in self.deaths

    def won(self, seat: int) -> bool:
        return seat in self.winners

    def side_won(self, sides: frozenset[str]) -> bool:
        return any(s in sides for s in self.win_sides)


FALLBACK_MODEL = "fallback"
"""Whom the table's fallback answers count for (:mod:`.fallback_seats`)."""


class BadGame(ValueError):
    """A transcript that reads but cannot be scored (the message says why)."""


def check_facts(facts: GameFacts) -> None:
    """Every seat a metric will look up exists: a transcript that breaks this is refused as a whole."""
    n = facts.players
    if n == 0:
        raise BadGame("the header names no players")
    for what, roles in (("dealt cards", facts.start_roles), ("final cards", facts.final_roles)):
        if roles and len(roles) != n:
            raise BadGame(f"{len(roles)} {what} for {n} players")
    if facts.complete and not facts.start_roles:
        raise BadGame("the deal is missing (no RoleAssigned for every seat and no RolesRevealed)")

    def seat_ok(seat: int | None, what: str) -> None:
        if seat is not None and not 0 <= seat < n:
            raise BadGame(f"{what} names seat {seat}, but the game has {n} players")

    for speech in facts.speeches:
        seat_ok(speech.seat, f"a speech (record {speech.seq})")
    for ballot in (*facts.ballots, *facts.other_ballots):
        seat_ok(ballot.voter, f"a ballot (record {ballot.seq})")
        seat_ok(ballot.target, f"a ballot (record {ballot.seq})")
    for seat in facts.deaths:
        seat_ok(seat, "a death")
    for seat in facts.winners:
        seat_ok(seat, "the winners")
    for seat in (*facts.decisions, *facts.rejected, *facts.fallbacks, *facts.role_changes, *facts.lovers):
        seat_ok(seat, "a record")


def facts_from(transcript: Transcript, path: str = "") -> GameFacts:
    header = transcript.header
    players = len(header.names)
    seats = header.seats if len(header.seats) == players else []
    models = tuple(s.agent for s in seats) if seats else tuple("unknown" for _ in range(players))
    kinds = tuple(m.partition(":")[0].lower() for m in models)
    facts = GameFacts(
        path=path,
        game_id=header.game_id,
        variant=header.variant,
        language=header.language,
        seed=header.seed,
        names=tuple(header.names),
        models=models,
        kinds=kinds,
        profile=_profile_for(header.variant),
        complete=False,
        transcript=transcript,
    )
    _scan(facts, transcript)
    return facts


def _scan(facts: GameFacts, transcript: Transcript) -> None:
    profile = facts.profile
    dealt: dict[int, str] = {}
    lovers: list[int] = []
    announced: dict[str, str] = {}
    fallback_decisions: set[int] = set()
    by_fallback: dict[int, bool] = {}
    """Per seat: whether its last choice was the fallback's (what follows the choice is its result)."""
    for record in transcript.records:
        facts.phases.append(record.phase)
        event: Any = record.event
        seq = record.seq
        if isinstance(event, ChoiceMade):  # (also a question in schema 2: counted below)
            by_fallback[event.seat] = event.decision_id in fallback_decisions
        if isinstance(event, RoleAssigned):
            if event.reason == "deal" and event.seat not in dealt:
                dealt[event.seat] = event.role
            else:
                facts.role_changes.setdefault(event.seat, []).append((seq, event.role))
        elif question_of(event) is not None:
            facts.decisions[event.seat] += 1
        elif isinstance(event, Rejected):
            facts.rejected[event.seat] += 1
        elif isinstance(event, Fallback):
            facts.fallbacks[event.seat] += 1
            fallback_decisions.add(event.decision_id)
        elif isinstance(event, ModelCall):
            facts.calls.append(event)
        elif isinstance(event, Thought):
            facts.thoughts.append((seq, event.seat, event.text))
        elif isinstance(event, Speech):
            facts.speeches.append(
                SpeechFact(
                    seq=seq,
                    day=day_of(record.phase),
                    phase=record.phase,
                    seat=event.seat,
                    text=event.text,
                    stage=event.stage,
                    claim=event.claim,
                    public=record.vis.scope == "public" and event.to is None,
                    acts=tuple(getattr(event, "acts", ())),
                    fallback=by_fallback.get(event.seat, False),
                )
            )
        elif isinstance(event, VoteCast):
            if profile is not None and profile.is_exile_ballot(event.ballot):
                facts.ballots.append(_ballot(profile, seq, record.phase, event, by_fallback.get(event.seat, False)))
            else:
                facts.other_ballots.append(_plain_ballot(seq, record.phase, event))
        elif isinstance(event, Died):
            facts.deaths.setdefault(event.seat, Death(seq, day_of(record.phase), record.phase, event.cause))
        elif isinstance(event, StatusChanged):
            if event.status == "lover" and event.value == "on" and event.seat not in lovers:
                lovers.append(event.seat)
        elif isinstance(event, Announcement):
            if event.value is not None:
                announced[event.key] = event.value
        elif isinstance(event, GameEnded):
            facts.complete = True
            facts.winners = frozenset(event.winners)
            facts.win_sides = tuple(event.sides)
            facts.reason = event.reason
        elif isinstance(event, RolesRevealed):
            facts.final_roles = tuple(event.roles)
            facts.start_roles = tuple(event.start_roles)
        if record.phase.startswith("day:"):
            facts.days = max(facts.days, day_of(record.phase))
    if not facts.start_roles and len(dealt) == facts.players:
        facts.start_roles = tuple(dealt[i] for i in range(facts.players))
    if not facts.final_roles and facts.start_roles:
        facts.final_roles = tuple(facts.role_at(i, len(facts.phases)) for i in range(facts.players))
    for seat in facts.role_changes:
        facts.role_changes[seat].sort()
    facts.lovers = tuple(sorted(lovers))
    if profile is not None:
        for card, keys in profile.identity_announcements.items():
            for key in keys:
                if key in announced:
                    facts.identities[card] = announced[key]
                    break
        facts.day_votes = _day_votes(facts, profile)


def _profile_for(variant: str) -> EvalProfile | None:
    """The ruleset's evaluation profile (``None`` for an unknown ruleset or one without voting metrics)."""
    try:
        return get_ruleset(variant).eval_profile
    except UnknownVariant:
        return None


def _ballot(profile: EvalProfile, seq: int, phase: str, event: VoteCast, fallback: bool = False) -> Ballot:
    target = event.target
    if event.option in profile.abstain_options:
        target = None
    for prefix, accuse in profile.accuse_options.items():
        if event.ballot.startswith(prefix) and event.option != accuse:
            target = None
    return Ballot(
        seq=seq,
        day=day_of(phase),
        ballot=event.ballot,
        voter=event.seat,
        option=event.option,
        target=target,
        fallback=fallback,
    )


def _plain_ballot(seq: int, phase: str, event: VoteCast) -> Ballot:
    day = day_of(phase)
    return Ballot(seq=seq, day=day, ballot=event.ballot, voter=event.seat, option=event.option, target=event.target)


def _day_votes(facts: GameFacts, profile: EvalProfile) -> list[DayVote]:
    final: dict[int, str] = {}
    for ballot in facts.ballots:  # in log order: the last ballot name of a day wins
        final[ballot.day] = ballot.ballot
    out: list[DayVote] = []
    for day in sorted(final):
        name = final[day]
        votes = tuple(b for b in facts.ballots if b.day == day and b.ballot == name)
        exiled = tuple(
            sorted(
                s
                for s, d in facts.deaths.items()
                if d.day == day and d.phase.startswith("day") and d.cause in profile.exile_causes
            )
        )
        out.append(DayVote(day=day, ballot=name, votes=votes, exiled=exiled))
    return out
