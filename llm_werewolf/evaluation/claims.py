"""Role-claim honesty: false-claim rate, detection within k days, false-claim survival.

A claim is a public statement "I am the <role>": the structured ``Speech.claim``
where the speaker sent one, or what :mod:`llm_werewolf.speech.claim_extractor` finds in the text.
Only valid utterances are read (:mod:`.validity`): a placeholder echo or a loop
is counted as invalid, never as a claim, true or false.
Each (game, seat, claimed role) counts once, at its first statement. It is
false when the role is not the speaker's true card at that moment (one night:
not the dealt card nor a card the seat was shown it now holds).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from ..speech.claim_extractor import extract_claims
from ..strings.chinese import to_traditional
from .facts import GameFacts, SpeechFact
from .tally import Grouped, Share

ClaimSource = Literal["auto", "structured", "text"]


@dataclass(frozen=True, slots=True)
class Claim:
    game_id: str
    seat: int
    model: str
    day: int
    seq: int
    stage: str
    claimed: str
    true_role: str
    side: str
    false: bool
    source: str
    alive: bool
    """The speaker was alive when he said it (last words are not)."""


def _said(game: GameFacts, speech: SpeechFact, source: ClaimSource) -> tuple[list[str], str]:
    """The roles a speech claims and where they were read: the structured acts or field, or the text.

    ``auto`` takes the structured claim (a ``claim`` speech act, else the ``claim`` field) where the
    speaker sent one and reads the text otherwise
    (a human, a base model that writes prose, a model that claimed in words but not in the field).
    """
    structured = [a.role for a in speech.acts if a.kind == "claim" and a.role] or (
        [speech.claim] if speech.claim else []
    )
    if source == "structured" or (source == "auto" and structured):
        return structured, "structured"
    text = speech.text
    if game.language == "zh-Hant":
        text = to_traditional(text)
    try:
        return extract_claims(text, game.language, game.variant), "text"
    except Exception:  # an unknown variant or language: nothing to extract with
        return [], "text"


def _true(game: GameFacts, seat: int, seq: int, claimed: str) -> tuple[bool, str]:
    now = game.role_at(seat, seq)
    profile = game.profile
    if profile is not None and profile.claims_compare_start_role and game.start_roles:
        start = game.start_roles[seat]
        shown = {role for at, role in game.role_changes.get(seat, ()) if at <= seq}
        truthful = {start, game.identity(start), *shown}
        return claimed in truthful, start
    return claimed == now, now


def claims_of(game: GameFacts, source: ClaimSource = "auto") -> list[Claim]:
    seen: set[tuple[int, str]] = set()
    out: list[Claim] = []
    for speech in game.speeches:
        if not speech.public or game.verdict(speech) != "valid":
            continue  # an invalid utterance (placeholder, loop, off-language...) claims nothing
        roles, how = _said(game, speech, source)
        for claimed in roles:
            key = (speech.seat, claimed)
            if key in seen:
                continue
            seen.add(key)
            truthful, true_role = _true(game, speech.seat, speech.seq, claimed)
            out.append(
                Claim(
                    game_id=game.game_id,
                    seat=speech.seat,
                    model=game.scored_model(speech.seat, speech.fallback),
                    day=speech.day,
                    seq=speech.seq,
                    stage=speech.stage,
                    claimed=claimed,
                    true_role=true_role,
                    side=game.side_at(speech.seat, speech.seq),
                    false=not truthful,
                    source=how,
                    alive=game.alive_at(speech.seat, speech.seq),
                )
            )
    return out


def voted_against_within(game: GameFacts, claim: Claim, k: int) -> bool:
    """The claimant topped (ties included) a final exile ballot cast after the claim within ``k`` days."""
    for day in game.day_votes:
        if not claim.day <= day.day < claim.day + k:
            continue
        if not day.votes or day.votes[0].seq < claim.seq:
            continue
        if claim.seat in day.top_targets():
            return True
    return False


@dataclass
class ClaimHonesty:
    k: int
    claims: int = 0
    false_rate_by_side_model: Grouped[tuple[str, str]] = field(default_factory=Grouped)
    false_rate_by_model: Grouped[str] = field(default_factory=Grouped)
    false_rate_by_side: Grouped[str] = field(default_factory=Grouped)
    detected: int = 0
    """True positives: false claims whose speaker was voted against within k days."""
    flagged: int = 0
    """Claims (true or false) whose speaker was voted against within k days."""
    false_scored: int = 0
    """False claims by living speakers in games with day votes (the recall denominator)."""
    survival_by_side: Grouped[str] = field(default_factory=Grouped)
    survival_by_model: Grouped[str] = field(default_factory=Grouped)
    sources: dict[str, int] = field(default_factory=dict)
    invalid_utterances: int = 0
    """Public utterances not read for claims because they are not valid speech (:mod:`.validity`)."""

    @property
    def precision(self) -> Share:
        return Share(self.detected, self.flagged)

    @property
    def recall(self) -> Share:
        return Share(self.detected, self.false_scored)

    def as_dict(self) -> dict[str, Any]:
        return {
            "k_days": self.k,
            "claims": self.claims,
            "sources": dict(sorted(self.sources.items())),
            "invalid_utterances_ignored": self.invalid_utterances,
            "false_rate_by_side_model": self.false_rate_by_side_model.as_dict(),
            "false_rate_by_model": self.false_rate_by_model.as_dict(),
            "false_rate_by_side": self.false_rate_by_side.as_dict(),
            "detection_precision": self.precision.as_dict(),
            "detection_recall": self.recall.as_dict(),
            "false_claim_survival_by_side": self.survival_by_side.as_dict(),
            "false_claim_survival_by_model": self.survival_by_model.as_dict(),
        }


def claim_honesty(games: Sequence[GameFacts], *, k: int = 1, source: ClaimSource = "auto") -> ClaimHonesty:
    out = ClaimHonesty(k=k)
    for game in games:
        out.invalid_utterances += sum(1 for s in game.speeches if s.public and game.verdict(s) != "valid")
        for claim in claims_of(game, source):
            out.claims += 1
            out.sources[claim.source] = out.sources.get(claim.source, 0) + 1
            out.false_rate_by_side_model[(claim.side, claim.model)].add(claim.false)
            out.false_rate_by_model[claim.model].add(claim.false)
            out.false_rate_by_side[claim.side].add(claim.false)
            if not claim.alive or game.profile is None:
                continue
            against = voted_against_within(game, claim, k)
            if against:
                out.flagged += 1
                out.detected += claim.false
            if claim.false:
                out.false_scored += 1
                survived = game.alive_at_end(claim.seat)
                out.survival_by_side[claim.side].add(survived)
                out.survival_by_model[claim.model].add(survived)
    return out
