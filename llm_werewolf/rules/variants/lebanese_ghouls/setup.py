"""Standard decks by player count and the checks a custom deck must pass."""

from __future__ import annotations

from collections.abc import Sequence

from llm_werewolf.rules import SetupError

from .roles import BASSARA, FARMER, GHOUL, JARA, SAHRA, SAYYAD, SINGLE_ROLES, UMM_LHAF

MIN_PLAYERS = 4
MAX_PLAYERS = 18


def standard_deck(players: int) -> tuple[str, ...]:
    """Ghouls = players // 4 (at least 1); Bassara always; Sahra from 7; Sayyad and Umm Lhaf
    from 8; Jara from 9; farmers fill the rest (RULES_NOTES §1)."""
    deck = [GHOUL] * max(1, players // 4) + [BASSARA]
    if players >= 7:
        deck.append(SAHRA)
    if players >= 8:
        deck += [SAYYAD, UMM_LHAF]
    if players >= 9:
        deck.append(JARA)
    deck += [FARMER] * (players - len(deck))
    return tuple(deck)


def check_deck(deck: Sequence[str]) -> None:
    """The ruleset's own checks (after the generic count and role-id checks)."""
    ghouls = sum(1 for role in deck if role == GHOUL)
    if ghouls == 0:
        raise SetupError("lebanese_ghouls needs at least one ghoul")
    others = len(deck) - ghouls
    if ghouls >= others:
        raise SetupError(f"lebanese_ghouls: {ghouls} ghouls need more players on the other side ({others} is too few)")
    doubled = sorted(role for role in SINGLE_ROLES if deck.count(role) > 1)
    if doubled:
        raise SetupError(f"lebanese_ghouls: at most one card each of {', '.join(doubled)}")
