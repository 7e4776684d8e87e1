"""How a heuristic listener names what is said at a ruleset's table: the ruleset's intent keys.

The heuristic players decide what to say as an intent key (``seer_wolf``, ``expose``...);
:func:`llm_werewolf.speech.intent.heard_intent` reads a speech's acts back into those keys.
The keys differ per ruleset; each declares them here as data (``Ruleset.heard``, in its
``ruleset.py``), so the reader branches on none of their names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class HeardKeys:
    """The intent keys of one ruleset's heuristic listeners; the defaults hear only generic acts."""

    check: tuple[str, str] | None = None
    """A ``check`` result (bad, good): its key for a wolf and for a good seat."""
    check_words: tuple[str, str] | None = None
    """The word a ``check`` result is heard with (bad, good), if the heuristics keep one."""
    saw_wolf: str | None = None
    """The key of a ``saw_wolf`` result (a peek at the wolves)."""
    seer_claim: str | None = None
    """A role whose bare claim is heard as ``seer_claim`` (else ``claim``)."""
    votes_apart: bool = False
    """A speech that votes without accusing is heard as ``vote_for`` (else ``accuse``)."""
    results: Mapping[str, str] = field(default_factory=dict)
    """Other result facts and their keys (the value is kept)."""
    untargeted: frozenset[str] = frozenset()
    """Facts of ``results`` heard without their target (about the speaker or the center)."""
    paired: frozenset[str] = frozenset()
    """Facts of ``results`` about two seats: heard with the other seat's name, no claim."""
    role_seen: str | None = None
    """The key of a ``saw_role`` result, unless the claimed role has its own in ``role_seen_by``."""
    role_seen_by: Mapping[str, str] = field(default_factory=dict)
    any_result: str | None = None
    """The key of any other result (its claim and value kept); else it is heard without a key."""
