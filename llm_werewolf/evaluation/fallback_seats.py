"""A seat that the table answered for more often than not is the fallback's seat, not the model's.

When the table answers a decision for a model (broken output, a deadline, a transport fault), the
heuristic fallback decided it. A game in which a model seat's fallback share (fallbacks / decisions
asked, at least :data:`MIN_DECISIONS` of them) exceeds :data:`FALLBACK_SHARE_LIMIT` is therefore
excluded from that model's ratings, win rates and every other per-model metric: the seat is
scored as :data:`FALLBACK_MODEL`, and the game is counted as excluded for the model
(``GameFacts.excluded``). The other seats of the game keep their models.

Below the limit the seat stays the model's, but each ballot and speech the fallback made for it
counts for :data:`FALLBACK_MODEL` (``Ballot.fallback``, ``SpeechFact.fallback``: IRP, VSS, bus
rate and claim honesty judge what the model did, not what the fallback did for it).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..table.seating import MODEL_KINDS
from .facts import FALLBACK_MODEL, GameFacts

FALLBACK_SHARE_LIMIT = 0.5
"""The documented threshold (the same default as a tournament's ``max_fallback_share``)."""
MIN_DECISIONS = 2
"""A seat asked fewer decisions than this in a game is never excluded (one answer is no share)."""


def fallback_share(game: GameFacts, seat: int) -> float:
    asked = game.decisions.get(seat, 0)
    return game.fallbacks.get(seat, 0) / asked if asked else 0.0


def attribute_fallbacks(game: GameFacts, limit: float = FALLBACK_SHARE_LIMIT) -> None:
    """Relabel every model seat of ``game`` above ``limit`` as :data:`FALLBACK_MODEL` (in place)."""
    models = list(game.models)
    for seat, model in enumerate(game.models):
        if game.kinds[seat] not in MODEL_KINDS:
            continue
        share = fallback_share(game, seat)
        if share > limit and game.decisions.get(seat, 0) >= MIN_DECISIONS:
            game.excluded[seat] = (model, share)
            models[seat] = FALLBACK_MODEL
    if game.excluded:
        game.models = tuple(models)
        game.kinds = tuple(FALLBACK_MODEL if s in game.excluded else k for s, k in enumerate(game.kinds))


def excluded_counts(games: Sequence[GameFacts]) -> dict[str, int]:
    """Model -> games excluded from its scores (a game counts once per model, however many seats)."""
    counts: dict[str, int] = {}
    for game in games:
        for model in sorted({model for model, _ in game.excluded.values()}):
            counts[model] = counts.get(model, 0) + 1
    return dict(sorted(counts.items()))
