"""Errors of the prompt layer."""

from __future__ import annotations

from ..texts import TextDataError


class PromptError(TextDataError):
    """A prompt template failed to render (names the template and the cause)."""
