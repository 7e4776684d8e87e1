"""From a heuristic player's intent to acts: what its strategy decided, said as acts.

Heuristic policies decide *what* to say as an intent — a key (``seer_wolf``,
``accuse``, ``expose``...), a target seat, a role and a claim. :func:`intent_acts`
turns it into acts: the claim, the results the seat really has about the target
(from its own view, :mod:`.knowledge`), or — when it has none because it is lying —
a result of the claimed role that fits the intent; then the accusation, vote or
defence the intent implies. Every act is checked for legality as it is added.
"""

from __future__ import annotations

from ..rules.acts import Act
from ..rules.errors import IllegalAct
from ..rules.views import SeatView
from .knowledge import known_results
from .legality import check_view_acts
from .vocabulary import MAX_ACTS, vocabulary

REPORTS = frozenset(
    {
        "seer_wolf",
        "seer_good",
        "witch_saved",
        "little_girl_wolf",
        "reveal_ghoul",
        "jara_saw",
        "reveal_mafia",
        "reveal_clear",
        "reveal",
        "expose",
        "seer_report",
        "seer_center_report",
        "pi_report",
        "robber_report",
        "troublemaker_report",
        "insomniac_report",
        "mason_report",
        "little_girl_report",
        "doppel_report",
    }
)
"""Intents that report a night result."""

BAD = frozenset({"seer_wolf", "reveal_ghoul", "jara_saw", "reveal_mafia", "little_girl_wolf", "little_girl_report"})
"""Reports that the target is on the bad side (the speaker then votes for it)."""

ACCUSE = frozenset({"accuse", "suspect", "last_words_suspect"})
VOTE = frozenset({"accuse", "vote_for", "seer_wolf", "reveal_ghoul", "jara_saw", "reveal_mafia", "little_girl_wolf"})
DEFEND_SELF = frozenset({"defend", "defense"})

_FAKE_VALUE = {"bad": "bad", "good": "good"}


def intent_acts(
    view: SeatView,
    key: str,
    *,
    target: int | None = None,
    role: str | None = None,
    result: str | None = None,
    claim: str | None = None,
) -> list[Act]:
    """The acts a heuristic's intent makes (possibly none: a neutral speech)."""
    if view.seat is None:
        return []
    vocab = vocabulary(view.variant)
    acts: list[Act] = []

    def add(act: Act) -> None:
        if len(acts) >= MAX_ACTS or act in acts:
            return
        try:
            check_view_acts(view, [*acts, act])
        except IllegalAct:
            return
        acts.append(act)

    claimed = claim or (role if key in ("claim", "seer_claim", "drunk_claim") else None)
    if claimed is not None:
        add(Act("claim", role=claimed))
    bad = (
        key in BAD
        or (key == "expose" and result in ("suspicious", "bad"))
        or (key in ("reveal", "expose") and result in vocab.bad_roles)
    )
    if key in REPORTS:
        real = [a for a in known_results(view) if target is None or a.target == target]
        if claimed is not None:
            allowed = {f.id for f in vocab.facts_of(claimed)}
            real = [a for a in real if a.fact in allowed]
        for act in real[:2]:
            add(act)
        if not real and target is not None:
            fake = _fake_result(view, key, claimed or role, target, bad, role)
            if fake is not None:
                add(fake)
    if target is not None and target != view.seat:
        if key in ACCUSE or (key in REPORTS and bad):
            add(Act("accuse", target=target))
        if key in VOTE or (key in REPORTS and bad):
            add(Act("vote", target=target))
    if key in DEFEND_SELF:
        add(Act("defend", target=view.seat))
    return acts


def _fake_result(view: SeatView, key: str, claimed: str | None, target: int, bad: bool, role: str | None) -> Act | None:
    """A result of the claimed role that fits the intent (the speaker has no real one: a lie)."""
    vocab = vocabulary(view.variant)
    for fact in vocab.facts_of(claimed):
        if fact.target != "seat" or fact.other:
            continue
        if fact.values == ("bad", "good"):
            return Act("result", target=target, fact=fact.id, value="bad" if bad else "good")
        if fact.takes_role and role is not None and role != claimed:
            return Act("result", target=target, fact=fact.id, value=role)
        if not fact.values and fact.id in ("saw_wolf",) and bad:
            return Act("result", target=target, fact=fact.id)
        if not fact.values and fact.id in ("saved", "protected") and key == "witch_saved":
            return Act("result", target=target, fact=fact.id)
    return None
