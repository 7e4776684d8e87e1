"""Character budgets of a prompt's sections: what a model seat receives stays under ``total`` by construction.

One place for every section's budget (docs/prompts.md):

* ``system``: the rules of this table, the seats and the deck (``system.j2``). Not cut: it is fixed for a
  game, and its size is checked for every ruleset's largest board (tests/llm/test_long_game_prompts.py).
* ``card``: the role's tips and the persona's texts (temperament, style, background). Over budget, the
  persona's background is cut first, then its style.
* ``earlier_days``: the earlier days, compacted to their facts. Over budget, the speeches that claim a
  role are shortened to their acts and claim, then the oldest lines go first.
* ``current_day``: the phases in full (from the latest compaction on, see ``history.py``). Over budget,
  the older speeches are shortened to their acts and claims (who spoke stays, the quote becomes an
  ellipsis), oldest first; the newest speech is kept whole; then the oldest lines go.
* ``private``: what only this seat (or its team) knows: its card, its results, its team's night ballots.
  Over budget, the oldest lines go; the first line, the card, stays.
* ``plan``: the speech plan (``plan.j2``). Over budget, its facts go from the last, then its questions.
* the decision and its options: never cut.

When the whole prompt (system and user message, or the transcript with its cue) would still pass
``total``, the history sections give up what is over: the earlier days first, then the current day,
then the private lines.
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
    card: int = 1_200
    """The role's tips and the persona's texts."""
    earlier_days: int = 2_000
    """The earlier days, compacted to their facts."""
    current_day: int = 3_500
    """The phases in full (from the latest compaction on)."""
    private: int = 1_500
    """The seat's private lines."""
    plan: int = 1_000
    """The speech plan."""


BUDGETS = PromptBudgets()

GIST = "…"
"""What stands for the words of a shortened speech (its speaker, acts and claim stay)."""
