"""Small hand-made transcripts for metric tests, written with the real TranscriptWriter."""

from __future__ import annotations

from pathlib import Path

from llm_werewolf.evaluation.facts import GameFacts
from llm_werewolf.evaluation.load import load_facts
from llm_werewolf.rules.acts import Act
from llm_werewolf.rules.events import (
    GOD,
    PUBLIC,
    Asked,
    Died,
    EventBody,
    GameEnded,
    GameStarted,
    PhaseStarted,
    Record,
    RoleAssigned,
    RolesRevealed,
    Speech,
    Visibility,
    VoteCast,
    make_record,
    to_seats,
)
from llm_werewolf.transcript import Header, SeatInfo, TranscriptWriter


class FakeGame:
    """Build a transcript record by record: ``phase(...)``, then events in order."""

    def __init__(
        self, variant: str, roles: list[str], models: list[str], *, language: str = "en", seed: int = 1
    ) -> None:
        self.variant = variant
        self.roles = roles
        self.names = [f"P{i + 1}" for i in range(len(roles))]
        self.header = Header(
            game_id=f"{variant}-fixture-{seed}",
            variant=variant,
            language=language,
            seed=seed,
            names=self.names,
            roles=list(roles),
            seats=[SeatInfo(name=n, agent=m) for n, m in zip(self.names, models, strict=True)],
        )
        self.records: list[Record] = []
        self.current = "setup"
        self.add(GameStarted(variant=variant, language=language, names=tuple(self.names), deck=tuple(sorted(roles))))
        for seat, role in enumerate(roles):
            self.add(RoleAssigned(seat=seat, role=role), to_seats(seat))

    def phase(self, kind: str, number: int) -> None:
        self.current = f"{kind}:{number}"
        self.add(PhaseStarted(phase=kind, number=number))  # type: ignore[arg-type]

    def add(self, event: EventBody, vis: Visibility = PUBLIC) -> int:
        seq = len(self.records)
        self.records.append(make_record(seq, self.current, vis, event))
        return seq

    def say(
        self, seat: int, text: str, claim: str | None = None, stage: str = "discussion", acts: tuple[Act, ...] = ()
    ) -> int:
        return self.add(Speech(seat=seat, text=text, stage=stage, claim=claim, acts=acts))

    def votes(self, ballot: str, ballots: dict[int, int | None], *, skip: str = "skip") -> None:
        for seat in ballots:
            self.add(Asked(decision_id=len(self.records), seat=seat, decision="vote", options=()), to_seats(seat))
        for seat, target in ballots.items():
            option = skip if target is None else f"seat:{target}"
            self.add(VoteCast(seat=seat, ballot=ballot, option=option, target=target))

    def die(self, seat: int, cause: str) -> None:
        self.add(Died(seat=seat, cause=cause), GOD)

    def end(
        self, winners: tuple[int, ...], sides: tuple[str, ...], reason: str, final: list[str] | None = None
    ) -> None:
        self.current = "end"
        self.add(GameEnded(winners=winners, sides=sides, reason=reason))
        self.add(RolesRevealed(roles=tuple(final or self.roles), start_roles=tuple(self.roles)))

    def write(self, folder: Path, name: str | None = None) -> Path:
        path = folder / f"{name or self.header.game_id}.jsonl"
        with TranscriptWriter(path, self.header) as writer:
            writer.write(self.records)
        return path

    def save(self, folder: Path, name: str | None = None) -> GameFacts:
        return load_facts(self.write(folder, name))
