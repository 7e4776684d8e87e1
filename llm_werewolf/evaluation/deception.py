"""Deception read from structured speech acts, with the truth from the god view.

Every speech may carry acts (``claim``, ``result``, ``accuse``, ``defend``,
``vote``...; docs/speech-acts.md): heuristic players speak through them, model
players send them with their text. Only *valid* utterances are read
(:mod:`.validity`): an act attached to a placeholder echo is not a lie. Truth is
judged by :func:`llm_werewolf.speech.truth.is_true` on the transcript's records
(the god view) at the moment of speaking.

* **false results** — ``result`` acts ("I checked 3: wolf") that are false, by side and model;
* **accusation precision** — village-side ``accuse`` acts whose target is on the wolf side;
* **accusation bus rate** — wolf-side ``accuse`` acts against a wolf-side partner;
* **liar survival** — speakers with at least one false claim or false result, alive at the end;
* **votes after a claim** — the day's final exile ballots (of other voters) cast against
  a claimant after the claim, for false and for true claims: does lying draw the vote?
* **claim swing** (with the opt-in vote-intent probe only) — of the listeners who intended
  to vote against a claimant just before the claim, the share who no longer did just after.

Role claims themselves (false-claim rate, detection, survival) are :mod:`.claims`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..rules.acts import Act
from ..table_notes import VoteIntent
from .facts import GameFacts, SpeechFact, day_of
from .intervals import mean_interval
from .tally import Grouped


def _is_true(game: GameFacts, act: Act, speech: SpeechFact) -> bool | None:
    if game.transcript is None:
        return None
    from ..speech.truth import is_true

    # Every seat's card then, as the facts know it (one_night: the cards at the night's end, which the
    # records alone miss when the troublemaker swapped two cards in secret).
    cards = tuple(None if r == "unknown" else r for r in (game.role_at(i, speech.seq) for i in range(game.players)))
    try:
        return is_true(act, game.transcript.records, speech.seat, game.variant, speech.seq, cards)
    except Exception:  # an act the vocabulary of this ruleset does not know: no verdict
        return None


def _acted(game: GameFacts) -> list[tuple[SpeechFact, Act]]:
    return [(s, a) for s in game.speeches if s.public and s.acts and game.verdict(s) == "valid" for a in s.acts]


@dataclass
class Deception:
    acts: int = 0
    speeches_with_acts: int = 0
    false_results_by_side_model: Grouped[tuple[str, str]] = field(default_factory=Grouped)
    false_results_by_side: Grouped[str] = field(default_factory=Grouped)
    accusation_precision_by_model: Grouped[str] = field(default_factory=Grouped)
    accusation_bus_by_model: Grouped[str] = field(default_factory=Grouped)
    liar_survival_by_side: Grouped[str] = field(default_factory=Grouped)
    liar_survival_by_model: Grouped[str] = field(default_factory=Grouped)
    votes_after_claim: Grouped[str] = field(default_factory=Grouped)
    """Keyed ``false`` / ``true``: other voters' final ballots against the claimant after the claim."""
    claim_swing: dict[str, list[float]] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {
            "acts": self.acts,
            "speeches_with_acts": self.speeches_with_acts,
            "false_results_by_side_model": self.false_results_by_side_model.as_dict(),
            "false_results_by_side": self.false_results_by_side.as_dict(),
            "accusation_precision_by_model": self.accusation_precision_by_model.as_dict(),
            "accusation_bus_rate_by_model": self.accusation_bus_by_model.as_dict(),
            "liar_survival_by_side": self.liar_survival_by_side.as_dict(),
            "liar_survival_by_model": self.liar_survival_by_model.as_dict(),
            "votes_against_claimant_after_claim": self.votes_after_claim.as_dict(),
            "claim_swing_by_truth": {k: mean_interval(v) for k, v in sorted(self.claim_swing.items())},
        }


def deception(games: Sequence[GameFacts]) -> Deception:
    out = Deception()
    for game in games:
        acted = _acted(game)
        out.acts += len(acted)
        out.speeches_with_acts += len({s.seq for s, _ in acted})
        liars: set[int] = set()
        speakers: set[int] = set()
        claims: list[tuple[SpeechFact, bool]] = []
        for speech, act in acted:
            seat, model = speech.seat, game.models[speech.seat]
            side = game.side_at(seat, speech.seq)
            speakers.add(seat)
            if act.kind in ("claim", "result"):
                true = _is_true(game, act, speech)
                if true is None:
                    continue
                if act.kind == "result":
                    out.false_results_by_side_model[(side, model)].add(not true)
                    out.false_results_by_side[side].add(not true)
                else:
                    claims.append((speech, true))
                if not true:
                    liars.add(seat)
            elif act.kind == "accuse" and act.target is not None and 0 <= act.target < game.players:
                target_wolf = game.is_wolf(act.target, speech.seq)
                if game.is_village(seat, speech.seq):
                    out.accusation_precision_by_model[model].add(target_wolf)
                elif game.is_wolf(seat, speech.seq):
                    out.accusation_bus_by_model[model].add(target_wolf)
        for seat in sorted(liars):
            side = game.final_side(seat)
            out.liar_survival_by_side[side].add(game.alive_at_end(seat))
            out.liar_survival_by_model[game.models[seat]].add(game.alive_at_end(seat))
        _votes_after(game, claims, out)
        _swing(game, claims, out)
    return out


def _votes_after(game: GameFacts, claims: list[tuple[SpeechFact, bool]], out: Deception) -> None:
    counted: set[tuple[int, int]] = set()
    for speech, true in claims:
        key = (speech.seat, speech.day)
        if key in counted:
            continue
        for day in game.day_votes:
            if day.day != speech.day or not day.votes or day.votes[0].seq < speech.seq:
                continue
            counted.add(key)
            for ballot in day.votes:
                if ballot.voter != speech.seat:
                    out.votes_after_claim["true" if true else "false"].add(ballot.target == speech.seat)


def _swing(game: GameFacts, claims: list[tuple[SpeechFact, bool]], out: Deception) -> None:
    if game.transcript is None:
        return
    polls: dict[int, dict[int, VoteIntent]] = {}
    for record in game.transcript.records:
        if isinstance(record.event, VoteIntent):
            polls.setdefault(record.event.about, {})[record.event.seat] = record.event
    if not polls:
        return
    abouts = sorted(polls)
    for speech, true in claims:
        if speech.seq not in polls:
            continue
        before_at = [a for a in abouts if a < speech.seq and day_of(game.phase_of(a)) == speech.day]
        if not before_at:
            continue
        before, after = polls[before_at[-1]], polls[speech.seq]
        against = [s for s, i in before.items() if s != speech.seat and i.target == speech.seat and s in after]
        if against:
            moved = sum(1 for s in against if after[s].target != speech.seat)
            out.claim_swing.setdefault("true" if true else "false", []).append(moved / len(against))
