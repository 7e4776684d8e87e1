"""Standard tables for 7-20 players and the checks on custom card lists.

The seed fixes no table; RULES_NOTES §3: mafia about players/4 (a Don among them
from 8 players), Sheriff always, Putana from 9, Maniac from 10, Doctor from 13
(the seed: "при 13 и более игроках за столом").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from llm_werewolf.rules import SetupError

from .roles import (
    CITIZEN,
    DOCTOR,
    DOCTOR_MIN_PLAYERS,
    DON,
    MAFIA,
    MAFIA_ROLES,
    MANIAC,
    PUTANA,
    SHERIFF,
    UNIQUE_ROLES,
)

MIN_PLAYERS = 7
MAX_PLAYERS = 20


def standard_deck(players: int) -> tuple[str, ...]:
    mafia = max(1, players // 4)
    cards: list[str] = [DON, *([MAFIA] * (mafia - 1))] if players >= 8 else [MAFIA] * mafia
    cards.append(SHERIFF)
    if players >= 9:
        cards.append(PUTANA)
    if players >= 10:
        cards.append(MANIAC)
    if players >= DOCTOR_MIN_PLAYERS:
        cards.append(DOCTOR)
    return tuple(cards) + (CITIZEN,) * (players - len(cards))


def check_cards(deck: Sequence[str], players: int) -> None:
    """Raise :class:`SetupError` for a card list the rules cannot play."""
    counts = Counter(deck)
    doubled = [role for role in UNIQUE_ROLES if counts[role] > 1]
    if doubled:
        raise SetupError(f"city_mafia: at most one card each of {', '.join(doubled)}")
    if counts[DOCTOR] and players < DOCTOR_MIN_PLAYERS:
        raise SetupError(
            f"city_mafia: the Doctor plays only with {DOCTOR_MIN_PLAYERS} or more players (this table has {players})"
        )
    mafia = sum(counts[role] for role in MAFIA_ROLES)
    if mafia == 0:
        raise SetupError("city_mafia: the deck needs at least one mafia card (mafia or don)")
    if 2 * mafia >= players:
        raise SetupError(
            f"city_mafia: {mafia} mafia cards for {players} players; the mafia must be fewer than the others"
        )
