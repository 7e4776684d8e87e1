"""The day limit (``max_days``), one meaning for every ruleset.

``max_days = N``: at most N days are played. When day N is over (its vote, shots and win
check done) and nobody has won, the game ends as a draw (``day_limit``) at the nightfall
that follows: night N+1 is not played. Each ruleset calls :func:`end_at_day_limit` where
its night begins.
"""

from __future__ import annotations

from typing import Any

from .engine import Ctx


def day_limit_reached(days_played: int, max_days: int) -> bool:
    """Whether no further night may start after ``days_played`` days."""
    return days_played >= max_days


def end_at_day_limit(ctx: Ctx[Any, Any]) -> bool:
    """At nightfall: end the game as a draw if the day limit is reached (returns whether it did)."""
    if not day_limit_reached(ctx.state.days_played, ctx.options.max_days):
        return False
    ctx.finish(ctx.rules.draw())
    return True
