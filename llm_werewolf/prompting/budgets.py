"""Character budgets of a prompt's sections: what a model seat receives stays under ``total`` by construction.

One place for every section's budget (docs/prompts.md):

* ``system``: the rules of this table, the seats and the deck (``system.j2``). Not cut: it is fixed for a
  game, and its size is checked for every ruleset's largest board (tests/llm/test_long_game_prompts.py).
* ``card``: the seat's card, tips and persona (persona texts are already cut to their fields' lengths).
* ``earlier_days``: the earlier days, compacted to their facts. Over budget, the speeches that claim a
  role are shortened to their acts and claim, then the oldest lines go first.
* ``current_day``: the latest day and the night after it, in full. Over budget, today's older speeches are
  shortened to their acts and claims (who spoke stays, the quote becomes an ellipsis), oldest first; the
  newest speech is kept whole; then the oldest lines go.
* ``plan``: the speech plan (``plan.j2``). Over budget, its facts go from the last, then its questions.
* the decision and its options: never cut.

When the whole prompt (system and user message, or the transcript with its cue) would still pass
``total``, the two history sections give up what is over, earlier days first.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PromptBudgets:
    """Characters per prompt section (see the module's docstring)."""

    total: int = 9_000
    """The whole prompt the model receives: system and user message (and a transcript's cue)."""
    system: int = 3_500
    """Rules, seats and deck: checked, not cut."""
    card: int = 900
    """The seat's card, tips and persona."""
    earlier_days: int = 2_000
    """The earlier days, compacted to their facts."""
    current_day: int = 2_600
    """The latest day and the night after it."""
    plan: int = 1_000
    """The speech plan."""


BUDGETS = PromptBudgets()

GIST = "…"
"""What stands for the words of a shortened speech (its speaker, acts and claim stay)."""
