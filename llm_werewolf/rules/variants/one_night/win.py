"""Who wins, from what every player's card counts as at the end and who died.

Each line of the win table is one small function of the same facts, so each
can be tested on its own (see docs/rules/one_night.md).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from llm_werewolf.rules import Outcome

from .roles import MINION, SIDES, TANNER, TANNER_SIDE, VILLAGE, WOLF_CARDS, WOLVES, side_of_identity

NOBODY_WINS = "nobody_wins"


@dataclass(frozen=True, slots=True)
class Facts:
    """``identities[i]``: what seat i's card counts as; ``dead``: seats voted or shot."""

    identities: tuple[str, ...]
    dead: frozenset[int]

    @property
    def wolf_players(self) -> tuple[int, ...]:
        return tuple(i for i, role in enumerate(self.identities) if role in WOLF_CARDS)

    @property
    def wolf_died(self) -> bool:
        return any(self.identities[i] in WOLF_CARDS for i in self.dead)

    @property
    def tanner_died(self) -> bool:
        return any(self.identities[i] == TANNER for i in self.dead)

    def seats_of(self, side: str) -> tuple[int, ...]:
        return tuple(i for i, role in enumerate(self.identities) if side_of_identity(role) == side)


def village_wins(facts: Facts, minion_only_death_wolfless: str = NOBODY_WINS) -> bool:
    """A werewolf died; or no player is a werewolf and nobody died (or, by the switch,
    only Minions died)."""
    if facts.wolf_died:
        return True
    if facts.wolf_players:
        return False
    if not facts.dead:
        return True
    return minion_only_death_wolfless == "village_wins" and _only_minions_died(facts)


def wolves_win(facts: Facts) -> bool:
    """Some player is a werewolf, none of them died, and no Tanner died."""
    return bool(facts.wolf_players) and not facts.wolf_died and not facts.tanner_died


def minions_winning_alone(facts: Facts) -> tuple[int, ...]:
    """No player is a werewolf: a Minion wins if someone other than him died (and no Tanner)."""
    if facts.wolf_players or facts.tanner_died:
        return ()
    return tuple(i for i, role in enumerate(facts.identities) if role == MINION and any(d != i for d in facts.dead))


def tanners_winning(facts: Facts) -> tuple[int, ...]:
    """A Tanner wins if he died."""
    return tuple(sorted(i for i in facts.dead if facts.identities[i] == TANNER))


def _only_minions_died(facts: Facts) -> bool:
    return bool(facts.dead) and all(facts.identities[i] == MINION for i in facts.dead)


def judge(identities: Sequence[str], dead: Collection[int], minion_only_death_wolfless: str = NOBODY_WINS) -> Outcome:
    facts = Facts(tuple(identities), frozenset(dead))
    winners: set[int] = set()
    sides: set[str] = set()
    reason = ""
    if village_wins(facts, minion_only_death_wolfless):
        winners.update(facts.seats_of(VILLAGE))
        sides.add(VILLAGE)
        if facts.wolf_died:
            reason = "werewolf_died"
        elif not facts.dead:
            reason = "no_werewolf_no_death"
        else:
            reason = "only_minion_died"
    elif wolves_win(facts):
        winners.update(facts.seats_of(WOLVES))
        sides.add(WOLVES)
        reason = "werewolves_survived"
    else:
        minions = minions_winning_alone(facts)
        if minions:
            winners.update(minions)
            sides.add(WOLVES)
            reason = "minion_alone_death"
    tanners = tanners_winning(facts)
    if tanners:
        winners.update(tanners)
        sides.add(TANNER_SIDE)
        reason = reason or "tanner_died"
    if not reason:
        reason = "only_minion_died" if _only_minions_died(facts) else "no_winner"
    ordered_sides = tuple(side for side in SIDES if side in sides)
    return Outcome(winners=tuple(sorted(winners)), sides=ordered_sides, reason=reason)
