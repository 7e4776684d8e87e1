"""The speech-act kinds, and the shape of the results roles can report.

Pure data (no I/O). Every ruleset has the same eight act kinds; what differs is
the *results* (:class:`Fact`): which role can report which fact, with which
values, about a seat or a center card. Each ruleset declares its results in its
own folder (``variants/<id>/facts.py``, read through ``Ruleset.speech_facts``) and a
role unit declares its own (``RoleUnit.facts``); a ruleset's :class:`Vocabulary` gathers
them (``act_vocabulary.vocabulary`` finds it by the ruleset's id).

How a result is known is declared too, so ``speech.truth`` can say whether a seat's
act matches what it saw (``info``: a private ``Info`` record; ``decisions``: the
seat's own night choice) and whether it matches the god view.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

ACT_KINDS: tuple[str, ...] = ("claim", "result", "accuse", "defend", "agree", "disagree", "vote", "ask")
"""Every act kind, in the order the picker offers them."""

SEAT_ACTS = frozenset({"accuse", "defend", "agree", "disagree", "vote", "ask"})
"""Kinds whose ``target`` is a seat (the speaker may defend only himself among these)."""

MAX_ACTS = 4
"""Most acts a model picks for one speech (and one heuristic intent makes)."""

DISCOURSE_KINDS: tuple[str, ...] = ("answer", "reason")
"""Kinds the discourse planner adds around an intent (``speech.planner``): an answer to a
question put to the speaker, and a public fact offered as grounds, with its records' refs."""

QUESTIONS: tuple[str, ...] = ("vote", "trust", "role")
"""What an ``ask`` (its ``fact``; none: a general question, answered as ``vote``) and an ``answer`` are about."""

REASONS: tuple[str, ...] = ("voted", "claimed", "named_first", "quiet", "accused")
"""The public facts a ``reason`` asserts (``speech.grounding`` finds and checks them)."""

MAX_SPEECH_ACTS = 8
"""Most acts one speech may carry (an intent's acts with the planner's answers, reasons and question)."""

TargetKind = Literal["seat", "center", "none"]


@dataclass(frozen=True, slots=True)
class Fact:
    """One kind of result a role can report (``result`` acts).

    ``values``: the words the result may take (``()``: no value; ``("role",)``:
    any role id of the ruleset). ``target``: what ``Act.target`` names.
    ``other``: a second seat is needed (two lovers, two swapped players, a visitor).
    ``info``/``decisions``: where the reporting seat learned it (see :mod:`.truth`).
    """

    id: str
    roles: tuple[str, ...]
    values: tuple[str, ...] = ()
    target: TargetKind = "seat"
    other: bool = False
    self_ok: bool = False
    info: str | None = None
    decisions: tuple[str, ...] = ()

    @property
    def takes_role(self) -> bool:
        return self.values == ("role",)


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """The acts of one ruleset. ``bad_roles``: the roles a binary ``check`` reports as bad."""

    variant: str
    facts: tuple[Fact, ...] = ()
    bad_roles: frozenset[str] = frozenset()
    kinds: tuple[str, ...] = ACT_KINDS
    by_id: Mapping[str, Fact] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_id", {f.id: f for f in self.facts})

    def fact(self, fact_id: str) -> Fact | None:
        return self.by_id.get(fact_id)

    def facts_of(self, role: str | None) -> tuple[Fact, ...]:
        """The results a holder of ``role`` can report."""
        if role is None:
            return ()
        return tuple(f for f in self.facts if role in f.roles)

    def reporting_roles(self) -> frozenset[str]:
        return frozenset(r for f in self.facts for r in f.roles)


BINARY = ("bad", "good")
"""The values of a binary check."""
ROLE = ("role",)
"""The values of a result that names any role of the ruleset."""
