"""What a seat whose card moved to the bad side says of its own card: a cover story, never the truth.

A one_night insomniac who wakes as a werewolf, or a robber who took one, now plays for the wolves.
Its records still hold the truthful results «I woke as the werewolf», «I took X's card: the
werewolf»; said aloud, they hand the village the seat's own head. Such a seat reports the result a
village seat of its dealt card would have had instead (:func:`cover`): the insomniac "woke as" its
own card, the robber "took" a plain village card. The cover is a lie (``truth.consistent`` is
``False``), so the agent marks it as a fabrication in the seat's private note like any other lie.
"""

from __future__ import annotations

from ..rules.act_vocabulary import vocabulary
from ..rules.acts import Act
from ..rules.variant import get_ruleset
from ..rules.views import SeatView
from .truth import roles_held

OWN_CARD_FACTS = frozenset({"woke_as", "robbed"})
"""Results whose value is the card the speaker holds now (the insomniac's look, the robber's take)."""
VILLAGE_SIDES = frozenset({"village", "farmers", "town"})
PLAIN_FIRST = ("villager", "hunter")
"""Covers for a taken card, best first: a card whose holder has no night result to be checked against."""
NO_COVER = frozenset({"doppelganger", "mason"})
"""Village cards no cover names: a copy or a partner the table can check the story against."""


def on_bad_side(view: SeatView) -> bool:
    """Whether the seat's current card is a bad-side card (``Ruleset.bad_roles``)."""
    return view.role in vocabulary(view.variant).bad_roles


def incriminates(view: SeatView, act: Act) -> bool:
    """Whether ``act`` is a result that tells the table the speaker now holds a bad-side card."""
    return (
        act.kind == "result"
        and act.fact in OWN_CARD_FACTS
        and act.value is not None
        and act.value in vocabulary(view.variant).bad_roles
    )


def _village_card(view: SeatView, dealt: str | None) -> str | None:
    roles = get_ruleset(view.variant).roles
    village = sorted(
        r for r in set(view.deck) if r in roles and roles[r].side in VILLAGE_SIDES and r != dealt and r not in NO_COVER
    )
    plain = [r for r in PLAIN_FIRST if r in village]
    return next(iter(plain or village), None)


def cover(view: SeatView, act: Act) -> Act | None:
    """The result a bad-side seat says instead of the self-incriminating ``act`` (``None``: nothing to
    say): the insomniac's own dealt card, the robber's take a plain village card (:data:`PLAIN_FIRST`)."""
    if not incriminates(view, act) or view.seat is None:
        return None
    held = roles_held(view.records, view.seat)
    dealt = held[0] if held else None
    value = dealt if act.fact == "woke_as" else _village_card(view, dealt)
    if value is None or value in vocabulary(view.variant).bad_roles:
        return None
    return Act("result", target=act.target, other=act.other, fact=act.fact, value=value)


def told(view: SeatView, results: list[Act]) -> list[Act]:
    """``results`` as the seat may tell them: on the bad side, each self-incriminating one replaced by
    its cover (or dropped when there is none); on any other side, unchanged."""
    if not on_bad_side(view):
        return results
    out: list[Act] = []
    for act in results:
        said = cover(view, act) if incriminates(view, act) else act
        if said is not None and said not in out:
            out.append(said)
    return out
