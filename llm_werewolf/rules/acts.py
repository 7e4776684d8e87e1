"""Speech acts: the structured content of a speech (what it claims, reports, asks).

An :class:`Act` is plain data carried by a speech :class:`~.decisions.Choice` and
recorded in its ``ChoiceMade`` and ``Speech`` events. The vocabulary (the act kinds,
and the result facts each ruleset and role unit declares) is :mod:`.act_vocabulary`, the
legality check :mod:`.act_legality`; :func:`~.engine.validate_choice` calls that check,
so an illegal act is refused like an illegal option. Turning acts into words is the
speech layer's work, above the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pydantic import Field


def _empty(refs: tuple[int, ...]) -> bool:
    """An act without references is written without the field (transcripts from before it replay byte for byte)."""
    return not refs


@dataclass(frozen=True, slots=True)
class Act:
    """One speech act.

    ``kind``: ``claim``, ``result``, ``accuse``, ``defend``, ``agree``, ``disagree``,
    ``vote``, ``ask``, or one of the discourse kinds ``answer`` (to a question put to the
    speaker) and ``reason`` (a public game fact offered as grounds). ``target``: the seat
    the act is about (a center slot for a result about a center card). ``other``: a second seat (two lovers, two
    swapped cards, a visitor). ``role``: the role a ``claim`` names. ``fact`` and
    ``value``: what a ``result`` reports (``check`` / ``bad``, ``saw_role`` / a role id...);
    the question of an ``ask`` or ``answer`` and the kind of a ``reason`` are its ``fact``.
    ``refs``: sequence numbers of the records that support a fact the act asserts (a
    ``reason``'s vote, speech or claim), checked by the speech layer's grounding.
    """

    kind: str
    target: int | None = None
    other: int | None = None
    role: str | None = None
    fact: str | None = None
    value: str | None = None
    refs: Annotated[tuple[int, ...], Field(exclude_if=_empty)] = ()
