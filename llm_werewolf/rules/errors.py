"""Precise error types raised by the rules core.

Every error is a ``ValueError`` subclass (as in python-chess), so callers that
only care that an input was bad can catch ``ValueError``; callers that want to
tell the model *why* can catch the precise class.
"""

from __future__ import annotations


class RulesError(ValueError):
    """Base class of every error the rules core raises on bad input."""


class SetupError(RulesError):
    """The requested table cannot be dealt (bad player count, impossible deck, unknown role...)."""


class OptionsError(SetupError):
    """An unknown game option or a bad option value."""


class UnknownVariant(SetupError):
    """No ruleset with that id is registered."""


class IllegalChoice(RulesError):
    """A submitted choice is not legal now. The state is left unchanged."""


class NoSuchDecision(IllegalChoice):
    """The decision id is not pending (already answered, never asked, or game over)."""


class AlreadyAnswered(IllegalChoice):
    """This decision already has an answer."""


class OptionNotOffered(IllegalChoice):
    """The chosen option id is not among the decision's legal options."""


class TextNotAllowed(IllegalChoice):
    """Free text or a claim was sent to a decision that is not a speech."""


class SpeechTooLong(IllegalChoice):
    """A speech exceeds the table's length cap."""


class UnknownClaim(IllegalChoice):
    """A role claim names a role this ruleset does not have."""


class IllegalAct(IllegalChoice):
    """A speech act names a seat, role or result this game or that role cannot have."""


class GameOver(IllegalChoice):
    """The game has already ended."""
