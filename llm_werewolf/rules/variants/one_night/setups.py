"""Standard decks and the deck limits (pure data and checks, no simulation).

The standard deck for n players holds n + 3 cards. It starts from the box's
beginner set (two Werewolves, Seer, Robber, Troublemaker, Villager) and adds
one role per extra player; at nine players the Villager gives way to the two
Masons. ``llm_werewolf.balance`` simulates other decks to suggest balanced ones.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from llm_werewolf.rules import SetupError

from .roles import (
    DOPPELGANGER,
    DRUNK,
    HUNTER,
    INSOMNIAC,
    INVESTIGATOR,
    MASON,
    MINION,
    MYSTIC_WOLF,
    ROBBER,
    SEER,
    TANNER,
    TROUBLEMAKER,
    VILLAGER,
    WEREWOLF,
    WOLF_CARDS,
)

CENTER_CARDS = 3

BEGINNER: tuple[str, ...] = (WEREWOLF, WEREWOLF, SEER, ROBBER, TROUBLEMAKER, VILLAGER)

ADDED_PER_PLAYER: Mapping[int, tuple[str, ...]] = {
    4: (INSOMNIAC,),
    5: (DRUNK,),
    6: (MINION,),
    7: (HUNTER,),
    8: (TANNER,),
    9: (MASON, MASON),  # and the Villager leaves
    10: (DOPPELGANGER,),
    11: (MYSTIC_WOLF,),
    12: (INVESTIGATOR,),
}

MAX_COPIES: Mapping[str, int] = {WEREWOLF: 4, MASON: 2, VILLAGER: 6}
"""Most copies of a card in one deck; every role not listed has one card."""


def standard_deck(players: int) -> tuple[str, ...]:
    deck = list(BEGINNER)
    for count in range(4, players + 1):
        if count == 9:
            deck.remove(VILLAGER)
        deck.extend(ADDED_PER_PLAYER[count])
    return tuple(deck)


def check_limits(deck: Sequence[str]) -> None:
    """Raise :class:`SetupError` unless ``deck`` has a wolf card and respects :data:`MAX_COPIES`."""
    if not any(card in WOLF_CARDS for card in deck):
        raise SetupError("one_night: the deck needs at least one Werewolf or Mystic Wolf card")
    for card, count in sorted(Counter(deck).items()):
        limit = MAX_COPIES.get(card, 1)
        if count > limit:
            raise SetupError(f"one_night: at most {limit} {card!r} card(s) in a deck, got {count}")
